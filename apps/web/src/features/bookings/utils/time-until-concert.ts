const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export const concertEndedText = '공연 종료';
export const concertStartingSoonText = '곧 시작';

/**
 * The instant a concert starts. Wire dates and times are Seoul wall-clock values without a
 * zone (api-contract.md §1.5); Korea has no daylight saving time, so +09:00 is always right,
 * whatever zone the buyer's device is in. Null for values that are not a real date and time.
 */
export function concertStartInstant(concertDate: string, startTime: string): Date | null {
  const time = /^\d{2}:\d{2}$/.test(startTime) ? `${startTime}:00` : startTime;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(concertDate) || !/^\d{2}:\d{2}:\d{2}$/.test(time)) return null;
  const instant = new Date(`${concertDate}T${time}+09:00`);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/**
 * The time left until the concert starts, in the five phrasings of buyer-side.md §4: days and
 * hours, hours and minutes, minutes, starting soon (under a minute), or ended (start reached).
 * Null when the date or time is unusable.
 */
export function formatTimeUntilConcert(
  concertDate: string,
  startTime: string,
  now: Date,
): string | null {
  const start = concertStartInstant(concertDate, startTime);
  if (!start) return null;
  const left = start.getTime() - now.getTime();
  if (left <= 0) return concertEndedText;
  if (left < MINUTE_MS) return concertStartingSoonText;
  const days = Math.floor(left / DAY_MS);
  const hours = Math.floor((left % DAY_MS) / HOUR_MS);
  const minutes = Math.floor((left % HOUR_MS) / MINUTE_MS);
  if (days > 0) return `${days}일 ${hours}시간 남음`;
  if (hours > 0) return `${hours}시간 ${minutes}분 남음`;
  return `${minutes}분 남음`;
}
