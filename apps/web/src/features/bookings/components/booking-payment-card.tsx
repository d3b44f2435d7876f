import type { PaymentStatus } from '@curtaincall/contracts';
import { clsx } from 'clsx';
import { CreditCard } from 'lucide-react';
import { formatDateTime, formatPrice } from '@/lib/format';
import type { BookingDetailResponse } from '../api/get-booking-detail';
import { paymentMethodLabel, paymentStatusLabels } from '../utils/booking-status';
import { DetailCard } from './detail-card';

const paymentStatusClass: Record<PaymentStatus, string> = {
  PENDING: 'text-amber-300',
  DONE: 'text-emerald-300',
  CANCELED: 'text-red-300',
  PARTIAL_CANCELED: 'text-orange-300',
  FAILED: 'text-red-400',
  EXPIRED: 'text-zinc-400',
};

/** Payment status (its own colour), method, booking time and the total. */
export function BookingPaymentCard({ booking }: { booking: BookingDetailResponse }) {
  const rows: [string, string, string?][] = [
    [
      '결제 상태',
      paymentStatusLabels[booking.paymentStatus],
      paymentStatusClass[booking.paymentStatus],
    ],
    ['결제 수단', paymentMethodLabel(booking.paymentMethod)],
    ['예매 일시', formatDateTime(booking.bookedAt)],
  ];
  return (
    <DetailCard id="booking-payment" title="결제 정보" icon={CreditCard}>
      <div className="grid gap-4 tablet:grid-cols-[1fr_auto] tablet:items-center">
        <dl className="flex flex-col gap-3 text-sm">
          {rows.map(([term, value, valueClass]) => (
            <div key={term} className="flex justify-between gap-4">
              <dt className="shrink-0 text-zinc-400">{term}</dt>
              <dd className={clsx('text-right font-semibold', valueClass ?? 'text-zinc-100')}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
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
