import type { SellerConcert, SellerShow } from '@curtaincall/contracts';

/**
 * One entry of the manage list (issue 26): a show with the performances listed under it. A show
 * of one performance is drawn as the spec's single concert row.
 */
export interface ShowGroup {
  showId: number;
  title: string;
  artist: string;
  venueName: string;
  posterImageUrl: string | null;
  firstDate: string;
  lastDate: string;
  /** The performances listed (every one, or those of the chosen status), by date and time. */
  performances: SellerConcert[];
  /** Drawn as one concert row: the show has this performance alone. */
  isSingle: boolean;
}

function byDateAndTime(a: SellerConcert, b: SellerConcert): number {
  return a.concertDate.localeCompare(b.concertDate) || a.startTime.localeCompare(b.startTime);
}

/** A show from `GET /seller/shows`. */
export function groupFromShow(show: SellerShow): ShowGroup {
  return {
    showId: show.showId,
    title: show.title,
    artist: show.artist,
    venueName: show.venueName,
    posterImageUrl: show.posterImageUrl,
    firstDate: show.firstDate,
    lastDate: show.lastDate,
    performances: [...show.performances].sort(byDateAndTime),
    isSingle: show.performances.length === 1,
  };
}

/**
 * One status's performances (`GET /seller/concerts/status`) under their shows, newest
 * registration first as the list is. A performance whose show has others on sale (its `show`
 * summary) keeps its group, so the seller still sees which show it belongs to.
 */
export function groupsFromConcerts(concerts: readonly SellerConcert[]): ShowGroup[] {
  const sorted = [...concerts].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const groups = new Map<number, SellerConcert[]>();
  for (const concert of sorted) {
    const members = groups.get(concert.showId);
    if (members) members.push(concert);
    else groups.set(concert.showId, [concert]);
  }
  return [...groups.entries()].map(([showId, members]) => {
    const performances = members.sort(byDateAndTime);
    const [first] = performances;
    const last = performances.at(-1);
    const summary = performances.find((concert) => concert.show)?.show;
    return {
      showId,
      title: first?.title ?? '',
      artist: first?.artist ?? '',
      venueName: first?.venueName ?? '',
      posterImageUrl: first?.posterImageUrl ?? null,
      firstDate: summary?.firstDate ?? first?.concertDate ?? '',
      lastDate: summary?.lastDate ?? last?.concertDate ?? '',
      performances,
      isSingle: performances.length === 1 && !summary,
    };
  });
}

/** A page of the groups (the status lists come unpaged and are paged here). */
export function pageOfGroups(groups: readonly ShowGroup[], page: number, size: number) {
  const totalPages = Math.ceil(groups.length / size);
  const number = Math.min(page, Math.max(0, totalPages - 1));
  return {
    content: groups.slice(number * size, (number + 1) * size),
    number,
    size,
    totalElements: groups.length,
    totalPages,
  };
}

/** Performances still to be played or sold (neither cancelled nor completed). */
export function openPerformances(group: ShowGroup): SellerConcert[] {
  return group.performances.filter(
    (concert) => concert.status !== 'CANCELLED' && concert.status !== 'COMPLETED',
  );
}

/** Sold and total seats of the performances that still count (all of them if none does). */
export function showSeats(group: ShowGroup): { sold: number; total: number } {
  const counted = group.performances.filter((concert) => concert.status !== 'CANCELLED');
  const list = counted.length > 0 ? counted : group.performances;
  return list.reduce(
    (sum, concert) => ({
      sold: sum.sold + concert.soldSeats,
      total: sum.total + concert.totalSeats,
    }),
    { sold: 0, total: 0 },
  );
}

/**
 * The performance the show's AI summary is read from and regenerated on: the last one not
 * cancelled (the summary belongs to the show; the last is the one still before its start).
 */
export function summaryPerformance(group: ShowGroup): SellerConcert | undefined {
  const notCancelled = group.performances.filter((concert) => concert.status !== 'CANCELLED');
  return notCancelled.at(-1) ?? group.performances.at(-1);
}
