import { breakdownTotals, PROOF_AT_ENTRY, type BookingMoney } from '@curtaincall/contracts';
import { clsx } from 'clsx';
import { FileText, Receipt } from 'lucide-react';
import { formatDateTime, formatPrice } from '@/lib/format';
import { seatLabelOf, type MoneyTicket } from '../utils/booking-money';
import { DetailCard } from './detail-card';

type RefundStatus = BookingMoney['refunds'][number]['status'];

export const bookingMoneyTexts = {
  title: '결제 상세',
  receipt: '예매확인서',
  receiptHint: '새 창에서 PDF로 열립니다',
  ticket: (n: number) => `티켓 ${n}`,
  cancelled: '취소됨',
  gradePrice: '등급 가격',
  ticketType: '권종',
  typeDiscount: '권종 할인',
  codeDiscount: (code: string | null) => (code ? `코드 할인 (${code})` : '코드 할인'),
  bookingFee: '예매수수료',
  amount: '결제 금액',
  refunds: '환불 내역',
  refundAmount: '환불 금액',
  cancellationFee: '취소수수료',
  bookingFeeKept: '환불되지 않은 예매수수료',
  refundedTotal: '환불 완료 금액',
  refundStatus: {
    DONE: '환불 완료',
    REQUESTED: '환불 처리 중',
    FAILED: '환불 실패',
  } satisfies Record<RefundStatus, string>,
} as const;

const refundStatusClass: Record<RefundStatus, string> = {
  DONE: 'bg-emerald-400/15 text-emerald-200 ring-emerald-400/30',
  REQUESTED: 'bg-amber-400/15 text-amber-100 ring-amber-400/30',
  FAILED: 'bg-red-500/15 text-red-200 ring-red-400/30',
};

const minus = (won: number) => `-${formatPrice(won)}`;

