import { formatSeatLabel, limits } from '@curtaincall/contracts';
import { clsx } from 'clsx';
import { ChevronUp, CreditCard, Timer, Trash2, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { formatPrice } from '@/lib/format';
import { useHoldCountdown } from '../hooks/use-hold-countdown';
import { gradeSeatName, toneForGrade, type GradeInfo, type SeatView } from '../utils/seat-layout';
import { computeOrderTotals, formatCountdown } from '../utils/order-totals';

export const sidePanelTexts = {
  title: '선택한 좌석',
  empty: '좌석을 선택하면 5분 동안 선점됩니다.',
  clearAll: '전체 해제',
  total: '결제 예정 금액',
  pay: '결제하기',
  timer: '남은 선점 시간',
} as const;

interface SeatSidePanelProps {
  seats: SeatView[];
  grades: GradeInfo[];
  /** The earliest end of the caller's holds (epoch ms), or null without holds. */
  deadline: number | null;
  pendingIds: ReadonlySet<number>;
  /** A booking or payment window is under way: 결제하기 shows busy and takes no clicks. */
  isPaying?: boolean;
  onRemove: (seat: SeatView) => void;
  onClearAll: () => void;
  /** 결제하기; also called without seats or time left, so the page can say why it cannot pay. */
  onPay: () => void;
  /** The countdown reached 0 while seats were held; called once per deadline. */
  onExpire: () => void;
}

/**
 * The selection (buyer-side.md §2 "Seat page"): the held seats with a remove button each,
 * clear-all, each seat's grade price plus the 2,000원 fee and the total, the mm:ss countdown
 * from the earliest hold, and 결제하기 (only with seats and time left). A side column on
 * desktop, a bottom sheet below that, folded to its summary until opened.
 */
/** How late this browser's countdown may run behind the server's expiry of a hold. */
const EXPIRY_MARGIN_MS = 3_000;

export function SeatSidePanel({
  seats,
  grades,
  deadline,
  pendingIds,
  isPaying = false,
  onRemove,
  onClearAll,
  onPay,
  onExpire,
}: SeatSidePanelProps) {
  const detailsId = useId();
  const [isOpen, setIsOpen] = useState(false);
  const secondsLeft = useHoldCountdown(seats.length > 0 ? deadline : null);
  const totals = computeOrderTotals(seats);
  const canPay = seats.length > 0 && secondsLeft !== null && secondsLeft > 0;

  const onExpireRef = useRef(onExpire);
  const expiredDeadline = useRef<number | null>(null);
  useEffect(() => {
    onExpireRef.current = onExpire;
  }, [onExpire]);
  useEffect(() => {
    if (secondsLeft !== 0 || seats.length === 0 || deadline === null) return;
    if (expiredDeadline.current === deadline) return;
    expiredDeadline.current = deadline;
    onExpireRef.current();
  }, [secondsLeft, seats.length, deadline]);

  // The server may free an expired hold (and a poll report it) before this countdown shows 0:
  // the deadline here is measured from when the entry arrived, so it runs late by the delivery
  // time, more so on a busy device. A hold that leaves the selection within that margin of its
  // deadline, without the buyer removing it, ran out: the buyer is told all the same.
  const lastDeadline = useRef<number | null>(null);
  const removedByBuyerAt = useRef(0);
  useEffect(() => {
    const previous = lastDeadline.current;
    const current = seats.length > 0 ? deadline : null;
    lastDeadline.current = current;
    if (previous === null || previous === current || expiredDeadline.current === previous) return;
    const now = Date.now();
    if (now < previous - EXPIRY_MARGIN_MS || now - removedByBuyerAt.current < EXPIRY_MARGIN_MS) {
      return;
    }
    expiredDeadline.current = previous;
    onExpireRef.current();
  }, [seats.length, deadline]);
  const removeSeat = (seat: SeatView) => {
    removedByBuyerAt.current = Date.now();
    onRemove(seat);
  };
  const clearAll = () => {
    removedByBuyerAt.current = Date.now();
    onClearAll();
  };

  const isUrgent = secondsLeft !== null && secondsLeft <= 60;

  // A payment window that closed leaves focus nowhere (결제하기 was disabled while it was
  // open): give it back to 결제하기 so keyboard users carry on from where they were.
  const payAreaRef = useRef<HTMLDivElement>(null);
  const wasPaying = useRef(false);
  useEffect(() => {
    const focusIsLost = document.activeElement === null || document.activeElement === document.body;
    if (wasPaying.current && !isPaying && focusIsLost) {
      payAreaRef.current?.querySelector<HTMLButtonElement>('[data-pay-button]')?.focus();
    }
    wasPaying.current = isPaying;
  }, [isPaying]);

  return (
    <aside
      aria-label={sidePanelTexts.title}
      data-bottom-sheet
      className={clsx(
        'fixed inset-x-0 bottom-0 z-30 flex max-h-[75dvh] flex-col rounded-t-3xl border-t border-white/10 bg-surface-900/95 shadow-[0_-12px_40px_rgba(0,0,0,0.55)] backdrop-blur-xl',
        'desktop:sticky desktop:top-24 desktop:z-auto desktop:max-h-none desktop:rounded-2xl desktop:border desktop:border-surface-700 desktop:bg-surface-900/80 desktop:shadow-none desktop:backdrop-blur-none',
      )}
    >
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls={detailsId}
        onClick={() => setIsOpen((open) => !open)}
        className="flex items-center justify-between gap-3 px-5 pt-3 pb-1 text-left desktop:hidden"
      >
        <span className="text-sm font-bold text-white">
          {sidePanelTexts.title}{' '}
          <span className="text-rose-300 tabular-nums">
            {seats.length}/{limits.maxHeldSeats}
          </span>
        </span>
        <span className="flex items-center gap-1 text-xs text-zinc-400">
          {isOpen ? '접기' : '자세히'}
          <ChevronUp
            className={clsx('size-4 transition-transform', !isOpen && 'rotate-180')}
            aria-hidden
          />
        </span>
      </button>

      <div
        id={detailsId}
        className={clsx(
          'min-h-0 flex-1 overflow-y-auto px-5 desktop:block desktop:pt-5',
          isOpen ? 'block' : 'hidden',
        )}
      >
        <div className="hidden items-center justify-between desktop:flex">
          <h2 className="text-base font-bold text-white">
            {sidePanelTexts.title}{' '}
            <span className="text-rose-300 tabular-nums">
              {seats.length}/{limits.maxHeldSeats}
            </span>
          </h2>
        </div>

        {seats.length === 0 ? (
          <p className="py-4 text-sm text-zinc-400">{sidePanelTexts.empty}</p>
        ) : (
          <>
            <ul className="mt-3 flex flex-col gap-2" aria-label="선택한 좌석 목록">
              {seats.map((seat) => {
                const tone = toneForGrade(grades, seat.grade);
                const label = formatSeatLabel(seat.record.seatInfo);
                return (
                  <li
                    key={seat.record.seatId}
                    className="flex items-center gap-3 rounded-xl bg-surface-850 px-3 py-2.5"
                  >
                    <span
                      className={clsx('size-2.5 shrink-0 rounded-full', tone.swatch)}
                      aria-hidden
                    />
                    <span className="flex min-w-0 flex-1 flex-col">
                      <span className="truncate text-sm font-semibold text-zinc-100">{label}</span>
                      <span className="text-xs text-zinc-400">
                        {gradeSeatName(seat.grade)} · {formatPrice(seat.price)}
                      </span>
                    </span>
                    <button
                      type="button"
                      onClick={() => removeSeat(seat)}
                      disabled={isPaying || pendingIds.has(seat.record.seatId)}
                      aria-label={`${label} 선택 해제`}
                      className="flex size-8 shrink-0 items-center justify-center rounded-lg text-zinc-400 hover:bg-white/5 hover:text-white disabled:opacity-40"
                    >
                      <X className="size-4" aria-hidden />
                    </button>
                  </li>
                );
              })}
            </ul>
            <div className="mt-2 flex justify-end">
              <Button variant="ghost" size="sm" onClick={clearAll} disabled={isPaying}>
                <Trash2 className="size-4" aria-hidden />
                {sidePanelTexts.clearAll}
              </Button>
            </div>
            <dl className="mt-2 flex flex-col gap-1.5 border-t border-white/5 pt-3 text-sm">
              <div className="flex justify-between gap-3">
                <dt className="text-zinc-400">좌석 금액 ({totals.seatCount}석)</dt>
                <dd className="text-zinc-200 tabular-nums">{formatPrice(totals.seatsPrice)}</dd>
              </div>
              <div className="flex justify-between gap-3">
                <dt className="text-zinc-400">
                  예매 수수료 ({formatPrice(limits.bookingFeeWon)} × {totals.seatCount})
                </dt>
                <dd className="text-zinc-200 tabular-nums">{formatPrice(totals.fee)}</dd>
              </div>
            </dl>
          </>
        )}
      </div>

      <div
        ref={payAreaRef}
        className="flex flex-col gap-3 border-t border-white/5 px-5 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] desktop:mt-4 desktop:pb-5"
      >
        <div className="flex items-end justify-between gap-3">
          <div className="flex flex-col">
            <span className="text-xs text-zinc-400">{sidePanelTexts.total}</span>
            <span
              className="text-xl font-extrabold text-white tabular-nums"
              data-testid="order-total"
            >
              {formatPrice(totals.total)}
            </span>
          </div>
          <div
            className={clsx(
              'flex items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-sm font-bold tabular-nums',
              secondsLeft === null
                ? 'bg-surface-800 text-zinc-400'
                : isUrgent
                  ? 'bg-rose-500/15 text-rose-300'
                  : 'bg-surface-800 text-zinc-100',
            )}
          >
            <Timer className="size-4" aria-hidden />
            <span role="timer" aria-label={sidePanelTexts.timer}>
              {secondsLeft === null ? '--:--' : formatCountdown(secondsLeft)}
            </span>
          </div>
        </div>
        {/* aria-disabled, not disabled: a click without seats still explains itself (§8). */}
        <Button
          size="lg"
          fullWidth
          aria-disabled={!canPay || undefined}
          isLoading={isPaying}
          onClick={onPay}
          data-pay-button
          className="aria-disabled:cursor-not-allowed aria-disabled:bg-rose-900/60 aria-disabled:text-rose-200/60 aria-disabled:shadow-none"
        >
          {!isPaying && <CreditCard className="size-5" aria-hidden />}
          {sidePanelTexts.pay}
        </Button>
      </div>
    </aside>
  );
}
