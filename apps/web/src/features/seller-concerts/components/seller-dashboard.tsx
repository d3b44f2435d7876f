import type { SellerDashboard, SellerDashboardConcert } from '@curtaincall/contracts';
import { clsx } from 'clsx';
import { CalendarClock, Armchair, Receipt, Ticket, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button';
import { ConsoleCard } from '@/components/console/console-page';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState, ErrorState } from '@/components/ui/state-panel';
import { formatConcertSchedule, formatDateTime, formatNumber, formatPrice } from '@/lib/format';
import { useSellerDashboard } from '../api/get-seller-dashboard';
import { SeatsSold } from './seats-sold';
import { SellerConcertStatus } from './seller-concert-status';

function Figure({
  label,
  value,
  icon: Icon,
}: {
  label: string;
  value: string | undefined;
  icon: LucideIcon;
}) {
  // dt and dd are direct children of the group, as a description list requires.
  return (
    <div className="rounded-2xl border border-surface-700 bg-surface-900/80 p-4">
      <dt className="flex items-center gap-2 text-sm text-zinc-400">
        <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-rose-500/15 text-rose-300">
          <Icon className="size-4" aria-hidden />
        </span>
        {label}
      </dt>
      <dd className="mt-2 text-2xl font-bold text-white tabular-nums">
        {value ?? <Skeleton className="h-7 w-20" />}
      </dd>
    </div>
  );
}

/** Today's paid bookings of the seller's concerts: bookings, seats, revenue. */
function TodaySales({ dashboard }: { dashboard: SellerDashboard | undefined }) {
  const today = dashboard?.today;
  return (
    <section aria-labelledby="seller-today-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="seller-today-heading" className="text-lg font-bold text-white">
          오늘 판매 현황
        </h2>
        {dashboard && (
          <p className="text-xs text-zinc-400">
            {formatDateTime(dashboard.measuredAt)} 기준 · 결제 완료, 취소 제외
          </p>
        )}
      </div>
      <dl className="grid gap-3 tablet:grid-cols-3">
        <Figure
          label="오늘 예매"
          value={today && `${formatNumber(today.bookings)}건`}
          icon={Ticket}
        />
        <Figure
          label="판매 좌석"
          value={today && `${formatNumber(today.seats)}석`}
          icon={Armchair}
        />
        <Figure label="오늘 매출" value={today && formatPrice(today.revenue)} icon={Receipt} />
      </dl>
    </section>
  );
}

function ConcertRow({
  concert,
  kind,
}: {
  concert: SellerDashboardConcert;
  kind: 'onSale' | 'upcoming';
}) {
  return (
    <li className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 tablet:flex-row tablet:items-center tablet:gap-4">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <SellerConcertStatus status={concert.status} />
          <Link
            to={`/concerts/${concert.concertId}`}
            className="font-semibold break-words text-white hover:underline"
          >
            {concert.title}
          </Link>
        </div>
        <p className="mt-1 text-sm text-zinc-400">
          {formatConcertSchedule(concert.concertDate, concert.startTime)} · {concert.venueName}
        </p>
        {kind === 'upcoming' && (
          <p className="mt-0.5 flex items-center gap-1 text-sm text-sky-200">
            <CalendarClock className="size-4 shrink-0" aria-hidden />
            예매 오픈 {formatDateTime(concert.bookingStartDate)}
          </p>
        )}
      </div>
      <SeatsSold sold={concert.soldSeats} total={concert.totalSeats} className="tablet:w-56" />
    </li>
  );
}

/** Concerts listed per group on the home; the manage page has them all. */
export const dashboardListSize = 6;

function ConcertGroup({
  title,
  concerts,
  kind,
  emptyText,
}: {
  title: string;
  concerts: SellerDashboardConcert[] | undefined;
  kind: 'onSale' | 'upcoming';
  emptyText: string;
}) {
  return (
    <ConsoleCard title={title}>
      {concerts === undefined ? (
        <div className="flex flex-col gap-3" aria-hidden>
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
        </div>
      ) : concerts.length === 0 ? (
        <EmptyState compact icon={Ticket} title={emptyText} />
      ) : (
        <>
          <ul className="divide-y divide-white/5" aria-label={title}>
            {concerts.slice(0, dashboardListSize).map((concert) => (
              <ConcertRow key={concert.concertId} concert={concert} kind={kind} />
            ))}
          </ul>
          {concerts.length > dashboardListSize && (
            <Link
              to="/seller/concerts/manage"
              className={clsx(
                buttonStyles({ variant: 'outline', size: 'sm', fullWidth: true }),
                'mt-4',
              )}
            >
              {title} {concerts.length}개 모두 보기
            </Link>
          )}
        </>
      )}
    </ConsoleCard>
  );
}

/** The seller home's figures (issue 23): today's sales, concerts on sale and upcoming. */
export function SellerDashboardPanel() {
  const dashboard = useSellerDashboard(true);
  if (dashboard.isError) {
    return (
      <ErrorState
        title="판매 현황을 불러오지 못했습니다."
        description={dashboard.error.message}
        onRetry={() => void dashboard.refetch()}
        isRetrying={dashboard.isFetching}
      />
    );
  }
  return (
    <>
      <TodaySales dashboard={dashboard.data} />
      <div className="grid gap-4 desktop:grid-cols-2">
        <ConcertGroup
          title="판매 중인 공연"
          concerts={dashboard.data?.onSale}
          kind="onSale"
          emptyText="지금 판매 중인 공연이 없습니다."
        />
        <ConcertGroup
          title="판매 예정 공연"
          concerts={dashboard.data?.upcoming}
          kind="upcoming"
          emptyText="예매 오픈을 기다리는 공연이 없습니다."
        />
      </div>
    </>
  );
}
