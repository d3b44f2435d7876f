import { checkVenueLayout, type LayoutSection } from '@curtaincall/contracts';
import type { LayoutCheckAnswer, LayoutCheckRequest } from './layout-check-messages';

/** The sections of the last layout checked, updated by each request's changed sections. */
let sections: LayoutSection[] = [];

self.onmessage = (event: MessageEvent<LayoutCheckRequest>) => {
  const { id, head, sectionCount, changed } = event.data;
  sections = sections.slice(0, sectionCount);
  for (const [index, section] of changed) sections[index] = section;
  const result = checkVenueLayout({ ...head, sections });
  const answer: LayoutCheckAnswer = { id, problems: result.ok ? [] : result.problems };
  self.postMessage(answer);
};
