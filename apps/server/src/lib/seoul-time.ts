/**
 * Asia/Seoul wall-clock helpers. Korea has kept UTC+9 without daylight saving since 1988, so a
 * fixed offset is exact. The wire format is `YYYY-MM-DDTHH:mm:ss` without a zone (api-contract §1.5).
 */
const SEOUL_OFFSET_MS = 9 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** `2025-10-04T19:00[:00]` (Seoul) -> the instant. */
export function fromSeoulDateTime(value: string): Date {
  const [datePart = '', timePart = '00:00:00'] = value.split('T');
  const [y, m, d] = datePart.split('-').map(Number);
  const [hh = 0, mm = 0, ss = 0] = timePart.split(':').map(Number);
  return new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1, hh, mm, ss) - SEOUL_OFFSET_MS);
}

/** The instant -> `YYYY-MM-DDTHH:mm:ss` in Seoul. */
export function toSeoulDateTime(instant: Date): string {
  return new Date(instant.getTime() + SEOUL_OFFSET_MS).toISOString().slice(0, 19);
}

/** The Seoul calendar date of an instant, `YYYY-MM-DD`. */
export function toSeoulDate(instant: Date): string {
  return toSeoulDateTime(instant).slice(0, 10);
}

/** `YYYY-MM-DD` plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1) + days * DAY_MS)
    .toISOString()
    .slice(0, 10);
}

/** Whole calendar days from `from` to `to` (both `YYYY-MM-DD`). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}
