import { limits, type SeatMap } from '@curtaincall/contracts';
import { clsx } from 'clsx';
import { ChevronUp, CreditCard, Info, Timer, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { formatPrice } from '@/lib/format';
import { formatCountdown, formatDuration, useSecondsLeft } from '@/lib/use-seconds-left';
import type { SeatPanelPricing } from '../hooks/use-seat-pricing';
import type { GradeInfo, SeatView } from '../utils/seat-layout';
import { promoFitsAnySeat } from '../utils/seat-pricing';
import { PriceBreakdownList } from './price-breakdown';
import { PromoCodeField } from './promo-code-field';
import { SelectedSeatItem } from './selected-seat-item';

type SeatMapRules = NonNullable<SeatMap['rules']>;

export const sidePanelTexts = {
  title: '선택한 좌석',
  empty: (holdSeconds: number) => `좌석을 선택하면 ${formatDuration(holdSeconds)} 동안 선점됩니다.`,
  clearAll: '전체 해제',
  total: '결제 예정 금액',
  pay: '결제하기',
  /** The countdown's name while the seats are only held. */
  holdTimer: '좌석 선점 남은 시간',
  holdTimerShort: '선점 남은 시간',
  /** Its name once 결제하기 made a booking: the hold now lasts until the payment deadline. */
  paymentTimer: '결제 완료까지 남은 시간',
  paymentTimerShort: '결제 남은 시간',
  holdNote: (paymentSeconds: number | null) =>
    paymentSeconds === null
      ? '선점 시간 안에 결제하기를 누르면 결제를 마칠 때까지 좌석이 유지돼요.'
      : `선점 시간 안에 결제하기를 누르면 결제를 마칠 때까지 좌석이 ${formatDuration(paymentSeconds)} 동안 유지돼요.`,
  paymentNote:
    '결제를 시작해 좌석 선점이 결제 마감까지 연장되었어요. 남은 시간 안에 결제를 마치지 않으면 좌석이 해제돼요.',
  expand: '자세히',
  collapse: '접기',
} as const;

/**
 * The payment step under the price (issue 28: the method picker), drawn by whoever owns
 * checkout (the app passes the checkout feature's): the total it is for, and whether a
 * booking or payment window is under way.
 */
export type PaymentStepRenderer = (context: {
  total: number | null;
  disabled: boolean;
}) => ReactNode;

/** '1회 최대 2매 선택 · 1인 최대 4매 예매': the per-hold and the per-person rule, together. */
export function ticketRulesText(maxSeatsPerHold: number, maxTicketsPerUser: number): string {
  return `1회 최대 ${Math.min(maxSeatsPerHold, maxTicketsPerUser)}매 선택 · 1인 최대 ${maxTicketsPerUser}매 예매`;
}

interface SeatSidePanelProps {
  seats: SeatView[];
  grades: GradeInfo[];
  /** The earliest end of the caller's holds (epoch ms), or null without holds. */
  deadline: number | null;
  /** That earliest hold was taken by an unpaid booking: the countdown is the payment's. */
  isPaymentPending?: boolean;
  /** The hold and payment times the server states on the seat map (contract defaults before). */
  rules?: SeatMapRules;
  /** '1회 최대 2매 선택 · 1인 최대 4매 예매', as the page states it. */
  ticketRules: string;
  /** 권종 per seat, the promo code and the price of it all (priceBooking's). */
  pricing: SeatPanelPricing;
  pendingIds: ReadonlySet<number>;
  /** A booking or payment window is under way: 결제하기 shows busy and takes no clicks. */
  isPaying?: boolean;
  /** The method choice, shown with the seats (nothing without it: the spec's card only). */
  renderPaymentStep?: PaymentStepRenderer | undefined;
  onRemove: (seat: SeatView) => void;
  onClearAll: () => void;
  /** 결제하기; also called without seats or time left, so the page can say why it cannot pay. */
  onPay: () => void;
  /** The countdown reached 0 while seats were held; called once per deadline. */
  onExpire: () => void;
}

/**
 * The selection (buyer-side.md §2 "Seat page"): the held seats with a remove button each (and
 * a 권종 select where the concert offers types), clear-all, the price breakdown (the spec's
 * grade prices plus the fee per seat; each seat's discounts once a type or a code applies),
 * the 할인 코드, the total, the mm:ss countdown from the earliest hold, and 결제하기 (only
 * with seats and time left). A side column on desktop, a bottom sheet below that, folded to
 * its summary until opened.
 */
/** How late this browser's countdown may run behind the server's expiry of a hold. */
const EXPIRY_MARGIN_MS = 3_000;

export function SeatSidePanel({
  seats,
  grades,
  deadline,
  isPaymentPending = false,
  rules,
  ticketRules,
  pricing,
  pendingIds,
  isPaying = false,
  renderPaymentStep,
  onRemove,
  onClearAll,
  onPay,
  onExpire,
}: SeatSidePanelProps) {
  const detailsId = useId();
  const [isOpen, setIsOpen] = useState(false);
  const secondsLeft = useSecondsLeft(seats.length > 0 ? deadline : null);
  const holdSeconds = rules?.holdSeconds ?? limits.holdSeconds;
  const paymentSeconds = rules?.paymentSeconds ?? null;
  const maxSeats = rules?.maxSeatsPerHold ?? limits.maxHeldSeats;
  const isPaymentClock = seats.length > 0 && isPaymentPending;
  const timerName = isPaymentClock ? sidePanelTexts.paymentTimer : sidePanelTexts.holdTimer;
  const timerShortName = isPaymentClock
    ? sidePanelTexts.paymentTimerShort
    : sidePanelTexts.holdTimerShort;
  const { breakdown, problem } = pricing.pricing;
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

  // Below desktop width the sheet is fixed to the bottom: the page keeps its height free
  // (index.css), so scrolled to the end, and when a seat gets the focus, nothing is under it.
  const sheetRef = useRef<HTMLElement>(null);
  useEffect(() => {
    const sheet = sheetRef.current;
    if (!sheet || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const publish = () => {
      const isFixed = getComputedStyle(sheet).position === 'fixed';
      root.style.setProperty(
        '--bottom-sheet-height',
        `${isFixed ? Math.ceil(sheet.getBoundingClientRect().height) : 0}px`,
      );
    };
    const observer = new ResizeObserver(publish);
    observer.observe(sheet);
    window.addEventListener('resize', publish);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', publish);
      root.style.removeProperty('--bottom-sheet-height');
    };
  }, []);

  const countText = (
    <span className="text-rose-300 tabular-nums">
      {seats.length}/{maxSeats}
    </span>
  );

  return (
    <aside
      ref={sheetRef}
      aria-label={sidePanelTexts.title}
      data-bottom-sheet
      className={clsx(
        'fixed inset-x-0 bottom-0 z-30 flex max-h-[75dvh] flex-col rounded-t-2xl border-t border-white/10 bg-surface-900/95 shadow-[0_-12px_40px_rgba(0,0,0,0.55)] backdrop-blur-xl',
        'desktop:sticky desktop:top-24 desktop:z-auto desktop:max-h-none desktop:rounded-2xl desktop:border desktop:border-surface-700 desktop:bg-surface-900/80 desktop:shadow-none desktop:backdrop-blur-none',
      )}
    >
      <div
        id={detailsId}
        className={clsx(
          'min-h-0 flex-1 overflow-y-auto px-5 pt-4 desktop:block desktop:pt-5',
          isOpen ? 'block' : 'hidden',
        )}
      >
        <h2 className="text-base font-bold text-white">
          {sidePanelTexts.title} {countText}
        </h2>
        <p className="mt-1.5 flex items-start gap-1.5 text-xs text-zinc-300" data-ticket-rules>
          <Info className="mt-px size-3.5 shrink-0 text-zinc-400" aria-hidden />
          {ticketRules}
        </p>

        {seats.length === 0 ? (
          <p className="py-4 text-sm text-zinc-400">{sidePanelTexts.empty(holdSeconds)}</p>
        ) : (
          <>
            <ul className="mt-3 flex flex-col gap-2" aria-label="선택한 좌석 목록">
              {seats.map((seat) => (
                <SelectedSeatItem
                  key={seat.record.seatId}
                  seat={seat}
                  seats={seats}
                  grades={grades}
                  pricing={pricing}
                  isRemoving={pendingIds.has(seat.record.seatId)}
                  isPaying={isPaying}
                  onRemove={removeSeat}
                />
              ))}
            </ul>
            <div className="mt-2 flex justify-end">
              <Button variant="ghost" size="sm" onClick={clearAll} disabled={isPaying}>
                <Trash2 className="size-4" aria-hidden />
                {sidePanelTexts.clearAll}
              </Button>
            </div>
            {breakdown ? (
              <PriceBreakdownList
                breakdown={breakdown}
                bookingFeePerSeat={pricing.bookingFeePerSeat}
              />
            ) : (
              problem?.seatId === null && (
                <p className="mt-2 text-sm text-rose-300" role="alert">
                  {problem.message}
                </p>
              )
            )}
            <PromoCodeField
              promo={pricing.promo}
              fitsNoSeat={
                pricing.promo.applied !== null && !promoFitsAnySeat(pricing.promo.applied, seats)
              }
              disabled={isPaying}
            />
            {renderPaymentStep?.({ total: breakdown?.total ?? null, disabled: isPaying })}
            <p
              className={clsx(
                'mt-3 mb-1 rounded-lg px-3 py-2 text-xs leading-relaxed',
                isPaymentClock ? 'bg-amber-400/10 text-amber-100' : 'bg-surface-850 text-zinc-300',
              )}
              data-timer-note
            >
              {isPaymentClock
                ? sidePanelTexts.paymentNote
                : sidePanelTexts.holdNote(paymentSeconds)}
            </p>
          </>
        )}
      </div>

      <div
        ref={payAreaRef}
        className="flex items-center gap-2 border-t border-white/5 px-3 pt-2.5 pb-[max(0.625rem,env(safe-area-inset-bottom))] tablet:gap-3 tablet:px-5 desktop:mt-4 desktop:flex-wrap desktop:pb-5"
        data-sheet-bar
      >
        <button
          type="button"
          aria-expanded={isOpen}
          aria-controls={detailsId}
          onClick={() => setIsOpen((open) => !open)}
          className="flex shrink-0 flex-col items-center rounded-lg px-1.5 py-1 text-xs font-bold text-white hover:bg-white/5 desktop:hidden"
        >
          <span className="flex items-center gap-0.5">
            {isOpen ? sidePanelTexts.collapse : sidePanelTexts.expand}
            <ChevronUp
              className={clsx('size-3.5 transition-transform', isOpen && 'rotate-180')}
              aria-hidden
            />
          </span>
          <span>
            <span className="sr-only">{sidePanelTexts.title} </span>
            {countText}
          </span>
        </button>
        {/* Read out whenever a seat, a 권종 or the code changes what is charged. */}
        <div className="flex min-w-0 flex-1 flex-col" aria-live="polite" aria-atomic="true">
          <span className="text-[11px] text-zinc-400 tablet:text-xs">{sidePanelTexts.total}</span>
          <span
            className="truncate text-base font-extrabold text-white tabular-nums tablet:text-xl"
            data-testid="order-total"
          >
            {breakdown ? formatPrice(breakdown.total) : '-'}
          </span>
        </div>
        <div
          className={clsx(
            'flex shrink-0 flex-col items-end rounded-lg px-2 py-1 tabular-nums',
            secondsLeft === null
              ? 'bg-surface-800 text-zinc-400'
              : isUrgent
                ? 'bg-rose-500/15 text-rose-300'
                : isPaymentClock
                  ? 'bg-amber-400/10 text-amber-100'
                  : 'bg-surface-800 text-zinc-100',
          )}
        >
          <span
            className="text-[10px] leading-tight font-semibold opacity-90 desktop:hidden"
            aria-hidden
          >
            {timerShortName}
          </span>
          <span
            className="hidden text-[11px] leading-tight font-semibold opacity-90 desktop:inline"
            aria-hidden
          >
            {timerName}
          </span>
          <span className="flex items-center gap-1 text-sm font-bold">
            <Timer className="size-3.5" aria-hidden />
            <span role="timer" aria-label={timerName}>
              {secondsLeft === null ? '--:--' : formatCountdown(secondsLeft)}
            </span>
          </span>
        </div>
        {/* aria-disabled, not disabled: a click without seats still explains itself (§8). */}
        <Button
          size="md"
          aria-disabled={!canPay || undefined}
          isLoading={isPaying}
          onClick={onPay}
          data-pay-button
          className="shrink-0 px-3 aria-disabled:cursor-not-allowed aria-disabled:bg-rose-900/60 aria-disabled:text-rose-200/60 aria-disabled:shadow-none tablet:px-4 desktop:h-12 desktop:basis-full desktop:text-base"
        >
          {!isPaying && <CreditCard className="hidden size-5 tablet:block" aria-hidden />}
          {sidePanelTexts.pay}
        </Button>
      </div>
    </aside>
  );
}