function Row({ term, value, strong = false }: { term: string; value: string; strong?: boolean }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className={strong ? 'font-semibold text-zinc-100' : 'text-zinc-400'}>{term}</dt>
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

function TicketMoney({
  ticket,
  index,
  promoCode,
}: {
  ticket: MoneyTicket;
  index: number;
  promoCode: string | null;
}) {
  const isCancelled = ticket.status === 'CANCELED';
  return (
    <li
      className={clsx(
        'rounded-xl bg-surface-850 p-4 ring-1 ring-white/5',
        isCancelled && 'opacity-70',
      )}
      data-ticket-money
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className={clsx('font-semibold text-zinc-50', isCancelled && 'line-through')}>
          {seatLabelOf(ticket.seatInfo)}
        </span>
        {isCancelled && (
          <span className="rounded-full bg-red-500/15 px-2 py-0.5 text-xs font-bold text-red-200 ring-1 ring-red-400/30">
            {bookingMoneyTexts.cancelled}
          </span>
        )}
        <span className="ml-auto text-xs font-semibold text-rose-300">
          {bookingMoneyTexts.ticket(index + 1)}
        </span>
      </div>
      <dl className="mt-2 flex flex-col gap-1 text-sm">
        <Row
          term={bookingMoneyTexts.gradePrice}
          value={`${ticket.gradeName} ${formatPrice(ticket.gradePrice)}`}
        />
        <div className="flex justify-between gap-4">
          <dt className="text-zinc-400">{bookingMoneyTexts.ticketType}</dt>
          <dd className="flex flex-wrap justify-end gap-1.5 text-right text-zinc-100">
            {ticket.ticketTypeName}
            {ticket.proofRequired && (
              <span className="rounded-md bg-sky-400/15 px-1.5 py-0.5 text-xs font-semibold text-sky-100">
                {PROOF_AT_ENTRY}
              </span>
            )}
          </dd>
        </div>
        {ticket.typeDiscount > 0 && (
          <Row term={bookingMoneyTexts.typeDiscount} value={minus(ticket.typeDiscount)} />
        )}
        {ticket.codeDiscount > 0 && (
          <Row
            term={bookingMoneyTexts.codeDiscount(promoCode)}
            value={minus(ticket.codeDiscount)}
          />
        )}
        <Row term={bookingMoneyTexts.bookingFee} value={formatPrice(ticket.bookingFee)} />
        <Row
          term={bookingMoneyTexts.amount}
          value={formatPrice(breakdownTotals([ticket]).total)}
          strong
        />
      </dl>
    </li>
  );
}

function Refunds({ money }: { money: BookingMoney }) {
  return (
    <section aria-labelledby="booking-refunds" className="mt-5">
      <h3 id="booking-refunds" className="mb-2 text-sm font-bold text-zinc-100">
        {bookingMoneyTexts.refunds}
      </h3>
      <ul className="flex flex-col gap-2">
        {money.refunds.map((refund, index) => (
          <li
            key={`${refund.at}-${index}`}
            className="rounded-xl bg-surface-850 p-4 text-sm ring-1 ring-white/5"
            data-refund
          >
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-semibold text-zinc-100">{refund.reason}</span>
              <span
                className={clsx(
                  'ml-auto rounded-full px-2 py-0.5 text-xs font-bold ring-1',
                  refundStatusClass[refund.status],
                )}
              >
                {bookingMoneyTexts.refundStatus[refund.status]}
              </span>
            </div>
            <p className="mt-0.5 text-xs text-zinc-400">
              {formatDateTime(refund.at)} · {refund.seatInfos.map(seatLabelOf).join(', ')}
            </p>
            <dl className="mt-2 flex flex-col gap-1">
              <Row
                term={bookingMoneyTexts.refundAmount}
                value={formatPrice(refund.amount)}
                strong
              />
              <Row
                term={bookingMoneyTexts.cancellationFee}
                value={formatPrice(refund.cancellationFee)}
              />
              {refund.bookingFeeKept > 0 && (
                <Row
                  term={bookingMoneyTexts.bookingFeeKept}
                  value={formatPrice(refund.bookingFeeKept)}
                />
              )}
            </dl>
          </li>
        ))}
      </ul>
      <dl className="mt-3 text-sm">
        <Row
          term={bookingMoneyTexts.refundedTotal}
          value={formatPrice(money.refundedTotal)}
          strong
        />
      </dl>
    </section>
  );
}

/**
 * Issue 27: each ticket as it was charged (grade price, 권종 and its proof, discounts, fee,
 * what it cost; a seat cancelled on its own marked 취소됨), every refund with its fee and
 * state, and the 예매확인서 (a PDF in a new tab) when the booking was paid.
 */
export function BookingMoneyCard({
  money,
  hasReceipt,
}: {
  money: BookingMoney;
  hasReceipt: boolean;
}) {
  return (
    <DetailCard
      id="booking-money"
      title={bookingMoneyTexts.title}
      icon={Receipt}
      aside={
        hasReceipt ? (
          <>
            <a
              href={money.receiptUrl}
              target="_blank"
              rel="noopener noreferrer"
              aria-describedby="booking-receipt-hint"
              className="ml-auto inline-flex items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-sm font-semibold text-rose-200 ring-1 ring-rose-400/30 hover:bg-rose-500/10 hover:text-white"
            >
              <FileText className="size-4" aria-hidden />
              {bookingMoneyTexts.receipt}
            </a>
            <span id="booking-receipt-hint" className="sr-only">
              {bookingMoneyTexts.receiptHint}
            </span>
          </>
        ) : undefined
      }
    >
      <ul
        className="grid grid-cols-1 gap-3 tablet:grid-cols-2"
        aria-label={bookingMoneyTexts.title}
      >
        {money.tickets.map((ticket, index) => (
          <TicketMoney
            key={ticket.ticketId}
            ticket={ticket}
            index={index}
            promoCode={money.promoCode}
          />
        ))}
      </ul>
      {money.refunds.length > 0 && <Refunds money={money} />}
    </DetailCard>
  );
}
