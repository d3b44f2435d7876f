import type { SellerConcert } from '@curtaincall/contracts';
import { Ban, Pencil, Sparkles } from 'lucide-react';
import { Badge } from '@/components/console/console-page';
import { Button } from '@/components/ui/button';
import { formatConcertDate, formatDateTime, formatNumber, formatTimeRange } from '@/lib/format';
import { sellerConcertTexts } from '../utils/seller-concert-texts';
import { SellerConcertPoster } from './seller-concert-poster';
import { SellerConcertStatus } from './seller-concert-status';

export interface ConcertRowActions {
  onEdit: (concert: SellerConcert) => void;
  onCancel: (concert: SellerConcert) => void;
  onAiSummary: (concert: SellerConcert) => void;
}

interface SellerConcertListProps extends ConcertRowActions {
  concerts: SellerConcert[];
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
}: { concert: SellerConcert } & ConcertRowActions) {
  const cancelled = concert.status === 'CANCELLED';
  const over = concert.status === 'COMPLETED';
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        variant="outline"
        size="sm"
        onClick={() => onEdit(concert)}
        disabled={cancelled}
        title={cancelled ? '취소된 콘서트는 수정할 수 없습니다.' : undefined}
        aria-label={`${concert.title} 수정`}
      >
        <Pencil className="size-4" aria-hidden />
        수정
      </Button>
      <Button
        variant="outline"
        size="sm"
        onClick={() => onAiSummary(concert)}
        aria-label={`${concert.title} AI 요약 재생성`}
      >
        <Sparkles className="size-4" aria-hidden />
        AI 요약
      </Button>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => onCancel(concert)}
        disabled={cancelled || over}
        title={cancelled ? '이미 취소된 콘서트입니다.' : undefined}
        aria-label={`${concert.title} 취소`}
      >
        <Ban className="size-4" aria-hidden />
        취소
      </Button>
    </div>
  );
}

function AiSummaryText({ text }: { text: string | null }) {
  return (
    <p className="line-clamp-2 text-zinc-300" title={text ?? undefined}>
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
 * cards below; each row with poster, title, artist, status, schedule, venue, seats, AI summary,
 * registered or modified time, and edit, AI summary and cancel.
 */
export function SellerConcertList({ concerts, ...actions }: SellerConcertListProps) {
  return (
    <>
      <div className="hidden overflow-x-auto rounded-2xl border border-surface-700 desktop:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">내 콘서트 목록</caption>
          <thead className="bg-surface-900 text-xs text-zinc-400">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">
                콘서트
              </th>
              <th scope="col" className="px-3 py-3 font-semibold">
                상태
              </th>
              <th scope="col" className="px-3 py-3 font-semibold">
                공연 일시
              </th>
              <th scope="col" className="px-3 py-3 font-semibold">
                공연장 · 좌석
              </th>
              <th scope="col" className="px-3 py-3 font-semibold">
                AI 요약
              </th>
              <th scope="col" className="px-3 py-3 font-semibold">
                등록/수정
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                관리
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-white/5">
            {concerts.map((concert) => {
              const stamp = timestampLabel(concert);
              return (
                <tr key={concert.concertId} className="align-top hover:bg-white/[0.02]">
                  <td className="min-w-52 px-4 py-3">
                    <div className="flex items-start gap-3">
                      <div className="w-12 shrink-0 overflow-hidden rounded-md bg-surface-950">
                        <SellerConcertPoster src={concert.posterImageUrl} title={concert.title} />
                      </div>
                      <div className="min-w-0">
                        <p className="font-semibold break-words text-white">{concert.title}</p>
                        <p className="text-xs text-zinc-400">{concert.artist}</p>
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
                  <td className="min-w-28 px-3 py-3 text-zinc-200">
                    <p>{concert.venueName}</p>
                    <p className="text-xs text-zinc-400 tabular-nums">
                      {formatNumber(concert.totalSeats)}석
                    </p>
                  </td>
                  <td className="max-w-56 px-3 py-3">
                    <AiSummaryText text={concert.aiSummary} />
                  </td>
                  <td className="px-3 py-3 text-xs whitespace-nowrap text-zinc-300">
                    <span className="text-zinc-400">{stamp.label}</span>
                    <br />
                    {stamp.value}
                  </td>
                  <td className="px-4 py-3">
                    <RowActions concert={concert} {...actions} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>

      <ul className="flex flex-col gap-3 desktop:hidden" aria-label="내 콘서트 목록">
        {concerts.map((concert) => {
          const stamp = timestampLabel(concert);
          return (
            <li
              key={concert.concertId}
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
                <dt className="text-zinc-400">총 좌석</dt>
                <dd className="text-zinc-100 tabular-nums">{formatNumber(concert.totalSeats)}석</dd>
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
