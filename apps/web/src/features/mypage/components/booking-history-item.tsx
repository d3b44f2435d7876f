import {
  formatPerformanceLabel,
  type BookingSummary,
  type VirtualAccount,
} from '@curtaincall/contracts';
import { CalendarDays, ChevronRight, Landmark, MapPin, Armchair } from 'lucide-react';
import { useRef } from 'react';
import { Link } from 'react-router';
import { CopyAccountButton, formatDepositDue } from '@/components/payment/virtual-account-card';
import { formatConcertDate, formatPrice } from '@/lib/format';
import { BookingPoster } from './booking-poster';
import { BookingStatusBadge } from './booking-status-badge';

/** Issue 28: the list has no account to show; the detail page has it, with 복사 and the deadline. */
export const awaitingDepositHint =
  '입금 기한 안에 입금해주세요. 입금 계좌와 기한은 예매 상세에서 확인할 수 있어요.';

/**
 * Issue 28: an order awaiting its deposit shows where to pay and until when, with 복사, above
 * the card's link (the copy button must not open the detail).
 */
function DepositAccountLine({ account }: { account: VirtualAccount }) {
  const numberRef = useRef<HTMLSpanElement>(null);
  return (
    <div
      className="relative z-10 flex flex-wrap items-center gap-x-2 gap-y-1 rounded-lg bg-amber-400/10 px-2.5 py-2 text-xs text-amber-100"
      data-deposit-account
    >
      <Landmark className="size-3.5 shrink-0" aria-hidden />
      <span className="font-semibold">{account.bankName}</span>
      <span ref={numberRef} className="font-mono font-bold tracking-wide text-white select-all">
        {account.accountNumber}
      </span>
      <CopyAccountButton
        accountNumber={account.accountNumber}
        numberRef={numberRef}
        className="inline-flex h-7 items-center gap-1 rounded-md border border-amber-300/40 px-2 font-semibold text-amber-50 hover:bg-white/5 [&_svg]:size-3.5"
      />
      <span className="w-full text-amber-200">
        {formatPrice(account.amount)} · {formatDepositDue(account.dueAt)}
      </span>
    </div>
  );
}

export function bookingDetailPath(bookingNumber: string): string {
  return `/bookingDetail/${encodeURIComponent(bookingNumber)}`;
}

/**
 * One booking: poster, status, title, date, venue, seats and amount; opens its detail page. A
 * performance of a show of several names its 회차 ('2026.12.20(일) 18:00 회차'): the server
 * sends its start time only then (a matinee and an evening share a date).
 */
export function BookingHistoryItem({ booking }: { booking: BookingSummary }) {
  const seats = booking.seatList.length > 0 ? booking.seatList.join(', ') : '좌석 정보 없음';
  return (
    <article className="group relative flex gap-4 rounded-2xl border border-surface-700/70 bg-surface-900 p-3 transition-colors hover:border-rose-400/40 hover:bg-surface-850 tablet:p-4">
      <BookingPoster
        src={booking.posterImageUrl}
        title={booking.concertTitle}
        className="aspect-[3/4] w-20 tablet:w-24"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <BookingStatusBadge status={booking.bookingStatus} />
          <span className="truncate text-xs text-zinc-400">
            예매번호 <span className="font-mono text-zinc-400">{booking.bookingNumber}</span>
          </span>
        </div>
        <h3 className="line-clamp-2 text-base leading-snug font-bold text-zinc-50">
          <Link
            to={bookingDetailPath(booking.bookingNumber)}
            className="after:absolute after:inset-0 focus-visible:outline-none after:focus-visible:rounded-2xl after:focus-visible:outline-2 after:focus-visible:outline-rose-400"
          >
            {booking.concertTitle}
          </Link>
        </h3>
        <dl className="flex flex-col gap-1 text-xs text-zinc-400 tablet:text-sm">
          <div className="flex items-start gap-1.5">
            <dt className="sr-only">공연일</dt>
            <CalendarDays className="mt-px size-3.5 shrink-0 tablet:size-4" aria-hidden />
            <dd>
              {booking.startTime
                ? `${formatPerformanceLabel(booking.concertDate, booking.startTime)} 회차`
                : formatConcertDate(booking.concertDate)}
            </dd>
          </div>
          <div className="flex items-start gap-1.5">
            <dt className="sr-only">장소</dt>
            <MapPin className="mt-px size-3.5 shrink-0 tablet:size-4" aria-hidden />
            <dd className="min-w-0 break-words">{booking.venueName}</dd>
          </div>
          <div className="flex items-start gap-1.5">
            <dt className="sr-only">좌석</dt>
            <Armchair className="mt-px size-3.5 shrink-0 tablet:size-4" aria-hidden />
            <dd className="min-w-0 break-words">{seats}</dd>
          </div>
        </dl>
        {booking.bookingStatus === 'AWAITING_DEPOSIT' &&
          (booking.virtualAccount ? (
            <DepositAccountLine account={booking.virtualAccount} />
          ) : (
            <p className="flex items-start gap-1.5 text-xs text-sky-200" data-deposit-hint>
              <Landmark className="mt-px size-3.5 shrink-0" aria-hidden />
              {awaitingDepositHint}
            </p>
          ))}
        <div className="mt-auto flex items-baseline justify-between gap-2 border-t border-surface-700/60 pt-2">
          <dl className="flex items-baseline gap-2">
            <dt className="text-xs text-zinc-400">결제 금액</dt>
            <dd className="text-base font-bold text-rose-200">
              {formatPrice(booking.totalAmount)}
            </dd>
          </dl>
          <ChevronRight
            className="size-5 shrink-0 text-zinc-600 transition-colors group-hover:text-rose-300"
            aria-hidden
          />
        </div>
      </div>
    </article>
  );
}
