import { concertStatusLabels, onSaleRefreshMs, type OnSaleSnapshot } from '@curtaincall/contracts';
import {
  Armchair,
  CircleDollarSign,
  DoorOpen,
  Hourglass,
  TicketCheck,
  Timer,
  type LucideIcon,
} from 'lucide-react';
import { Badge, ConsoleCard } from '@/components/console/console-page';
import { formatNumber, formatPrice } from '@/lib/format';

interface Figure {
  label: string;
  value: string;
  unit?: string;
  detail: string;
  icon: LucideIcon;
  accent: string;
}

function figuresOf(s: OnSaleSnapshot): Figure[] {
  return [
    {
      label: '대기열',
      value: formatNumber(s.queueLength),
      unit: '명',
      detail: '입장 순서를 기다리는 고객',
      icon: Hourglass,
      accent: 'text-amber-300 bg-amber-500/15',
    },
    {
      label: '입장 허용',
      value: formatNumber(s.admitted),
      unit: '명',
      detail: '지금 좌석을 고르는 고객',
      icon: DoorOpen,
      accent: 'text-sky-300 bg-sky-500/15',
    },
    {
      label: '분당 입장',
      value: s.admissionsPerMinute === null ? '-' : formatNumber(s.admissionsPerMinute),
      ...(s.admissionsPerMinute === null ? {} : { unit: '명/분' }),
      detail: '최근 1분 기준 입장 속도',
      icon: Timer,
      accent: 'text-violet-300 bg-violet-500/15',
    },
    {
      label: '좌석 선점',
      value: formatNumber(s.seatsHeld),
      unit: '석',
      detail: '선점 중이거나 결제 대기 중인 좌석',
      icon: Armchair,
      accent: 'text-orange-300 bg-orange-500/15',
    },
    {
      label: '판매 완료',
      value: formatNumber(s.seatsSold),
      unit: '석',
      detail: `전체 ${formatNumber(s.totalSeats)}석 중 잔여 ${formatNumber(s.seatsAvailable)}석`,
      icon: TicketCheck,
      accent: 'text-emerald-300 bg-emerald-500/15',
    },
    {
      label: '매출',
      value: formatPrice(s.revenue),
      detail: '결제 완료 기준, 예매 수수료 포함',
      icon: CircleDollarSign,
      accent: 'text-rose-300 bg-rose-500/15',
    },
  ];
}

const percent = (part: number, whole: number) => (whole > 0 ? (part / whole) * 100 : 0);

/** One concert's live on-sale: the six figures and the seat bar, refreshed by the page. */
export function LiveSaleBoard({
  snapshot,
  isRefreshing,
}: {
  snapshot: OnSaleSnapshot;
  isRefreshing: boolean;
}) {
  const soldPercent = percent(snapshot.seatsSold, snapshot.totalSeats);
  const heldPercent = percent(snapshot.seatsHeld, snapshot.totalSeats);
  const measuredAt = snapshot.measuredAt.slice(11, 19);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <h2 className="truncate text-xl font-bold text-white">{snapshot.title}</h2>
          <Badge tone={snapshot.status === 'ON_SALE' ? 'success' : 'neutral'}>
            {concertStatusLabels[snapshot.status]}
          </Badge>
        </div>
        <p className="flex items-center gap-2 text-sm text-zinc-400">
          <span
            aria-hidden
            className={
              isRefreshing
                ? 'size-2 animate-pulse rounded-full bg-emerald-400'
                : 'size-2 rounded-full bg-emerald-400'
            }
          />
          <span>
            {measuredAt} 기준 · {onSaleRefreshMs / 1000}초마다 자동 갱신
          </span>
        </p>
      </div>

      <dl className="grid grid-cols-2 gap-3 desktop:grid-cols-3">
        {figuresOf(snapshot).map((figure) => (
          // Only dt and dd inside a group of a dl: the icon sits inside the dt, placed beside
          // (from tablet width; two figures a row on phones leave no room for it).
          <div
            key={figure.label}
            className="relative flex min-h-24 flex-col justify-center rounded-2xl border border-surface-700 bg-surface-900/80 p-4 tablet:py-4 tablet:pr-5 tablet:pl-21"
          >
            <dt className="text-sm text-zinc-400">
              <span
                className={`absolute top-1/2 left-5 hidden size-12 -translate-y-1/2 items-center justify-center rounded-xl tablet:flex ${figure.accent}`}
              >
                <figure.icon className="size-6" aria-hidden />
              </span>
              {figure.label}
            </dt>
            <dd className="text-2xl font-bold text-white tabular-nums tablet:text-3xl">
              {figure.value}
              {figure.unit && (
                <span className="ml-1 text-base font-semibold text-zinc-400">{figure.unit}</span>
              )}
            </dd>
            <dd className="text-xs text-zinc-400">{figure.detail}</dd>
          </div>
        ))}
      </dl>

      <ConsoleCard title="좌석 현황">
        <div
          role="img"
          aria-label={`판매 완료 ${formatNumber(snapshot.seatsSold)}석, 좌석 선점 ${formatNumber(snapshot.seatsHeld)}석, 잔여 ${formatNumber(snapshot.seatsAvailable)}석`}
          className="flex h-4 w-full overflow-hidden rounded-full bg-surface-800"
        >
          <div className="h-full bg-emerald-400" style={{ width: `${soldPercent}%` }} />
          <div className="h-full bg-orange-400" style={{ width: `${heldPercent}%` }} />
        </div>
        <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm text-zinc-300">
          <li className="flex items-center gap-2">
            <span aria-hidden className="size-2.5 rounded-full bg-emerald-400" />
            판매 완료 {soldPercent.toFixed(1)}%
          </li>
          <li className="flex items-center gap-2">
            <span aria-hidden className="size-2.5 rounded-full bg-orange-400" />
            좌석 선점 {heldPercent.toFixed(1)}%
          </li>
          <li className="flex items-center gap-2">
            <span aria-hidden className="size-2.5 rounded-full bg-surface-600" />
            잔여 {formatNumber(snapshot.seatsAvailable)}석
          </li>
        </ul>
      </ConsoleCard>
    </div>
  );
}
