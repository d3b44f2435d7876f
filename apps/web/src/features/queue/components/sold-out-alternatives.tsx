import {
  formatPerformanceLabel,
  queueMessages,
  type PerformanceAlternative,
} from '@curtaincall/contracts';
import { ArrowLeft, ArrowRightLeft, CalendarClock, Ticket, UsersRound } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonStyles } from '@/components/ui/button';
import { formatNumber } from '@/lib/format';
import { usePerformanceSwitch } from '../hooks/use-performance-switch';

export const soldOutTexts = {
  heading: queueMessages.soldOut,
  offer:
    '같은 공연의 다른 회차로 옮겨 기다릴 수 있어요. 처음 대기를 시작한 시각 그대로 순서가 정해집니다.',
  none: '지금 예매 중인 다른 회차가 없습니다.',
  stay: '이 화면에 남아 있으면 취소표가 나올 때 순서대로 입장할 수 있어요.',
  move: '이 회차로 이동',
  listLabel: '예매 가능한 다른 회차',
  backToConcert: '콘서트 정보로 돌아가기',
} as const;

/** What a screen reader hears once when the performance sells out (the live region's text). */
export function soldOutAnnouncement(alternatives: PerformanceAlternative[]): string {
  return alternatives.length > 0
    ? `${soldOutTexts.heading} 이동할 수 있는 다른 회차가 ${alternatives.length}개 있습니다.`
    : `${soldOutTexts.heading} ${soldOutTexts.none}`;
}

function AlternativeItem({
  alternative,
  pendingConcertId,
  onMove,
}: {
  alternative: PerformanceAlternative;
  pendingConcertId: number | undefined;
  onMove: (concertId: number) => void;
}) {
  const label = formatPerformanceLabel(alternative.concertDate, alternative.startTime);
  const isPending = pendingConcertId === alternative.concertId;
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-surface-700 bg-surface-850 px-4 py-4 tablet:flex-row tablet:items-center tablet:justify-between">
      <div className="min-w-0">
        <p className="flex items-center gap-2 text-base font-bold text-white">
          <CalendarClock className="size-4 shrink-0 text-rose-300" aria-hidden />
          {label}
        </p>
        <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-zinc-300">
          <span className="flex items-center gap-1">
            <Ticket className="size-4 text-zinc-400" aria-hidden />
            잔여 {formatNumber(alternative.remainingSeats)}석
          </span>
          <span className="flex items-center gap-1">
            <UsersRound className="size-4 text-zinc-400" aria-hidden />
            대기 {formatNumber(alternative.waiting)}명
          </span>
        </p>
      </div>
      <Button
        className="w-full shrink-0 tablet:w-auto"
        // The visible words first (label in name), then which performance, for a list of buttons.
        aria-label={`${soldOutTexts.move} (${label})`}
        onClick={() => onMove(alternative.concertId)}
        isLoading={isPending}
        disabled={pendingConcertId !== undefined && !isPending}
      >
        {!isPending && <ArrowRightLeft className="size-4" aria-hidden />}
        {soldOutTexts.move}
      </Button>
    </li>
  );
}

/**
 * The waiting room's answer to a sold-out performance (issue 26): the news, and the show's other
 * performances on sale with their remaining seats and queue lengths, each a button that moves the
 * fan there by their original entry time. The live region that announces it is the caller's.
 */
export function SoldOutAlternatives({
  concertId,
  alternatives,
}: {
  concertId: number;
  alternatives: PerformanceAlternative[];
}) {
  const { switchTo, pendingConcertId, error } = usePerformanceSwitch(concertId);
  return (
    <section
      aria-labelledby="sold-out-heading"
      className="rounded-3xl border border-rose-500/40 bg-rose-950/20 px-5 py-6 tablet:px-8"
    >
      <h2 id="sold-out-heading" className="text-lg font-extrabold text-white tablet:text-xl">
        {soldOutTexts.heading}
      </h2>
      {alternatives.length > 0 ? (
        <>
          <p className="mt-2 text-sm leading-relaxed text-zinc-300">{soldOutTexts.offer}</p>
          <ul aria-label={soldOutTexts.listLabel} className="mt-4 flex flex-col gap-3">
            {alternatives.map((alternative) => (
              <AlternativeItem
                key={alternative.concertId}
                alternative={alternative}
                pendingConcertId={pendingConcertId}
                onMove={switchTo}
              />
            ))}
          </ul>
        </>
      ) : (
        <div className="mt-2 flex flex-col gap-3">
          <p className="text-sm text-zinc-300">{soldOutTexts.none}</p>
          <Link
            to={`/concerts/${concertId}`}
            className={buttonStyles({ variant: 'outline', size: 'md' })}
          >
            <ArrowLeft className="size-4" aria-hidden />
            {soldOutTexts.backToConcert}
          </Link>
        </div>
      )}
      {error && (
        <p role="alert" className="mt-3 text-sm font-semibold text-rose-300">
          {error}
        </p>
      )}
      <p className="mt-4 text-xs text-zinc-400">{soldOutTexts.stay}</p>
    </section>
  );
}
