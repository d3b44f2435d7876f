import { limits } from '@curtaincall/contracts';
import { CircleAlert, RotateCw, Ticket } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/api-client';
import { useFeaturedConcerts } from '../api/get-concerts';
import { ConcertCard, ConcertCardSkeleton, ConcertGrid, firstScreenCards } from './concert-card';

export const featuredConcertsErrorMessage = '콘서트 목록을 불러오는 중 오류가 발생했습니다.';
export const noConcertsMessage = '등록된 콘서트가 없습니다.';

/** The home page's 4 featured concerts, with loading, error and empty states. */
export function FeaturedConcerts() {
  const { data, isPending, isError, error, refetch, isFetching } = useFeaturedConcerts();

  if (isPending) {
    return (
      <ConcertGrid>
        {Array.from({ length: limits.homeFeaturedConcerts }, (_, index) => (
          <li key={index}>
            <ConcertCardSkeleton />
          </li>
        ))}
      </ConcertGrid>
    );
  }

  if (isError) {
    return (
      <div
        role="alert"
        className="flex flex-col items-center gap-4 rounded-2xl border border-surface-700 bg-surface-900/70 px-6 py-12 text-center"
      >
        <CircleAlert className="size-8 text-rose-300" aria-hidden />
        <div>
          <p className="font-semibold text-zinc-100">{featuredConcertsErrorMessage}</p>
          <p className="mt-1 text-sm text-zinc-400">{getErrorMessage(error)}</p>
        </div>
        <Button variant="outline" size="sm" onClick={() => void refetch()} isLoading={isFetching}>
          <RotateCw className="size-4" aria-hidden />
          다시 시도
        </Button>
      </div>
    );
  }

  if (data.content.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-surface-700 px-6 py-14 text-center text-zinc-400">
        <Ticket className="size-8 text-zinc-400" aria-hidden />
        <p>{noConcertsMessage}</p>
      </div>
    );
  }

  return (
    <ConcertGrid>
      {data.content.map((concert, index) => (
        <li key={concert.concertId}>
          <ConcertCard concert={concert} priority={index < firstScreenCards} />
        </li>
      ))}
    </ConcertGrid>
  );
}
