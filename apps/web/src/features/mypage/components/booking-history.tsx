import { Search, Ticket } from 'lucide-react';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState, ErrorState } from '@/components/ui/state-panel';
import { getErrorMessage } from '@/lib/api-client';
import { useBookings } from '../api/get-bookings';
import { mypageTexts } from '../utils/mypage-forms';
import { BookingHistoryItem } from './booking-history-item';

function BookingHistorySkeleton() {
  return (
    <ul className="flex flex-col gap-3" aria-hidden>
      {[0, 1, 2].map((key) => (
        <li
          key={key}
          className="flex gap-4 rounded-2xl border border-surface-700/70 bg-surface-900 p-3 tablet:p-4"
        >
          <Skeleton className="aspect-[3/4] w-20 shrink-0 rounded-xl tablet:w-24" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-5 w-16" />
            <Skeleton className="h-5 w-3/4" />
            <Skeleton className="h-3 w-1/2" />
            <Skeleton className="h-3 w-2/3" />
            <Skeleton className="mt-auto h-5 w-28" />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** 예매 내역: the caller's bookings, newest first, each opening its detail page. */
export function BookingHistory({ userId }: { userId: number }) {
  const bookings = useBookings(userId);

  if (bookings.isPending) {
    return (
      <div role="status" aria-label="예매 내역을 불러오는 중입니다">
        <BookingHistorySkeleton />
      </div>
    );
  }

  if (bookings.isError) {
    return (
      <ErrorState
        title={mypageTexts.bookingsLoadFailed}
        description={getErrorMessage(bookings.error)}
        onRetry={() => void bookings.refetch()}
        isRetrying={bookings.isFetching}
      />
    );
  }

  if (bookings.data.length === 0) {
    return (
      <EmptyState
        icon={Ticket}
        title={mypageTexts.bookingsEmpty}
        description="마음에 드는 공연을 찾아 첫 예매를 시작해 보세요."
      >
        <Link to="/concerts" className={buttonStyles({ variant: 'outline', size: 'sm' })}>
          <Search className="size-4" aria-hidden />
          콘서트 둘러보기
        </Link>
      </EmptyState>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-zinc-400">
        총 <strong className="font-semibold text-zinc-100">{bookings.data.length}</strong>건의 예매
        내역
      </p>
      <ul className="flex flex-col gap-3">
        {bookings.data.map((booking) => (
          <li key={booking.bookingNumber}>
            <BookingHistoryItem booking={booking} />
          </li>
        ))}
      </ul>
    </div>
  );
}
