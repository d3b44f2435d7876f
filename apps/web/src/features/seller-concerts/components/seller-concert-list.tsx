import type { SellerConcert } from '@curtaincall/contracts';
import { clsx } from 'clsx';
import { Armchair, Ban, CalendarPlus, Pencil, Sparkles, Tags } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonStyles } from '@/components/ui/button';
import { formatConcertDate, formatTimeRange } from '@/lib/format';
import { rowLocks } from '../utils/row-locks';
import type { ShowGroup } from '../utils/show-groups';
import {
  AiSummaryText,
  lockedLook,
  RefundProgress,
  timestampLabel,
  type ConcertRowActions,
  type ListActions,
} from './concert-row-parts';
import { SeatsSold } from './seats-sold';
import { SellerConcertPoster } from './seller-concert-poster';
import { SellerConcertStatus } from './seller-concert-status';
import { ShowGroupCard, ShowGroupRows } from './show-group';

export type { ConcertRowActions, ListActions, ShowActions } from './concert-row-parts';

interface SellerConcertListProps extends ListActions {
  groups: ShowGroup[];
  /** Receives the first card of the phone list (the floating add button keeps off it). */
  firstCardRef?: (element: HTMLLIElement | null) => void;
}

/** A concert's own buttons: 수정, 좌석 관리, 권종·할인, AI 요약, 취소, and 회차 추가 for its show. */
function RowActions({
  concert,
  onEdit,
  onCancel,
  onAiSummary,
  onAddPerformance,
  isStacked = false,
}: {
  concert: SellerConcert;
  isStacked?: boolean;
  /** Issue 26: another performance of this concert's show. */
  onAddPerformance: () => void;
} & ConcertRowActions) {
  // The server's own rules and words (issue 23): a button it would refuse is disabled, and why
  // is written under the buttons, where a disabled button's tooltip would never be read.
  const locks = rowLocks(concert, new Date());
  return (
    <div className="flex flex-col gap-1.5">
      <div className={isStacked ? 'flex flex-col items-stretch gap-1.5' : 'flex flex-wrap gap-2'}>
        <Button
          variant="outline"
          size="sm"
          onClick={() => onEdit(concert, false)}
          disabled={locks.edit !== null}
          title={locks.edit ?? undefined}
          className={lockedLook}
          aria-label={`${concert.title} 수정`}
        >
          <Pencil className="size-4" aria-hidden />
          수정
        </Button>
        <Link
          to={`/seller/concerts/${concert.concertId}/seats`}
          className={buttonStyles({ variant: 'outline', size: 'sm' })}
          aria-label={`${concert.title} 좌석 관리`}
        >
          <Armchair className="size-4" aria-hidden />
          좌석 관리
        </Link>
        <Link
          to={`/seller/concerts/${concert.concertId}/pricing`}
          className={buttonStyles({ variant: 'outline', size: 'sm' })}
          aria-label={`${concert.title} 권종·할인`}
        >
          <Tags className="size-4" aria-hidden />
          권종·할인
        </Link>
        <Button
          variant="outline"
          size="sm"
          onClick={() => onAiSummary(concert)}
          disabled={locks.aiSummary !== null}
          title={locks.aiSummary ?? undefined}
          className={lockedLook}
          aria-label={`${concert.title} AI 요약 재생성`}
        >
          <Sparkles className="size-4" aria-hidden />
          AI 요약
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => onCancel(concert, false)}
          disabled={locks.cancel !== null}
          title={locks.cancel ?? undefined}
          className={lockedLook}
          aria-label={`${concert.title} 취소`}
        >
          <Ban className="size-4" aria-hidden />
          취소
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={onAddPerformance}
          aria-label={`${concert.title} 회차 추가`}
        >
          <CalendarPlus className="size-4" aria-hidden />
          회차 추가
        </Button>
      </div>
      {locks.note && (
        <p className={clsx(isStacked && 'max-w-40', 'text-xs text-zinc-400')}>{locks.note}</p>
      )}
    </div>
  );
}

/** A show of one performance in the table: the spec's concert row. */
function ConcertTableRow({
  concert,
  group,
  actions,
}: {
  concert: SellerConcert;
  group: ShowGroup;
  actions: ListActions;
}) {
  const stamp = timestampLabel(concert);
  return (
    <tr className="align-top hover:bg-white/[0.02]">
      <td className="min-w-44 px-3 py-3">
        <div className="flex items-start gap-3">
          <div className="w-12 shrink-0 overflow-hidden rounded-md bg-surface-950">
            <SellerConcertPoster src={concert.posterImageUrl} title={concert.title} />
          </div>
          <div className="min-w-0">
            <p className="font-semibold break-words text-white">{concert.title}</p>
            <p className="text-xs text-zinc-400">{concert.artist}</p>
            <p className="mt-1 text-xs whitespace-nowrap text-zinc-400">
              <span className="mr-1">{stamp.label}</span>
              {stamp.value}
            </p>
          </div>
        </div>
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
      <td className="min-w-36 px-3 py-3 text-zinc-200">
        <p className="mb-1">{concert.venueName}</p>
        <SeatsSold sold={concert.soldSeats} total={concert.totalSeats} />
      </td>
      <td className="min-w-40 px-3 py-3">
        <AiSummaryText text={concert.aiSummary} />
      </td>
      <td className="min-w-36 px-3 py-3">
        <RowActions
          concert={concert}
          isStacked
          {...actions}
          onAddPerformance={() => actions.onAddPerformance(group)}
        />
      </td>
    </tr>
  );
}

