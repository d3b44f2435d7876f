/** Every date the product shows or compares is a Seoul date (product-rules.md). */
export const SEOUL_TIME_ZONE = 'Asia/Seoul';

/** Seoul has had no daylight saving since 1988: its wall clock is UTC+9. */
const seoulOffsetMs = 9 * 60 * 60 * 1000;

/** Today's date in Seoul as 'YYYY-MM-DD', the format of date inputs and of the API. */
export function todayInSeoul(now: Date = new Date()): string {
  return new Date(now.getTime() + seoulOffsetMs).toISOString().slice(0, 10);
}

/** True for a real calendar date written as 'YYYY-MM-DD'. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}
