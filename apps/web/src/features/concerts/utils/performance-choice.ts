import type { ConcertDetail, PerformanceAvailability } from '@curtaincall/contracts';

/**
 * The chosen 회차 lives in `?performance={concertId}` on the detail route of the concert the
 * buyer opened (the catalogue's entry for the show). The path stays the spec's
 * `/concerts/{concertId}`: changing it would make the shell treat each choice as a new page
 * (scroll to the top, focus on the heading, the transition overlay) and lose the buyer's place
 * in the calendar. Without the parameter the page is exactly the spec's detail page.
 */
export const performanceSearchParam = 'performance';

/** A positive whole number from the URL, else null (a broken value is ignored, not an error). */
export function parsePerformanceParam(raw: string | null): number | null {
  if (raw === null || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

/** Performances by date ('YYYY-MM-DD'), each date's by start time. */
export function performancesByDate(
  performances: readonly PerformanceAvailability[],
): Map<string, PerformanceAvailability[]> {
  const sorted = [...performances].sort(
    (a, b) =>
      a.concertDate.localeCompare(b.concertDate) ||
      a.startTime.localeCompare(b.startTime) ||
      a.concertId - b.concertId,
  );
  const byDate = new Map<string, PerformanceAvailability[]>();
  for (const performance of sorted) {
    const list = byDate.get(performance.concertDate);
    if (list) list.push(performance);
    else byDate.set(performance.concertDate, [performance]);
  }
  return byDate;
}

/**
 * The time a date's choice lands on: the first on sale, else the first still to come (예정됨,
 * 매진), else the first. The buyer sees every time of the date and may pick another.
 */
export function defaultPerformanceOf(
  performances: readonly PerformanceAvailability[],
): PerformanceAvailability | undefined {
  return (
    performances.find((p) => p.status === 'ON_SALE') ??
    performances.find((p) => p.status !== 'CANCELLED' && p.status !== 'COMPLETED') ??
    performances[0]
  );
}

export interface PerformanceChoice {
  /** The performance the page shows and 예매하기 books. */
  concertId: number;
  /** The URL asks for another performance that cannot be checked yet: wait rather than flash. */
  isResolving: boolean;
}

/**
 * Which performance the page is about: the one the URL asks for when it is a performance of the
 * opened concert's show, else the opened concert (a stale or foreign id is ignored, so the path
 * alone decides what a bad link shows).
 */
export function resolvePerformanceChoice({
  concertId,
  requestedId,
  hasShow,
  performances,
  isPerformancesPending,
}: {
  concertId: number;
  requestedId: number | null;
  /** undefined while the opened concert loads. */
  hasShow: boolean | undefined;
  performances: readonly PerformanceAvailability[] | undefined;
  isPerformancesPending: boolean;
}): PerformanceChoice {
  if (requestedId === null || requestedId === concertId) return { concertId, isResolving: false };
  if (hasShow === undefined) return { concertId, isResolving: true };
  if (!hasShow) return { concertId, isResolving: false };
  if (performances?.some((p) => p.concertId === requestedId)) {
    return { concertId: requestedId, isResolving: false };
  }
  return { concertId, isResolving: performances === undefined && isPerformancesPending };
}

/**
 * A performance's detail before its own answer arrives: the show's shared fields (the same on
 * every performance) from a detail already loaded, the performance's own date, times, status,
 * booking window, seats and prices from the performances list. Shown only as placeholder data,
 * so the page keeps its place (and focus) while the real detail loads.
 */
export function withPerformance<T extends ConcertDetail>(
  detail: T,
  performance: PerformanceAvailability,
): T {
  return {
    ...detail,
    concertId: performance.concertId,
    concertDate: performance.concertDate,
    startTime: performance.startTime,
    endTime: performance.endTime,
    status: performance.status,
    bookingStartDate: performance.bookingStartDate,
    bookingEndDate: performance.bookingEndDate,
    totalSeats: performance.totalSeats,
    seatGrades: performance.grades
      .filter((grade) => grade.totalPlaces > 0)
      .map((grade) => ({ name: grade.name, price: grade.price }))
      .sort((a, b) => b.price - a.price),
  };
}
