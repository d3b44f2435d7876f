import type { SellerConcert } from '@curtaincall/contracts';
import { clsx } from 'clsx';
import { Armchair, Ban, Pencil, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/console/console-page';
import { Button, buttonStyles } from '@/components/ui/button';
import { formatConcertDate, formatDateTime, formatNumber, formatTimeRange } from '@/lib/format';
import { rowLocks } from '../utils/row-locks';
import { sellerConcertTexts } from '../utils/seller-concert-texts';
import { SeatsSold } from './seats-sold';
import { SellerConcertPoster } from './seller-concert-poster';
import { SellerConcertStatus } from './seller-concert-status';

export interface ConcertRowActions {
  onEdit: (concert: SellerConcert) => void;
  onCancel: (concert: SellerConcert) => void;
  onAiSummary: (concert: SellerConcert) => void;
}

interface SellerConcertListProps extends ConcertRowActions {
  concerts: SellerConcert[];
  /** Receives the first card of the phone list (the floating add button keeps off it). */
  firstCardRef?: (element: HTMLLIElement | null) => void;
}

/** Registered vs modified (§2): the modification time once the concert was changed. */
export function timestampLabel(concert: SellerConcert): { label: string; value: string } {
  return concert.updatedAt !== concert.createdAt
    ? { label: '수정', value: formatDateTime(concert.updatedAt) }
    : { label: '등록', value: formatDateTime(concert.createdAt) };
}

/** A cancelled concert's refunds: in progress (done of all), or all done. */
export function RefundProgress({ concert }: { concert: SellerConcert }) {
  const { refundsPending: pending, refundsDone: done } = concert;
  if (pending > 0) {
    return (
      <Badge
        tone="warning"
        title="환불을 차례로 진행합니다. 결제사가 받아들이지 않은 건은 자동으로 다시 시도합니다."
      >
        환불 진행 {formatNumber(done)}/{formatNumber(done + pending)}건
      </Badge>
    );
  }
  if (done > 0) return <Badge tone="success">환불 완료 {formatNumber(done)}건</Badge>;
  return null;
}

function RowActions({
  concert,
  onEdit,
  onCancel,
  onAiSummary,
  isStacked = false,
}: { concert: SellerConcert; isStacked?: boolean } & ConcertRowActions) {
  // The server's own rules and words (issue 23): a button it would refuse is disabled, and why
  // is written under the buttons, where a disabled button's tooltip would never be read.
  const locks = rowLocks(concert, new Date());
  // A disabled button is drawn dashed and dim, so it never reads as one that works.
  const lockedLook = 'disabled:border-dashed disabled:border-surface-700 disabled:text-zinc-500';
  return (
    <div className="flex flex-col gap-1.5">
      <div className={isStacked ? 'flex flex-col items-stretch gap-1.5' : 'flex flex-wrap gap-2'}>
        <Button
          variant="outline"
          size="sm"
          onClick={() => onEdit(concert)}
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
          onClick={() => onCancel(concert)}
          disabled={locks.cancel !== null}
          title={locks.cancel ?? undefined}
          className={lockedLook}
          aria-label={`${concert.title} 취소`}
        >
          <Ban className="size-4" aria-hidden />
          취소
        </Button>
      </div>
      {locks.note && (
        <p className={clsx(isStacked && 'max-w-40', 'text-xs text-zinc-400')}>{locks.note}</p>
      )}
    </div>
  );
}

function AiSummaryText({ text }: { text: string | null }) {
  return (
    <p className="line-clamp-3 break-words text-zinc-300" title={text ?? undefined}>
      {text?.trim() ? (
        text
      ) : (
        <span className="text-zinc-400">{sellerConcertTexts.aiNoSummary}</span>
      )}
    </p>
  );
}

/**
 * The seller's concerts (seller-admin-side.md §2 "Concert management"): a table on desktops,
 * cards below; each row with poster, title, artist, status, schedule, venue, sold/total seats, AI
 * summary, registered or modified time, and edit, AI summary and cancel (each disabled where the
 * server would refuse it). The table keeps its AI column readable at 1280 px: the time stamp sits
 * under the title and the actions stack, so nothing is pushed past the right edge.
 */
export function SellerConcertList({ concerts, firstCardRef, ...actions }: SellerConcertListProps) {
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
          <tbody className="divide-y divide-white/5">
            {concerts.map((concert) => {
              const stamp = timestampLabel(concert);
              return (
                <tr key={concert.concertId} className="align-top hover:bg-white/[0.02]">
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
                  <td className="px-3 py-3">
                    <RowActions concert={concert} isStacked {...actions} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>

      <ul className="flex flex-col gap-3 desktop:hidden" aria-label="내 콘서트 목록">
        {concerts.map((concert, index) => {
          const stamp = timestampLabel(concert);
          return (
            <li
              key={concert.concertId}
              ref={index === 0 ? firstCardRef : undefined}
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
              <RowActions concert={concert} {...actions} />
            </li>
          );
        })}
      </ul>
    </>
  );
}
