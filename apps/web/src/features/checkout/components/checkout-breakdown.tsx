import { formatSeatLabel, type PriceBreakdownWire } from '@curtaincall/contracts';
import { formatPrice } from '@/lib/format';

export const checkoutBreakdownTexts = {
  title: '결제 금액 상세',
  gradePrice: '등급 가격',
  typeDiscount: '권종 할인',
  codeDiscount: (code: string) => `코드 할인 (${code})`,
  bookingFee: '예매수수료',
  total: '총 결제금액',
} as const;

const minus = (won: number) => `-${formatPrice(won)}`;

/**
 * The amount the window charges, line by line as the server priced it (BookingCreated's
 * `breakdown`, issue 27): each seat's grade price, 권종 할인, 코드 할인 and 예매수수료, then the
 * total. Open by default; a phone can fold it to give the card form the room.
 */
export function CheckoutBreakdown({ breakdown }: { breakdown: PriceBreakdownWire }) {
  const code = breakdown.promoCode;
  return (
    <details
      open
      className="border-b border-white/5 px-4 py-2 text-xs tablet:px-5"
      data-checkout-breakdown
    >
      <summary className="cursor-pointer py-1 text-sm font-semibold text-zinc-200 marker:text-zinc-400">
        {checkoutBreakdownTexts.title}
      </summary>
      <ul className="mt-1 flex flex-col gap-1.5">
        {breakdown.lines.map((line) => (
          <li key={line.concertSeatId} className="rounded-lg bg-surface-850 px-3 py-1.5">
            <p className="font-semibold text-zinc-100">
              {formatSeatLabel(line.seatInfo)} · {line.gradeName} · {line.ticketTypeName}
            </p>
            <dl className="mt-0.5 grid grid-cols-[1fr_auto] gap-x-3 text-zinc-400">
              <dt>{checkoutBreakdownTexts.gradePrice}</dt>
              <dd className="text-right text-zinc-200 tabular-nums">
                {formatPrice(line.gradePrice)}
              </dd>
              {line.typeDiscount > 0 && (
                <>
                  <dt>{checkoutBreakdownTexts.typeDiscount}</dt>
                  <dd className="text-right text-zinc-200 tabular-nums">
                    {minus(line.typeDiscount)}
                  </dd>
                </>
              )}
              {code !== null && (
                <>
                  <dt>{checkoutBreakdownTexts.codeDiscount(code)}</dt>
                  <dd className="text-right text-zinc-200 tabular-nums">
                    {minus(line.codeDiscount)}
                  </dd>
                </>
              )}
              <dt>{checkoutBreakdownTexts.bookingFee}</dt>
              <dd className="text-right text-zinc-200 tabular-nums">
                {formatPrice(line.bookingFee)}
              </dd>
            </dl>
          </li>
        ))}
      </ul>
      <p className="mt-1.5 flex justify-between text-sm font-bold text-white">
        <span>{checkoutBreakdownTexts.total}</span>
        <span className="tabular-nums" data-testid="checkout-breakdown-total">
          {formatPrice(breakdown.total)}
        </span>
      </p>
    </details>
  );
}
