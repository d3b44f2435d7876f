import {
  formatPerformanceLabel,
  formatShowDateRange,
  showMessages,
  type SellerConcert,
} from '@curtaincall/contracts';
import { clsx } from 'clsx';
import {
  Armchair,
  Ban,
  CalendarPlus,
  CalendarX2,
  CornerDownRight,
  Pencil,
  Sparkles,
  Tags,
} from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/console/console-page';
import { Button, buttonStyles } from '@/components/ui/button';
import { formatConcertDate, formatTimeRange } from '@/lib/format';
import { rowLocks } from '../utils/row-locks';
import {
  openPerformances,
  showSeats,
  summaryPerformance,
  type ShowGroup,
} from '../utils/show-groups';
import {
  AiSummaryText,
  lockedLook,
  RefundProgress,
  timestampLabel,
  type ListActions,
} from './concert-row-parts';
import { SeatsSold } from './seats-sold';
import { SellerConcertPoster } from './seller-concert-poster';
import { SellerConcertStatus } from './seller-concert-status';

/**
 * In the table the buttons may break their words over two lines, so the 관리 column stays as
 * narrow as a single concert's and the AI column is not pushed past 1280 px.
 */
const wrapInTable = 'h-auto! min-h-9 py-1.5 text-left whitespace-normal! [&_svg]:shrink-0';

/** Why the show's own buttons are off: nothing left to edit or cancel. */
const noOpenPerformance = '수정하거나 취소할 수 있는 회차가 없습니다.';

/** '2026.12.20 ~ 12.22 · 3회' (the catalogue card's words for a show's dates). */
function dateRange(group: ShowGroup): string {
  return formatShowDateRange({
    firstDate: group.firstDate,
    lastDate: group.lastDate,
    performanceCount: group.performances.length,
  });
}

/**
 * The first date on one line, the rest of the range and the count under it ('~ 12.22 · 3회'),
 * so the table's date column is no wider than a single concert's.
 */
function DateRangeLines({ group }: { group: ShowGroup }) {
  const [range = '', count = ''] = dateRange(group).split(' · ');
  const [first = range, last] = range.split(' ~ ');
  return (
    <>
      <p>{first}</p>
      <p className="text-xs text-zinc-400">{last ? `~ ${last} · ${count}` : count}</p>
    </>
  );
}

/** '커튼콜 쇼케이스 2026.12.20(일) 18:00': a performance named for its buttons. */
function performanceName(group: ShowGroup, concert: SellerConcert): string {
  return `${group.title} ${formatPerformanceLabel(concert.concertDate, concert.startTime)}`;
}

/** The show's buttons (issue 26): 회차 추가, 공연 정보 수정, AI 요약, 공연 전체 취소. */
function ShowGroupActions({
  group,
  actions,
  isStacked = false,
}: {
  group: ShowGroup;
  actions: ListActions;
  isStacked?: boolean;
}) {
  const hasOpen = openPerformances(group).length > 0;
  const summary = summaryPerformance(group);
  const aiLock = summary ? rowLocks(summary, new Date()).aiSummary : noOpenPerformance;
  return (
    <div className="flex flex-col gap-1.5">
      <div className={isStacked ? 'flex flex-col items-stretch gap-1.5' : 'flex flex-wrap gap-2'}>
        <Button
          variant="outline"
          size="sm"
          onClick={() => actions.onAddPerformance(group)}
          className={clsx(isStacked && wrapInTable)}
          aria-label={`${group.title} 회차 추가`}
        >
          <CalendarPlus className="size-4" aria-hidden />
          회차 추가
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => actions.onEditShow(group)}
          disabled={!hasOpen}
          title={hasOpen ? undefined : noOpenPerformance}
          className={clsx(lockedLook, isStacked && wrapInTable)}
          aria-label={`${group.title} 공연 정보 수정`}
        >
          <Pencil className="size-4" aria-hidden />
          공연 정보 수정
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => summary && actions.onAiSummary(summary)}
          disabled={aiLock !== null}
          title={aiLock ?? undefined}
          className={clsx(lockedLook, isStacked && wrapInTable)}
          aria-label={`${group.title} AI 요약 재생성`}
        >
          <Sparkles className="size-4" aria-hidden />
          AI 요약
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => actions.onCancelShow(group)}
          disabled={!hasOpen}
          title={hasOpen ? undefined : showMessages.nothingToCancel}
          className={clsx(lockedLook, isStacked && wrapInTable)}
          aria-label={`${group.title} 공연 전체 취소`}
        >
          <CalendarX2 className="size-4" aria-hidden />
          공연 전체 취소
        </Button>
      </div>
      {!hasOpen && (
        <p className={clsx(isStacked && 'max-w-40', 'text-xs text-zinc-400')}>
          {noOpenPerformance}
        </p>
      )}
    </div>
  );
}

