import { clsx } from 'clsx';
import { Activity } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { ConsolePage } from '@/components/console/console-page';
import { PageSpinner } from '@/components/ui/spinner';
import { EmptyState, ErrorState } from '@/components/ui/state-panel';
import { useOnSaleSnapshot } from '@/features/admin/api/get-on-sale';
import { LiveSaleBoard } from '@/features/admin/components/live-sale-board';
import { OnSaleConcertPicker } from '@/features/admin/components/on-sale-concert-picker';

/** `?concertId=12` -> 12; anything else -> null (nothing chosen yet). */
function concertIdFrom(params: URLSearchParams): number | null {
  const value = Number(params.get('concertId'));
  return Number.isSafeInteger(value) && value >= 1 ? value : null;
}

/**
 * /admin/on-sale (issue 18): one concert's sale as it happens — waiting room, admissions, held
 * and sold seats, revenue — from the same figures as `/metrics`. The chosen concert is in the
 * address, so a link opens the same view.
 */
export function AdminOnSalePage() {
  const [params, setParams] = useSearchParams();
  const concertId = concertIdFrom(params);
  const snapshot = useOnSaleSnapshot(concertId);

  return (
    <ConsolePage
      title="실시간 판매 현황"
      description="공연을 선택하면 대기열, 입장, 좌석, 매출을 실시간으로 보여드립니다."
    >
      <div className="grid grid-cols-1 gap-6 desktop:grid-cols-[20rem_minmax(0,1fr)]">
        <OnSaleConcertPicker
          selectedId={concertId}
          onSelect={(id) => setParams({ concertId: String(id) }, { replace: true })}
        />
        <section
          aria-label="선택한 공연의 판매 현황"
          // On phones the chosen concert's figures come before the list to choose from.
          className={clsx('min-w-0', concertId !== null && 'order-first desktop:order-none')}
        >
          {concertId === null ? (
            <EmptyState
              icon={Activity}
              title="모니터링할 공연을 선택해주세요."
              description="판매 중인 공연이 목록 맨 위에 있습니다."
            />
          ) : snapshot.isPending ? (
            <PageSpinner label="판매 현황을 불러오는 중입니다" />
          ) : snapshot.isError && !snapshot.data ? (
            <ErrorState
              title="판매 현황을 불러오지 못했습니다."
              description={snapshot.error.message}
              onRetry={() => void snapshot.refetch()}
              isRetrying={snapshot.isFetching}
            />
          ) : snapshot.data ? (
            <div className="flex flex-col gap-3">
              {snapshot.isError && (
                <p
                  role="alert"
                  className="rounded-xl bg-amber-500/10 px-4 py-2 text-sm text-amber-200"
                >
                  최신 현황을 불러오지 못해 마지막으로 받은 값을 보여드립니다. 잠시 후 자동으로 다시
                  시도합니다.
                </p>
              )}
              <LiveSaleBoard snapshot={snapshot.data} isRefreshing={snapshot.isFetching} />
            </div>
          ) : null}
        </section>
      </div>
    </ConsolePage>
  );
}
