import { addDays, fromSeoulDateTime, toSeoulDate } from '../../lib/seoul-time';

/** A deposit deadline closer than this is no use to a buyer: 가상계좌 is not offered then. */
export const MIN_DEPOSIT_LEAD_MS = 30 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/**
 * When a 가상계좌 deposit is due (issue 28): 23:59:59 Asia/Seoul of the booking day plus the
 * seller's `depositDueDays` (default 1: the next day, as Korean sites do), never after the
 * booking window closes nor later than 24 hours before the show starts (an unpaid seat must go
 * back on sale while someone can still buy it). `testMinutes` (VIRTUAL_ACCOUNT_DUE_MINUTES,
 * tests only) replaces the calendar rule with now + that many minutes, under the same caps.
 * Null when what is left is too short to be of use (less than 30 minutes, or than the test
 * deadline itself).
 */
export function depositDueAt(input: {
  now: Date;
  depositDueDays: number;
  bookingEndAt: Date;
  /** `YYYY-MM-DD` and `HH:mm[:ss]`, Asia/Seoul. */
  concertDate: string;
  startTime: string;
  testMinutes?: number | undefined;
}): Date | null {
  const { now } = input;
  const wanted =
    input.testMinutes !== undefined
      ? new Date(now.getTime() + input.testMinutes * 60_000)
      : fromSeoulDateTime(`${addDays(toSeoulDate(now), input.depositDueDays)}T23:59:59`);
  const showStart = fromSeoulDateTime(`${input.concertDate}T${input.startTime}`);
  const due = new Date(
    Math.min(wanted.getTime(), input.bookingEndAt.getTime(), showStart.getTime() - DAY_MS),
  );
  const lead =
    input.testMinutes !== undefined
      ? Math.min(MIN_DEPOSIT_LEAD_MS, input.testMinutes * 60_000)
      : MIN_DEPOSIT_LEAD_MS;
  return due.getTime() - now.getTime() >= lead ? due : null;
}
