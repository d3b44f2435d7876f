import { concertStatusLabels } from '@curtaincall/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ConsolePage } from '@/components/console/console-page';
import { buttonStyles } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/state-panel';
import { formatConcertDate } from '@/lib/format';
import {
  invalidateConcertSeats,
  useManagedConcert,
  useManagedGrades,
  useManagedLayout,
  useSellerSeats,
  type SeatActionResult,
} from '../api/concert-seats-api';
import { useAnnouncer } from '../hooks/use-announcer';
import { gradeCountsOf } from '../utils/seat-management';
import { GradeCountsTable } from './grade-counts-table';
import { GradePriceEditor } from './grade-price-editor';
import { SeatManager } from './seat-manager';

function Loading({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-16">
      <Spinner label={label} />
    </div>
  );
}

/**
 * `/seller/concerts/:concertId/seats` (좌석 관리, issue 25, point 6): a drawn concert's seats for
 * its seller. Held seats (홀드석) are released (on sale at once, waiting fans alerted), seats are
 * stopped for good, and grade prices changed for the places not sold yet. After each action the
 * drawing and the counts are read again and the server's message is shown and announced. A
 * concert made from a seat count alone has no drawing and no holds: a note says so.
 */
export function ConcertSeatsPage() {
  const params = useParams();
  const concertId = Number(params.concertId);
  const isValidId = Number.isInteger(concertId) && concertId > 0;
  const queryClient = useQueryClient();
  const concert = useManagedConcert(isValidId ? concertId : 0);
  const layout = useManagedLayout(isValidId ? concertId : 0);
  const grades = useManagedGrades(isValidId ? concertId : 0);
  const hasLayout = layout.isSuccess && layout.data !== null;
  const seats = useSellerSeats(concertId, isValidId && hasLayout);
  const { announcement, announcementKey, announce } = useAnnouncer();
  const [result, setResult] = useState({ text: '', count: 0 });

  const refresh = () => invalidateConcertSeats(queryClient, concertId);
  const onChanged = async ({ message }: SeatActionResult) => {
    setResult((current) => ({ text: message, count: current.count + 1 }));
    await refresh();
  };

  const back = (
    <Link to="/seller/concerts/manage" className={buttonStyles({ variant: 'outline', size: 'sm' })}>
      <ArrowLeft className="size-4" aria-hidden />
      콘서트 관리로
    </Link>
  );

  if (!isValidId) {
    return (
      <ConsolePage title="좌석 관리" actions={back}>
        <ErrorState title="콘서트를 찾을 수 없습니다." />
      </ConsolePage>
    );
  }

  const isClosed = concert.data?.status === 'CANCELLED' || concert.data?.status === 'COMPLETED';
  const description = concert.data ? (
    <>
      <span className="font-semibold text-zinc-200">{concert.data.title}</span>
      {' · '}
      {formatConcertDate(concert.data.concertDate)} · {concert.data.venueName} ·{' '}
      {concertStatusLabels[concert.data.status]}
    </>
  ) : (
    '홀드석을 판매로 전환하고, 좌석 판매를 중지하고, 등급 가격을 바꾸세요.'
  );

  // The concert's own detail only titles the page: without it the seats are still managed.
  const failed = [layout, grades, seats].find((query) => query.isError);
  let content;
  if (failed?.error) {
    content = (
      <ErrorState
        title="좌석 정보를 불러오지 못했습니다."
        description={failed.error.message}
        onRetry={() => void refresh()}
        isRetrying={failed.isFetching}
      />
    );
  } else if (layout.isPending || grades.isPending || concert.isPending) {
    content = <Loading label="좌석 정보를 불러오는 중입니다" />;
  } else if (layout.data === null) {
    content = (
      <div className="flex flex-col gap-4">
        <p className="rounded-2xl border border-sky-400/30 bg-sky-500/10 px-4 py-3 text-sm text-sky-100">
          이 콘서트는 총 좌석 수로 만든 기본 배치입니다. 좌석이 좌석 수에서 자동으로 만들어져
          홀드석이 없고, 좌석 관리는 좌석 배치도로 만든 콘서트에서 할 수 있습니다.
        </p>
        {grades.data && <GradeCountsTable counts={gradeCountsOf(grades.data)} />}
      </div>
    );
  } else if (!layout.data || !seats.data || !grades.data) {
    content = <Loading label="좌석 목록을 불러오는 중입니다" />;
  } else {
    content = (
      <div className="flex flex-col gap-6">
        {isClosed && (
          <p className="rounded-2xl border border-amber-400/30 bg-amber-500/10 px-4 py-3 text-sm text-amber-100">
            취소되었거나 종료된 콘서트라 좌석과 가격을 바꿀 수 없습니다.
          </p>
        )}
        <SeatManager
          concertId={concertId}
          layout={layout.data}
          seats={seats.data}
          isClosed={isClosed}
          announce={announce}
          onChanged={onChanged}
          onRefused={() => void refresh()}
        />
        <div className="grid gap-6 desktop:grid-cols-[minmax(0,1fr)_20rem]">
          <GradeCountsTable counts={gradeCountsOf(grades.data)} />
          <GradePriceEditor
            concertId={concertId}
            grades={grades.data}
            isClosed={isClosed}
            onSaved={onChanged}
          />
        </div>
      </div>
    );
  }

  return (
    <ConsolePage title="좌석 관리" description={description} actions={back}>
      {/* The server's sentence after each action, shown and read out (a new node each time). */}
      <div role="status" aria-live="polite" aria-atomic="true" data-testid="seat-result">
        {result.text && (
          <p
            key={result.count}
            className="rounded-2xl border border-emerald-400/30 bg-emerald-500/10 px-4 py-3 text-sm text-emerald-100"
          >
            {result.text}
          </p>
        )}
      </div>
      <p
        role="status"
        aria-live="polite"
        aria-atomic="true"
        data-testid="seat-announcement"
        className="sr-only"
      >
        {/* A new node per announcement: the same sentence twice is read twice. */}
        <span key={announcementKey}>{announcement}</span>
      </p>
      {content}
    </ConsolePage>
  );
}
