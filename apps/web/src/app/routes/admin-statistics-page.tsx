import {
  concertStatusLabels,
  concertStatusSchema,
  type AdminStatistics,
} from '@curtaincall/contracts';
import { clsx } from 'clsx';
import { RotateCw, Table2 } from 'lucide-react';
import { useId, useState } from 'react';
import { ConsoleCard, ConsolePage } from '@/components/console/console-page';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/state-panel';
import { useAdminStatistics } from '@/features/admin/api/get-statistics';
import { DailyBarChart } from '@/features/admin/components/daily-bar-chart';
import { compactWon, shortDay } from '@/features/admin/utils/chart-scale';
import { formatConcertDate, formatDateTime, formatNumber, formatPrice } from '@/lib/format';

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className="rounded-2xl border border-surface-700 bg-surface-900/80 p-4">
      <dt className="text-sm text-zinc-400">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-white tabular-nums">{value}</dd>
      {detail && <dd className="mt-0.5 text-xs text-zinc-400">{detail}</dd>}
    </div>
  );
}

/** The busiest day of a series, for the chart's spoken summary. */
function busiest(stats: AdminStatistics, key: 'bookings' | 'revenue') {
  let best = stats.daily[0];
  for (const day of stats.daily) if (!best || day[key] > best[key]) best = day;
  return best;
}

function DailyTable({
  stats,
  isShown,
  id,
}: {
  stats: AdminStatistics;
  isShown: boolean;
  id: string;
}) {
  // Newest first: the day an admin usually asks about is today.
  const days = [...stats.daily].reverse();
  return (
    <div id={id} className={clsx(isShown ? 'mt-4 overflow-x-auto' : 'sr-only')}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">
          일별 예매와 매출 ({formatConcertDate(stats.period.from)} ~{' '}
          {formatConcertDate(stats.period.to)}, 최근 날짜부터)
        </caption>
        <thead className="text-xs text-zinc-400">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">
              날짜
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              예매
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              매출
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-white/5">
          {days.map((day) => (
            <tr key={day.date}>
              <th scope="row" className="px-3 py-1.5 font-normal text-zinc-300">
                {formatConcertDate(day.date)}
              </th>
              <td className="px-3 py-1.5 text-right text-zinc-100 tabular-nums">
                {formatNumber(day.bookings)}건
              </td>
              <td className="px-3 py-1.5 text-right text-zinc-100 tabular-nums">
                {formatPrice(day.revenue)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Report({ stats }: { stats: AdminStatistics }) {
  const [isTableShown, setTableShown] = useState(false);
  const tableId = useId();
  const topRevenue = busiest(stats, 'revenue');
  const topBookings = busiest(stats, 'bookings');
  const { users, totals } = stats;
  return (
    <>
      <section aria-labelledby="stats-summary-heading" className="flex flex-col gap-3">
        <h2 id="stats-summary-heading" className="text-lg font-bold text-white">
          한눈에 보기
        </h2>
        <dl className="grid grid-cols-2 gap-3 desktop:grid-cols-4">
          <Figure
            label="전체 회원"
            value={`${formatNumber(users.total)}명`}
            detail={`구매자 ${formatNumber(users.buyers)} · 판매자 ${formatNumber(users.sellers)} · 관리자 ${formatNumber(users.admins)}`}
          />
          <Figure label="최근 30일 신규 가입" value={`${formatNumber(users.newInPeriod)}명`} />
          <Figure label="최근 30일 예매" value={`${formatNumber(totals.bookings)}건`} />
          <Figure label="최근 30일 매출" value={formatPrice(totals.revenue)} />
        </dl>
      </section>

      <ConsoleCard title="상태별 공연">
        <dl className="grid grid-cols-2 gap-3 tablet:grid-cols-5">
          {concertStatusSchema.options.map((status) => (
            <div key={status} className="rounded-xl bg-surface-850 px-3 py-2">
              <dt className="text-xs text-zinc-400">{concertStatusLabels[status]}</dt>
              <dd className="text-xl font-bold text-white tabular-nums">
                {formatNumber(stats.concertsByStatus[status])}
                <span className="ml-0.5 text-sm font-semibold text-zinc-400">개</span>
              </dd>
            </div>
          ))}
        </dl>
      </ConsoleCard>

      <ConsoleCard
        title="일별 예매와 매출"
        actions={
          <Button
            variant="outline"
            size="sm"
            aria-expanded={isTableShown}
            aria-controls={tableId}
            onClick={() => setTableShown((shown) => !shown)}
          >
            <Table2 className="size-4" aria-hidden />
            {isTableShown ? '표 닫기' : '표로 보기'}
          </Button>
        }
      >
        <p className="mb-4 text-sm text-zinc-400">
          {formatConcertDate(stats.period.from)} ~ {formatConcertDate(stats.period.to)} · 결제 완료
          기준, 취소·환불 제외
        </p>
        <div className="grid gap-6 desktop:grid-cols-2">
          <figure className="min-w-0">
            <figcaption className="mb-2 text-sm font-semibold text-zinc-200">일별 매출</figcaption>
            <DailyBarChart
              title="일별 매출 막대 차트"
              summary={`최근 30일 매출 합계 ${formatPrice(totals.revenue)}. 가장 많은 날은 ${shortDay(topRevenue?.date ?? stats.period.to)} ${formatPrice(topRevenue?.revenue ?? 0)}. 날짜별 수치는 아래 표에 있습니다.`}
              data={stats.daily.map((day) => ({ date: day.date, value: day.revenue }))}
              formatAxis={compactWon}
              formatValue={formatPrice}
            />
          </figure>
          <figure className="min-w-0">
            <figcaption className="mb-2 text-sm font-semibold text-zinc-200">
              일별 예매 건수
            </figcaption>
            <DailyBarChart
              title="일별 예매 건수 막대 차트"
              summary={`최근 30일 예매 합계 ${formatNumber(totals.bookings)}건. 가장 많은 날은 ${shortDay(topBookings?.date ?? stats.period.to)} ${formatNumber(topBookings?.bookings ?? 0)}건. 날짜별 수치는 아래 표에 있습니다.`}
              data={stats.daily.map((day) => ({ date: day.date, value: day.bookings }))}
              formatAxis={(value) => formatNumber(value)}
              formatValue={(value) => `${formatNumber(value)}건`}
            />
          </figure>
        </div>
        <DailyTable stats={stats} isShown={isTableShown} id={tableId} />
      </ConsoleCard>
    </>
  );
}

/** /admin/statistics (issue 23): the platform's figures, the old dashboard's '통계 리포트'. */
export function AdminStatisticsPage() {
  const stats = useAdminStatistics();
  return (
    <ConsolePage
      title="통계 리포트"
      description={
        stats.data
          ? `${formatDateTime(stats.data.measuredAt)} 기준 회원, 공연, 예매와 매출 현황입니다.`
          : '회원, 공연, 예매와 매출 현황입니다.'
      }
      actions={
        <Button
          variant="outline"
          onClick={() => void stats.refetch()}
          isLoading={stats.isFetching && !stats.isPending}
        >
          {!(stats.isFetching && !stats.isPending) && <RotateCw className="size-4" aria-hidden />}
          새로고침
        </Button>
      }
    >
      {stats.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label="통계를 불러오는 중입니다" />
        </div>
      ) : stats.isError ? (
        <ErrorState
          title="통계를 불러오지 못했습니다."
          description={stats.error.message}
          onRetry={() => void stats.refetch()}
          isRetrying={stats.isFetching}
        />
      ) : (
        <Report stats={stats.data} />
      )}
    </ConsolePage>
  );
}
