import { clsx } from 'clsx';
import { ArrowLeft, CircleX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button';
import { useBookingOutline } from '../api/get-booking-outline';
import { PaymentResultFrame, ResultCard, ResultRow } from './payment-result-frame';

/** Ours: the spec names what the failure page shows but gives no texts for it. */
export const paymentFailureTexts = {
  title: '결제에 실패했습니다',
  description: '결제가 완료되지 않아 예매가 진행되지 않았습니다. 좌석은 다시 선택할 수 있어요.',
  unknownReason: '결제를 완료하지 못했습니다.',
  backToSeats: '좌석 선택으로 돌아가기',
} as const;

/** Milliseconds until a Seoul wall-clock time 'YYYY-MM-DDTHH:mm:ss' (negative once passed). */
function msUntilSeoul(dateTime: string): number {
  return new Date(`${dateTime}+09:00`).getTime() - Date.now();
}

/** Whether the hold still lives; turns false by itself when it ends while the page is open. */
function useHoldAlive(holdUntil: string | null | undefined): boolean {
  const [, setTick] = useState(0);
  const left = holdUntil ? msUntilSeoul(holdUntil) : -1;
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setTick((tick) => tick + 1), Math.min(left + 50, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [left]);
  return left > 0;
}

interface PaymentFailureProps {
  bookingNumber: string | null;
  code: string | null;
  message: string | null;
}

/**
 * /payment/result/fail (buyer-side.md §2): the provider's or our reason and code, and the
 * concert's title when the booking can be read (it cannot for someone else, or logged out).
 */
export function PaymentFailure({ bookingNumber, code, message }: PaymentFailureProps) {
  const outline = useBookingOutline(bookingNumber);
  const concertTitle = outline.data?.concertTitle;
  const holdAlive = useHoldAlive(outline.data?.holdUntil);
  return (
    <PaymentResultFrame
      tone="failure"
      icon={CircleX}
      title={paymentFailureTexts.title}
      description={paymentFailureTexts.description}
    >
      <ResultCard>
        {concertTitle && <ResultRow label="공연">{concertTitle}</ResultRow>}
        <ResultRow label="실패 사유">{message ?? paymentFailureTexts.unknownReason}</ResultRow>
        {code && (
          <ResultRow label="오류 코드">
            <span className="font-mono">{code}</span>
          </ResultRow>
        )}
        {bookingNumber && (
          <ResultRow label="예매 번호">
            <span className="font-mono tracking-wide">{bookingNumber}</span>
          </ResultRow>
        )}
      </ResultCard>
      {holdAlive && outline.data && (
        <Link
          to={`/concerts/${outline.data.concertId}/reserve`}
          className={clsx(buttonStyles({ size: 'lg', fullWidth: true }), 'mt-6')}
        >
          <ArrowLeft className="size-5" aria-hidden />
          {paymentFailureTexts.backToSeats}
        </Link>
      )}
    </PaymentResultFrame>
  );
}