/** One performance's buttons: 수정, 좌석 관리, 권종·할인, 이 회차 취소 (per performance). */
function PerformanceActions({
  group,
  concert,
  actions,
  isStacked = false,
}: {
  group: ShowGroup;
  concert: SellerConcert;
  actions: ListActions;
  isStacked?: boolean;
}) {
  const locks = rowLocks(concert, new Date());
  const name = performanceName(group, concert);
  const note =
    concert.status === 'CANCELLED'
      ? '취소된 회차는 수정할 수 없습니다.'
      : concert.status === 'COMPLETED'
        ? '종료된 회차는 수정과 취소를 할 수 없습니다.'
        : null;
  return (
    <div className="flex flex-col gap-1.5">
      <div className={isStacked ? 'flex flex-col items-stretch gap-1.5' : 'flex flex-wrap gap-2'}>
        <Button
          variant="outline"
          size="sm"
          onClick={() => actions.onEdit(concert, true)}
          disabled={locks.edit !== null}
          title={locks.edit ?? undefined}
          className={clsx(lockedLook, isStacked && wrapInTable)}
          aria-label={`${name} 수정`}
        >
          <Pencil className="size-4" aria-hidden />
          수정
        </Button>
        <Link
          to={`/seller/concerts/${concert.concertId}/seats`}
          className={clsx(
            buttonStyles({ variant: 'outline', size: 'sm' }),
            isStacked && wrapInTable,
          )}
          aria-label={`${name} 좌석 관리`}
        >
          <Armchair className="size-4" aria-hidden />
          좌석 관리
        </Link>
        <Link
          to={`/seller/concerts/${concert.concertId}/pricing`}
          className={clsx(
            buttonStyles({ variant: 'outline', size: 'sm' }),
            isStacked && wrapInTable,
          )}
          aria-label={`${name} 권종·할인`}
        >
          <Tags className="size-4" aria-hidden />
          권종·할인
        </Link>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => actions.onCancel(concert, true)}
          disabled={locks.cancel !== null}
          title={locks.cancel ?? undefined}
          className={clsx(lockedLook, isStacked && wrapInTable)}
          aria-label={`${name} 이 회차 취소`}
        >
          <Ban className="size-4" aria-hidden />이 회차 취소
        </Button>
      </div>
      {note && <p className={clsx(isStacked && 'max-w-40', 'text-xs text-zinc-400')}>{note}</p>}
    </div>
  );
}

/**
 * A show of several performances in the table: a row for the show (its shared fields, dates,
 * seats of all performances, AI summary and its buttons), then a row per performance.
 */
