import { useConcert } from '../api/get-concert';
import { useShowPerformances } from '../api/get-show-performances';
import { resolvePerformanceChoice } from '../utils/performance-choice';

/**
 * The performance the detail page of `concertId` is about, given the 회차 the URL asks for: the
 * opened concert's detail says whether it belongs to a show of several, and only then are the
 * show's performances asked for (and polled). The page and its booking button both call this;
 * they read the same cached queries.
 */
export function usePerformanceChoice(concertId: number, requestedId: number | null) {
  const entry = useConcert(concertId);
  const show = entry.data?.show;
  const performances = useShowPerformances(concertId, show?.showId);
  const choice = resolvePerformanceChoice({
    concertId,
    requestedId,
    hasShow: entry.isPending ? undefined : show !== undefined,
    performances: performances.data?.performances,
    isPerformancesPending: performances.isPending,
  });
  return { ...choice, entry, show, performances };
}
