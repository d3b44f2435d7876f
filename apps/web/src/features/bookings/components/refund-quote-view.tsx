import type { RefundQuoteWire } from '@curtaincall/contracts';
import { clsx } from 'clsx';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-client';
import { formatPrice } from '@/lib/format';
import { seatLabelOf } from '../utils/booking-money';
import { cancelSeatTexts } from './cancel-seat-picker';

export const refundQuoteTexts = {
  region: '환불 안내',
  loading: '환불 금액을 계산하는 중입니다',
  failed: '환불 금액을 불러오지 못했습니다.',
  retry: '다시 시도',
  paid: '결제 금액',
  cancellationFee: '취소수수료',
  bookingFee: '예매수수료',
  bookingFeeRefunded: (amount: string) => `${amount} 환불`,
  bookingFeeKept: '환불되지 않음',
  refund: '환불 금액',
  tier: '적용 기준',
  total: '환불 예정 금액',
} as const;

function Row({ term, value, strong = false }: { term: string; value: string; strong?: boolean }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="shrink-0 text-zinc-400">{term}</dt>
      <dd
        className={clsx(
          'text-right tabular-nums',
          strong ? 'font-bold text-white' : 'text-zinc-100',
        )}
      >
        {value}
      </dd>
    </div>
  );
}

interface RefundQuoteViewProps {
  quote: RefundQuoteWire | undefined;
  /** A new quote is on its way (the selection changed, or the refund did). */
  isStale: boolean;
  error: unknown;
  onRetry: () => void;
}

/**
 * The server's refund quote for the seats chosen (`GET …/refund-quote`): per seat what was paid,
 * the cancellation fee, whether the booking fee comes back and the refund; the table row it
 * falls in and the total. Not cancellable: the reason instead. Announced as it changes.
 */
export function RefundQuoteView({ quote, isStale, error, onRetry }: RefundQuoteViewProps) {
  let body;
  if (error && !quote) {
    body = (
      <div className="flex flex-col items-start gap-2">
        <p className="text-sm text-rose-300">
          {refundQuoteTexts.failed} {getErrorMessage(error)}
        </p>
        <Button variant="outline" size="sm" onClick={onRetry}>
          {refundQuoteTexts.retry}
        </Button>
      </div>
    );
  } else if (!quote) {
    body = (
      <div className="flex justify-center py-4">
        <Spinner label={refundQuoteTexts.loading} />
      </div>
    );
  } else if (!quote.cancellable) {
    body = (
      <p className="rounded-lg bg-rose-500/10 px-3 py-2 text-sm text-rose-200" data-quote-reason>
        {quote.reason}
      </p>
    );
  } else {
    const added = new Set(quote.addedCompanionTicketIds);
    body = (
      <>
        <ul className="flex flex-col gap-2">
          {quote.lines.map((line) => (
            <li key={line.ticketId} className="rounded-xl bg-surface-850 p-3 text-sm">
              <p className="mb-1.5 font-semibold text-zinc-100">
                {seatLabelOf(line.seatInfo)}
                {added.has(line.ticketId) && (
                  <span className="ml-2 text-xs font-normal text-sky-200">
                    {cancelSeatTexts.companionNote}
                  </span>
                )}
              </p>
              <dl className="flex flex-col gap-1">
                <Row term={refundQuoteTexts.paid} value={formatPrice(line.paid)} />
                <Row
                  term={refundQuoteTexts.cancellationFee}
                  value={formatPrice(line.cancellationFee)}
                />
                <Row
                  term={refundQuoteTexts.bookingFee}
                  value={
                    line.bookingFeeRefund > 0
                      ? refundQuoteTexts.bookingFeeRefunded(formatPrice(line.bookingFeeRefund))
                      : refundQuoteTexts.bookingFeeKept
                  }
                />
                <Row term={refundQuoteTexts.refund} value={formatPrice(line.refund)} />
              </dl>
            </li>
          ))}
        </ul>
        <dl className="mt-3 flex flex-col gap-1.5 rounded-xl bg-rose-500/10 p-4 text-sm ring-1 ring-rose-400/25">
          {quote.tierLabel && <Row term={refundQuoteTexts.tier} value={quote.tierLabel} />}
          <div className="flex justify-between gap-4">
            <dt className="shrink-0 font-semibold text-zinc-100">{refundQuoteTexts.total}</dt>
            <dd
              className="text-right text-lg font-extrabold text-white tabular-nums"
              data-testid="refund-total"
            >
              {formatPrice(quote.refundTotal)}
            </dd>
          </div>
        </dl>
      </>
    );
  }
  return (
    <section
      aria-label={refundQuoteTexts.region}
      aria-live="polite"
      aria-busy={isStale || undefined}
      className={clsx('mt-4 transition-opacity', isStale && quote && 'opacity-60')}
      data-refund-quote
    >
      {body}
    </section>
  );
}