/** A show of one performance on a phone: the spec's concert card. */
function ConcertCard({
  concert,
  group,
  actions,
  cardRef,
}: {
  concert: SellerConcert;
  group: ShowGroup;
  actions: ListActions;
  cardRef: ((element: HTMLLIElement | null) => void) | undefined;
}) {
  const stamp = timestampLabel(concert);
  return (
    <li
      ref={cardRef}
      className="flex flex-col gap-3 rounded-2xl border border-surface-700 bg-surface-900/70 p-4"
    >
      <div className="flex gap-3">
        <div className="w-20 shrink-0 overflow-hidden rounded-lg bg-surface-950">
          <SellerConcertPoster src={concert.posterImageUrl} title={concert.title} />
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <div className="flex flex-wrap items-center gap-1.5">
            <SellerConcertStatus status={concert.status} />
            <RefundProgress concert={concert} />
          </div>
          <p className="font-semibold break-words text-white">{concert.title}</p>
          <p className="text-sm text-zinc-400">{concert.artist}</p>
        </div>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-zinc-400">공연 일시</dt>
        <dd className="text-zinc-100">
          {formatConcertDate(concert.concertDate)}{' '}
          {formatTimeRange(concert.startTime, concert.endTime)}
        </dd>
        <dt className="text-zinc-400">공연장</dt>
        <dd className="break-words text-zinc-100">{concert.venueName}</dd>
        <dt className="text-zinc-400">판매 좌석</dt>
        <dd>
          <SeatsSold sold={concert.soldSeats} total={concert.totalSeats} />
        </dd>
        <dt className="text-zinc-400">{stamp.label}</dt>
        <dd className="text-zinc-100">{stamp.value}</dd>
        <dt className="text-zinc-400">AI 요약</dt>
        <dd className="min-w-0">
          <AiSummaryText text={concert.aiSummary} />
        </dd>
      </dl>
      <RowActions
        concert={concert}
        {...actions}
        onAddPerformance={() => actions.onAddPerformance(group)}
      />
    </li>
  );
}

/**
 * The seller's concerts (seller-admin-side.md §2 "Concert management"): a table on desktops,
 * cards below; each row with poster, title, artist, status, schedule, venue, sold/total seats, AI
 * summary, registered or modified time, and edit, AI summary and cancel (each disabled where the
 * server would refuse it). The table keeps its AI column readable at 1280 px: the time stamp sits
 * under the title and the actions stack, so nothing is pushed past the right edge.
 * Issue 26: a show of several performances is one entry with its performances under it; a show
 * of one is the row above, with 회차 추가.
 */
export function SellerConcertList({ groups, firstCardRef, ...actions }: SellerConcertListProps) {
  return (
    <>
      <div className="hidden overflow-x-auto rounded-2xl border border-surface-700 desktop:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">내 콘서트 목록</caption>
          <thead className="bg-surface-900 text-xs text-zinc-400">
            <tr>
              <th scope="col" className="px-3 py-3 font-semibold">
                콘서트
              </th>
              <th scope="col" className="px-3 py-3 font-semibold">
                상태
              </th>
              <th scope="col" className="px-3 py-3 font-semibold">
                공연 일시
              </th>
              <th scope="col" className="px-3 py-3 font-semibold">
                공연장 · 판매 좌석
              </th>
              <th scope="col" className="w-full min-w-40 px-3 py-3 font-semibold">
                AI 요약
              </th>
              <th scope="col" className="px-3 py-3 font-semibold">
                관리
              </th>
            </tr>
          </thead>
          {groups.map((group) => {
            const [only] = group.performances;
            return (
              <tbody key={group.showId} className="divide-y divide-white/5 border-t border-white/5">
                {group.isSingle && only ? (
                  <ConcertTableRow concert={only} group={group} actions={actions} />
                ) : (
                  <ShowGroupRows group={group} actions={actions} />
                )}
              </tbody>
            );
          })}
        </table>
      </div>

      <ul className="flex flex-col gap-3 desktop:hidden" aria-label="내 콘서트 목록">
        {groups.map((group, index) => {
          const [only] = group.performances;
          const cardRef = index === 0 ? firstCardRef : undefined;
          return group.isSingle && only ? (
            <ConcertCard
              key={group.showId}
              concert={only}
              group={group}
              actions={actions}
              cardRef={cardRef}
            />
          ) : (
            <ShowGroupCard key={group.showId} group={group} actions={actions} cardRef={cardRef} />
          );
        })}
      </ul>
    </>
  );
}
