import type { BookingDetail, VirtualAccount } from '@curtaincall/contracts';
import { CircleCheck, CircleX, Landmark, ListOrdered } from 'lucide-react';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { VirtualAccountCard } from '@/components/payment/virtual-account-card';
import { buttonStyles } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/state-panel';
import { getErrorMessage } from '@/lib/api-client';
import { usePaidBooking } from '../api/get-paid-booking';
import { PaymentResultFrame } from './payment-result-frame';

export const depositResultTexts = {
  title: '가상계좌가 발급되었습니다',
  description: '입금 기한까지 아래 계좌로 결제 금액을 입금하면 예매가 확정됩니다.',
  paidTitle: '입금이 확인되었습니다',
  paidDescription: '예매가 확정되었습니다. 티켓은 예매 내역에서 확인할 수 있어요.',
  /** A booking paid another way (a card, a link kept from elsewhere). */
  paidOtherwiseTitle: '결제가 완료된 예매입니다',
  expiredTitle: '입금 기한이 지나 예매가 취소되었습니다',
  expiredDescription: '입금되지 않은 주문은 기한에 취소되고 좌석은 다시 판매됩니다.',
  unknownTitle: '가상계좌 정보를 찾을 수 없습니다',
  unknownDescription: '예매 내역에서 예매 상태를 확인해주세요.',
  missingNumber: '예매 번호가 전달되지 않았습니다.',
  loadFailed: '예매 정보를 불러오는 데 실패했습니다.',
  loading: '가상계좌 정보를 불러오는 중입니다',
  bookingLink: '예매 내역 보기',
} as const;

type DepositView =
  | { kind: 'awaiting'; account: VirtualAccount }
  | { kind: 'paid' | 'paidOtherwise' | 'expired' | 'unknown' | 'loading' | 'failed' };

/**
 * What the page shows: the booking detail is the truth (a deposit or the deadline may have
 * come since); until it arrives, the account the booking answer carried paints the page.
 */
function depositView(
  detail: BookingDetail | undefined,
  initialAccount: VirtualAccount | null,
  isError: boolean,
): DepositView {
  if (detail) {
    const account = detail.payment?.virtualAccount ?? null;
    if (detail.bookingStatus === 'AWAITING_DEPOSIT' && account) {
      return { kind: 'awaiting', account };
    }
    if (detail.bookingStatus === 'CONFIRMED' || detail.bookingStatus === 'COMPLETED') {
      return { kind: detail.paymentMethod === 'VIRTUAL_ACCOUNT' ? 'paid' : 'paidOtherwise' };
    }
    if (detail.bookingStatus === 'CANCELED' || detail.paymentStatus === 'EXPIRED') {
      return { kind: 'expired' };
    }
    return { kind: 'unknown' };
  }
  if (initialAccount) return { kind: 'awaiting', account: initialAccount };
  return { kind: isError ? 'failed' : 'loading' };
}

const frames: Record<
  DepositView['kind'],
  {
    tone: 'success' | 'failure' | 'pending';
    icon: ComponentType<{ className?: string }>;
    title: string;
    description: string;
  }
> = {
  awaiting: {
    tone: 'pending',
    icon: Landmark,
    title: depositResultTexts.title,
    description: depositResultTexts.description,
  },
  loading: {
    tone: 'pending',
    icon: Landmark,
    title: depositResultTexts.title,
    description: depositResultTexts.description,
  },
  failed: {
    tone: 'pending',
    icon: Landmark,
    title: depositResultTexts.title,
    description: depositResultTexts.description,
  },
  paid: {
    tone: 'success',
    icon: CircleCheck,
    title: depositResultTexts.paidTitle,
    description: depositResultTexts.paidDescription,
  },
  paidOtherwise: {
    tone: 'success',
    icon: CircleCheck,
    title: depositResultTexts.paidOtherwiseTitle,
    description: depositResultTexts.paidDescription,
  },
  expired: {
    tone: 'failure',
    icon: CircleX,
    title: depositResultTexts.expiredTitle,
    description: depositResultTexts.expiredDescription,
  },
  unknown: {
    tone: 'failure',
    icon: CircleX,
    title: depositResultTexts.unknownTitle,
    description: depositResultTexts.unknownDescription,
  },
};

function BookingLink({ bookingNumber }: { bookingNumber: string }) {
  return (
    <Link
      to={`/bookingDetail/${encodeURIComponent(bookingNumber)}`}
      className={buttonStyles({ variant: 'secondary', size: 'lg', fullWidth: true })}
    >
      <ListOrdered className="size-5" aria-hidden />
      {depositResultTexts.bookingLink}
    </Link>
  );
}

function DepositBooking({
  bookingNumber,
  initialAccount,
}: {
  bookingNumber: string;
  initialAccount: VirtualAccount | null;
}) {
  const booking = usePaidBooking(bookingNumber);
  const view = depositView(booking.data, initialAccount, booking.isError);
  const frame = frames[view.kind];
  return (
    <PaymentResultFrame
      tone={frame.tone}
      icon={frame.icon}
      title={frame.title}
      description={frame.description}
    >
      <div className="flex flex-col gap-4">
        {view.kind === 'awaiting' && <VirtualAccountCard account={view.account} />}
        {view.kind === 'loading' && (
          <div className="flex justify-center py-10">
            <Spinner label={depositResultTexts.loading} />
          </div>
        )}
        {booking.isError && (
          <ErrorState
            title={depositResultTexts.loadFailed}
            description={getErrorMessage(booking.error)}
            onRetry={() => void booking.refetch()}
            isRetrying={booking.isFetching}
            compact
          />
        )}
        <BookingLink bookingNumber={bookingNumber} />
      </div>
    </PaymentResultFrame>
  );
}

/**
 * /payment/result/deposit?bookingNumber (issue 28): where a 가상계좌 booking lands instead of a
 * payment window. The account to pay into, with 복사, 예금주, amount and deadline, the test bank
 * in the sandbox, and the way to the booking; once paid or expired, that outcome instead.
 */
export function DepositResult({
  bookingNumber,
  initialAccount,
}: {
  bookingNumber: string | null;
  initialAccount: VirtualAccount | null;
}) {
  if (bookingNumber === null) {
    const frame = frames.unknown;
    return (
      <PaymentResultFrame
        tone={frame.tone}
        icon={frame.icon}
        title={frame.title}
        description={frame.description}
      >
        <ErrorState title={depositResultTexts.missingNumber} compact />
      </PaymentResultFrame>
    );
  }
  return <DepositBooking bookingNumber={bookingNumber} initialAccount={initialAccount} />;
}