export function ShowGroupRows({ group, actions }: { group: ShowGroup; actions: ListActions }) {
  const seats = showSeats(group);
  const summary = summaryPerformance(group);
  const stamp = summary ? timestampLabel(summary) : null;
  return (
    <>
      <tr className="bg-white/[0.015] align-top">
        <td className="min-w-44 px-3 py-3">
          <div className="flex items-start gap-3">
            <div className="w-12 shrink-0 overflow-hidden rounded-md bg-surface-950">
              <SellerConcertPoster src={group.posterImageUrl} title={group.title} />
            </div>
            <div className="min-w-0">
              <p className="font-semibold break-words text-white">{group.title}</p>
              <p className="text-xs text-zinc-400">{group.artist}</p>
              {stamp && (
                <p className="mt-1 text-xs whitespace-nowrap text-zinc-400">
                  <span className="mr-1">{stamp.label}</span>
                  {stamp.value}
                </p>
              )}
            </div>
          </div>
        </td>
        <td className="px-3 py-3">
          <Badge tone="info">{group.performances.length}회차</Badge>
        </td>
        <td className="px-3 py-3 whitespace-nowrap text-zinc-200">
          <DateRangeLines group={group} />
        </td>
        <td className="min-w-36 px-3 py-3 text-zinc-200">
          <p className="mb-1">{group.venueName}</p>
          <SeatsSold sold={seats.sold} total={seats.total} />
        </td>
        <td className="min-w-40 px-3 py-3">
          <AiSummaryText text={summary?.aiSummary ?? null} />
        </td>
        {/* Wide enough for '권종·할인' on one line: auto layout otherwise squeezes it letter by letter. */}
        <td className="min-w-36 px-3 py-3">
          <ShowGroupActions group={group} actions={actions} isStacked />
        </td>
      </tr>
      {group.performances.map((concert, index) => (
        <tr key={concert.concertId} className="align-top hover:bg-white/[0.02]">
          <td className="px-3 py-3">
            <p className="flex items-center gap-2 pl-4 text-sm font-semibold text-zinc-200">
              <CornerDownRight className="size-4 text-zinc-500" aria-hidden />
              {index + 1}회차
            </p>
          </td>
          <td className="px-3 py-3">
            <div className="flex flex-col items-start gap-1.5">
              <SellerConcertStatus status={concert.status} />
              <RefundProgress concert={concert} />
            </div>
          </td>
          <td className="px-3 py-3 whitespace-nowrap text-zinc-200">
            <p>{formatConcertDate(concert.concertDate)}</p>
            <p className="text-xs text-zinc-400">
              {formatTimeRange(concert.startTime, concert.endTime)}
            </p>
          </td>
          <td className="px-3 py-3">
            <SeatsSold sold={concert.soldSeats} total={concert.totalSeats} />
          </td>
          <td className="px-3 py-3" />
          <td className="min-w-36 px-3 py-3">
            <PerformanceActions group={group} concert={concert} actions={actions} isStacked />
          </td>
        </tr>
      ))}
    </>
  );
}

/** A show of several performances on a phone: the show's card with its performances listed. */
export function ShowGroupCard({
  group,
  actions,
  cardRef,
}: {
  group: ShowGroup;
  actions: ListActions;
  cardRef: ((element: HTMLLIElement | null) => void) | undefined;
}) {
  const seats = showSeats(group);
  const summary = summaryPerformance(group);
  return (
    <li
      ref={cardRef}
      className="flex flex-col gap-3 rounded-2xl border border-surface-700 bg-surface-900/70 p-4"
    >
      <div className="flex gap-3">
        <div className="w-20 shrink-0 overflow-hidden rounded-lg bg-surface-950">
          <SellerConcertPoster src={group.posterImageUrl} title={group.title} />
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <div>
            <Badge tone="info">{group.performances.length}회차</Badge>
          </div>
          <p className="font-semibold break-words text-white">{group.title}</p>
          <p className="text-sm text-zinc-400">{group.artist}</p>
        </div>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-zinc-400">공연 기간</dt>
        <dd className="text-zinc-100">{dateRange(group)}</dd>
        <dt className="text-zinc-400">공연장</dt>
        <dd className="break-words text-zinc-100">{group.venueName}</dd>
        <dt className="text-zinc-400">판매 좌석</dt>
        <dd>
          <SeatsSold sold={seats.sold} total={seats.total} />
        </dd>
        <dt className="text-zinc-400">AI 요약</dt>
        <dd className="min-w-0">
          <AiSummaryText text={summary?.aiSummary ?? null} />
        </dd>
      </dl>
      <ShowGroupActions group={group} actions={actions} />
      <ul
        aria-label={`${group.title} 회차 목록`}
        className="flex flex-col gap-2 border-t border-white/5 pt-3"
      >
        {group.performances.map((concert, index) => (
          <li
            key={concert.concertId}
            className="flex flex-col gap-2 rounded-xl border border-surface-700 bg-surface-950/50 p-3"
          >
            <div className="flex flex-wrap items-center gap-1.5">
              <span className="text-sm font-semibold text-white">{index + 1}회차</span>
              <SellerConcertStatus status={concert.status} />
              <RefundProgress concert={concert} />
            </div>
            <p className="text-sm text-zinc-100">
              {formatConcertDate(concert.concertDate)}{' '}
              {formatTimeRange(concert.startTime, concert.endTime)}
            </p>
            <SeatsSold sold={concert.soldSeats} total={concert.totalSeats} />
            <PerformanceActions group={group} concert={concert} actions={actions} />
          </li>
        ))}
      </ul>
    </li>
  );
}
