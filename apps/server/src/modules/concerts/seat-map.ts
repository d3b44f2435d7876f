import { defaultSeatGrades } from '@curtaincall/contracts';

export interface PlannedSection {
  /** Letters only (A, B, ..., Z, AA, ...): never contains '-', so seatInfo splits cleanly. */
  name: string;
  /** Index into the grade list: 0 premium (front), 1 VIP, 2 general. */
  gradeIndex: number;
  seatCount: number;
  seatsPerRow: number;
}

/** A, B, ..., Z, AA, AB, ... */
export function sectionName(index: number): string {
  let n = index;
  let name = '';
  do {
    name = String.fromCharCode(65 + (n % 26)) + name;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return name;
}

/**
 * Splits `totalSeats` into sections of rows of seats (product-rules.md §2). Front sections get
 * the dearest grade: about 20% of sections premium, 30% VIP, the rest general, and every concert
 * of three seats or more has all three grades.
 */
export function planSeatMap(totalSeats: number): PlannedSection[] {
  if (!Number.isInteger(totalSeats) || totalSeats < 1) return [];
  const seatsPerRow =
    totalSeats <= 300 ? 10 : totalSeats <= 3_000 ? 20 : totalSeats <= 20_000 ? 30 : 50;
  const targetSectionSize =
    totalSeats <= 300 ? Math.ceil(totalSeats / 3) : totalSeats <= 3_000 ? 200 : 1_000;
  const sectionCount = Math.max(Math.min(3, totalSeats), Math.ceil(totalSeats / targetSectionSize));
  const base = Math.floor(totalSeats / sectionCount);
  const remainder = totalSeats % sectionCount;
  const premium = Math.max(1, Math.round(sectionCount * 0.2));
  const vip = Math.max(1, Math.round(sectionCount * 0.3));
  return Array.from({ length: sectionCount }, (_, i) => ({
    name: sectionName(i),
    gradeIndex: sectionCount < 3 ? 2 : i < premium ? 0 : i < premium + vip ? 1 : 2,
    seatCount: base + (i < remainder ? 1 : 0),
    seatsPerRow,
  }));
}

export const seatGradeCatalog = defaultSeatGrades;
