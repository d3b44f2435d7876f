import { formatSeatLabel, type PriceBreakdown } from '@curtaincall/contracts';
import type { ReactNode } from 'react';
import { formatPrice } from '@/lib/format';

export const breakdownTexts = {
  seats: (count: number) => `좌석 금액 (${count}석)`,
  fee: (perSeat: number, count: number) => `예매 수수료 (${formatPrice(perSeat)} × ${count})`,
  gradePrice: '등급 가격',
  typeDiscount: '권종 할인',
  codeDiscount: '코드 할인',
  bookingFee: '예매수수료',
  total: '총 결제금액',
  seatAmounts: (place: string) => `${place} 금액`,
} as const;

const minus = (won: number) => `-${formatPrice(won)}`;

function Row({ term, value }: { term: ReactNode; value: string }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-zinc-400">{term}</dt>
      <dd className="text-zinc-200 tabular-nums">{value}</dd>
    </div>
  );
}

interface PriceBreakdownListProps {
  breakdown: PriceBreakdown;
  bookingFeePerSeat: number;
}

/**
 * What the held seats cost, every figure from priceBooking. Without a 권종 or a code it reads
 * as the spec's panel (buyer-side.md §9): the seats' grade prices and the fee per seat. With
 * either, each seat's grade price, 권종 할인, 코드 할인 and 예매수수료, then the totals.
 */
export function PriceBreakdownList({ breakdown, bookingFeePerSeat }: PriceBreakdownListProps) {
  const count = breakdown.lines.length;
  const hasCode = breakdown.promoCode !== null;
  const isPlain = !hasCode && breakdown.lines.every((line) => line.ticketTypeId === null);
  if (isPlain) {
    return (
      <dl className="mt-2 flex flex-col gap-1.5 border-t border-white/5 pt-3 text-sm">
        <Row term={breakdownTexts.seats(count)} value={formatPrice(breakdown.gradeTotal)} />
        <Row
          term={breakdownTexts.fee(bookingFeePerSeat, count)}
          value={formatPrice(breakdown.bookingFeeTotal)}
        />
      </dl>
    );
  }
  return (
    <div className="mt-2 flex flex-col gap-2 border-t border-white/5 pt-3 text-sm" data-breakdown>
      {breakdown.lines.map((line) => {
        const place = formatSeatLabel(line.seatInfo);
        return (
          <section
            key={line.concertSeatId}
            aria-label={breakdownTexts.seatAmounts(place)}
            className="rounded-lg bg-surface-850/70 px-3 py-2"
          >
            <p className="mb-1 text-xs font-semibold text-zinc-300">
              {place} · {line.gradeName} · {line.ticketTypeName}
            </p>
            <dl className="flex flex-col gap-1 text-xs">
              <Row term={breakdownTexts.gradePrice} value={formatPrice(line.gradePrice)} />
              {line.ticketTypeId !== null && (
                <Row term={breakdownTexts.typeDiscount} value={minus(line.typeDiscount)} />
              )}
              {hasCode && (
                <Row term={breakdownTexts.codeDiscount} value={minus(line.codeDiscount)} />
              )}
              <Row term={breakdownTexts.bookingFee} value={formatPrice(line.bookingFee)} />
            </dl>
          </section>
        );
      })}
      <dl className="flex flex-col gap-1.5 pt-1">
        <Row term={breakdownTexts.seats(count)} value={formatPrice(breakdown.gradeTotal)} />
        {breakdown.typeDiscountTotal > 0 && (
          <Row term={breakdownTexts.typeDiscount} value={minus(breakdown.typeDiscountTotal)} />
        )}
        {hasCode && (
          <Row
            term={`${breakdownTexts.codeDiscount} (${breakdown.promoCode ?? ''})`}
            value={minus(breakdown.codeDiscountTotal)}
          />
        )}
        <Row
          term={breakdownTexts.fee(bookingFeePerSeat, count)}
          value={formatPrice(breakdown.bookingFeeTotal)}
        />
        <div className="flex justify-between gap-3 border-t border-white/5 pt-1.5">
          <dt className="font-semibold text-zinc-100">{breakdownTexts.total}</dt>
          <dd className="font-bold text-white tabular-nums" data-testid="breakdown-total">
            {formatPrice(breakdown.total)}
          </dd>
        </div>
      </dl>
    </div>
  );
}
