import type { PaymentStatus } from '@curtaincall/contracts';
import { clsx } from 'clsx';
import { CreditCard } from 'lucide-react';
import { formatDateTime, formatPrice } from '@/lib/format';
import type { BookingDetailResponse } from '../api/get-booking-detail';
import { paymentMethodLabel, paymentStatusLabels } from '../utils/booking-status';
import { DetailCard } from './detail-card';

const paymentStatusClass: Record<PaymentStatus, string> = {
  PENDING: 'text-amber-300',
  WAITING_FOR_DEPOSIT: 'text-sky-200',
  DONE: 'text-emerald-300',
  CANCELED: 'text-red-300',
  PARTIAL_CANCELED: 'text-orange-300',
  FAILED: 'text-red-400',
  EXPIRED: 'text-zinc-400',
};

export const paymentCardTexts = {
  cashReceipt: '현금영수증',
  issueNumber: (issueNumber: string) => `승인번호 ${issueNumber}`,
  /** A deposit's receipt is issued with the deposit. */
  afterDeposit: '입금 후 발급',
  issuing: '발급 대기',
  cultureExpense: '문화비 소득공제 대상 공연입니다.',
} as const;

type CashReceipt = NonNullable<NonNullable<BookingDetailResponse['payment']>['cashReceipt']>;

/** '소득공제 · *******5678 · 12,000원 · 승인번호 …' (or when it will be issued). */
function cashReceiptText(receipt: CashReceipt, isAwaitingDeposit: boolean): string {
  const state = receipt.issueNumber
    ? paymentCardTexts.issueNumber(receipt.issueNumber)
    : isAwaitingDeposit
      ? paymentCardTexts.afterDeposit
      : paymentCardTexts.issuing;
  return [receipt.typeLabel, receipt.maskedNumber, formatPrice(receipt.amount), state].join(' · ');
}

/**
 * Payment status (its own colour), method (issue 28: with its detail, '카카오페이' or '신한카드
 * 3개월'), the 현금영수증 when one was asked for, booking time and the total.
 */
export function BookingPaymentCard({ booking }: { booking: BookingDetailResponse }) {
  const payment = booking.payment;
  const isAwaitingDeposit = booking.bookingStatus === 'AWAITING_DEPOSIT';
  const rows: [string, string, string?][] = [
    [
      '결제 상태',
      paymentStatusLabels[booking.paymentStatus],
      paymentStatusClass[booking.paymentStatus],
    ],
    ['결제 수단', paymentMethodLabel(booking.paymentMethod)],
  ];
  if (payment?.detail) rows.push(['결제 상세', payment.detail]);
  if (payment?.cashReceipt) {
    rows.push([
      paymentCardTexts.cashReceipt,
      cashReceiptText(payment.cashReceipt, isAwaitingDeposit),
    ]);
  }
  rows.push(['예매 일시', formatDateTime(booking.bookedAt)]);
  return (
    <DetailCard id="booking-payment" title="결제 정보" icon={CreditCard}>
      <div className="grid gap-4 tablet:grid-cols-[1fr_auto] tablet:items-center">
        <div className="flex flex-col gap-3">
          <dl className="flex flex-col gap-3 text-sm">
            {rows.map(([term, value, valueClass]) => (
              <div key={term} className="flex justify-between gap-4">
                <dt className="shrink-0 text-zinc-400">{term}</dt>
                <dd
                  className={clsx(
                    'min-w-0 text-right font-semibold break-words',
                    valueClass ?? 'text-zinc-100',
                  )}
                >
                  {value}
                </dd>
              </div>
            ))}
          </dl>
          {payment?.cultureExpense && (
            <p className="text-xs text-zinc-400" data-culture-expense>
              {paymentCardTexts.cultureExpense}
            </p>
          )}
        </div>
        <div className="flex items-center justify-between rounded-xl bg-rose-500/10 px-4 py-3 ring-1 ring-rose-400/25 tablet:min-w-48 tablet:flex-col tablet:items-end tablet:justify-center">
          <span className="text-sm text-rose-100/80">총 결제금액</span>
          <span className="text-xl font-extrabold text-white tabular-nums tablet:text-2xl">
            {formatPrice(booking.totalAmount)}
          </span>
        </div>
      </div>
    </DetailCard>
  );
}
