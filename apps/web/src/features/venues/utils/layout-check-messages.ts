import type { LayoutSection, VenueLayout } from '@curtaincall/contracts';

/**
 * One check asked of the layout-check worker. The worker keeps the last layout it was sent, so
 * a request carries the document without its sections, how many sections there are, and only
 * the sections that are new objects since the last request (an edit replaces only the sections
 * it touches): copying a 1,000-seat paint to the worker costs a 1,000-seat copy, not 50,000.
 */
export interface LayoutCheckRequest {
  id: number;
  head: Omit<VenueLayout, 'sections'>;
  sectionCount: number;
  changed: Array<[index: number, section: LayoutSection]>;
}

export interface LayoutCheckAnswer {
  id: number;
  problems: string[];
}
