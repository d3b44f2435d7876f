import type { BookingTickets } from '@curtaincall/contracts';
import { ArrowLeft, SunMedium, TicketX } from 'lucide-react';
import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState, ErrorState } from '@/components/ui/state-panel';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { formatConcertDate, formatTimeRange } from '@/lib/format';
import { useBookingTickets } from '../api/get-tickets';
import { bookingDetailPath } from '../utils/booking-links';
import { bookingTexts } from '../utils/booking-texts';
import { TicketCard } from './ticket-card';

const pageClass = 'mx-auto w-full max-w-4xl px-4 py-6 tablet:px-6 tablet:py-8';

function BackToBooking({ bookingNumber }: { bookingNumber: string }) {
  return (
    <Link
      to={bookingDetailPath(bookingNumber)}
      className="inline-flex items-center gap-1.5 text-sm font-semibold text-zinc-300 hover:text-white"
    >
      <ArrowLeft className="size-4" aria-hidden />
      예매 상세로
    </Link>
  );
}

function TicketsSkeleton() {
  return (
    <div className="mt-6 flex flex-col items-center gap-4" aria-busy="true">
      <span className="sr-only" role="status">
        모바일 티켓을 불러오는 중입니다
      </span>
      <Skeleton className="h-7 w-2/3" />
      <Skeleton className="aspect-[3/5] w-[86vw] max-w-sm rounded-3xl" />
    </div>
  );
}

function TicketList({ data }: { data: BookingTickets }) {
  const total = data.tickets.length;
  if (total === 0) {
    return <EmptyState icon={TicketX} title={bookingTexts.noTickets} className="mt-6" />;
  }
  return (
    <>
      <header className="mt-5">
        <h1 className="text-xl leading-snug font-extrabold break-keep text-white tablet:text-2xl">
          {data.concertTitle}
        </h1>
        <p className="mt-1 text-sm text-zinc-400">
          {formatConcertDate(data.concertDate)} {formatTimeRange(data.startTime, data.endTime)} ·{' '}
          {data.venueName}
        </p>
        <p className="mt-3 flex items-start gap-1.5 text-xs leading-relaxed text-amber-200/90">
          <SunMedium className="size-4 shrink-0" aria-hidden />
          <span>
            입장 시 화면 밝기를 높이고 QR 코드를 보여주세요.
            {total > 1 && (
              <span className="tablet:hidden"> 옆으로 넘기면 다음 티켓이 나옵니다.</span>
            )}
          </span>
        </p>
      </header>
      {/*
        Phones swipe through the tickets; wider screens see them side by side. The strip is a
        tab stop so that keyboard users can scroll it with the arrow keys (WCAG 2.1.1).
      */}
      <ul
        aria-label={`모바일 티켓 ${total}매`}
        tabIndex={0}
        className="-mx-4 mt-5 flex snap-x rounded-xl snap-mandatory gap-4 overflow-x-auto px-4 pb-4 tablet:mx-0 tablet:grid tablet:grid-cols-2 tablet:overflow-visible tablet:px-0"
      >
        {data.tickets.map((ticket, index) => (
          <li key={ticket.ticketId} className="flex snap-center justify-center">
            <TicketCard booking={data} ticket={ticket} index={index} total={total} />
          </li>
        ))}
      </ul>
    </>
  );
}

/** /bookingDetail/{bookingNumber}/tickets: the booking's tickets as scannable cards. */
export function TicketWallet({ bookingNumber }: { bookingNumber: string }) {
  const query = useBookingTickets(bookingNumber);

  let body;
  if (query.data) {
    body = <TicketList data={query.data} />;
  } else if (query.isError) {
    const status = isApiError(query.error) ? query.error.status : 0;
    if (status === 404) {
      body = <EmptyState icon={TicketX} title={bookingTexts.notFound} className="mt-6" />;
    } else if (status === 409) {
      // A booking whose tickets are void (cancelled) or not issued yet: the server says which.
      body = <EmptyState icon={TicketX} title={getErrorMessage(query.error)} className="mt-6" />;
    } else {
      body = (
        <ErrorState
          className="mt-6"
          title={bookingTexts.ticketsLoadFailed}
          description={getErrorMessage(query.error)}
          onRetry={() => void query.refetch()}
          isRetrying={query.isFetching}
        />
      );
    }
  } else {
    body = <TicketsSkeleton />;
  }

  return (
    <div className={pageClass}>
      <BackToBooking bookingNumber={bookingNumber} />
      {body}
    </div>
  );
}
