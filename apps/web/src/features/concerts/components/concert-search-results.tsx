import { SearchX } from 'lucide-react';
import { Spinner } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/state-panel';
import { getErrorMessage } from '@/lib/api-client';
import { useConcertSearch } from '../api/search-concerts';
import { ConcertCard, ConcertGrid } from './concert-card';

export const searchErrorMessage = '검색 중 오류가 발생했습니다.';

/** Results of the home search: loading, error, empty and the result count (buyer-side.md §2). */
export function ConcertSearchResults({ query }: { query: string }) {
  const { data, isPending, isError, error, refetch, isFetching } = useConcertSearch(query);

  if (isPending) {
    return (
      <div className="flex justify-center py-12">
        <Spinner label="검색 중입니다" />
      </div>
    );
  }

  if (isError) {
    return (
      <ErrorState
        title={searchErrorMessage}
        description={getErrorMessage(error)}
        onRetry={() => void refetch()}
        isRetrying={isFetching}
      />
    );
  }

  if (data.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-surface-700 px-6 py-12 text-center">
        <SearchX className="size-8 text-zinc-400" aria-hidden />
        <p className="text-zinc-300">
          <strong className="text-zinc-50">‘{query}’</strong>에 대한 검색 결과가 없습니다.
        </p>
        <p className="text-sm text-zinc-400">다른 콘서트명이나 아티스트로 검색해 보세요.</p>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-5">
      <p className="text-sm text-zinc-300" aria-live="polite">
        <strong className="text-zinc-50">‘{query}’</strong> 검색 결과{' '}
        <strong className="text-rose-300">{data.length}</strong>건
      </p>
      <ConcertGrid>
        {data.map((concert) => (
          <li key={concert.concertId}>
            <ConcertCard concert={concert} />
          </li>
        ))}
      </ConcertGrid>
    </div>
  );
}
