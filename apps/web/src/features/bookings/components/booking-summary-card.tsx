import { CalendarDays, Clock, Hourglass, UserRound } from 'lucide-react';
import type { ComponentType } from 'react';
import { formatConcertDate, formatTimeRange } from '@/lib/format';
import type { BookingDetailResponse } from '../api/get-booking-detail';
import { useNow } from '../hooks/use-now';
import { formatTimeUntilConcert } from '../utils/time-until-concert';
import { BookingStatusBadge } from './booking-status-badge';

/** How often the time left to the concert is recomputed (buyer-side.md §9). */
export const TIME_LEFT_REFRESH_MS = 60_000;

/** The poster component the page supplies (the concerts feature's, with its fallback image). */
export type PosterComponent = ComponentType<{
  src: string | null | undefined;
  title: string;
  className?: string;
}>;

function TimeUntilConcert({ booking }: { booking: BookingDetailResponse }) {
  const now = useNow(TIME_LEFT_REFRESH_MS);
  const text = formatTimeUntilConcert(booking.concertDate, booking.startTime, now);
  if (!text) return null;
  return (
    <div className="mx-4 mb-4 flex items-center justify-between gap-3 rounded-xl bg-emerald-500/10 px-4 py-3 ring-1 ring-emerald-400/25 tablet:mx-5 tablet:mb-5">
      <span className="flex items-center gap-1.5 text-sm text-emerald-200/80">
        <Hourglass className="size-4" aria-hidden />
        공연까지
      </span>
      <span
        className="text-base font-bold whitespace-nowrap text-emerald-200 tabular-nums"
        data-testid="time-left"
      >
        {text}
      </span>
    </div>
  );
}

/** The left card: poster, title, artist, date, time range, status and the time left. */
export function BookingSummaryCard({
  booking,
  Poster,
}: {
  booking: BookingDetailResponse;
  Poster: PosterComponent;
}) {
  return (
    <section
      aria-labelledby="booking-concert-title"
      className="overflow-hidden rounded-2xl border border-surface-700/70 bg-surface-900/70 desktop:sticky desktop:top-24"
    >
      <div className="flex gap-4 p-4 tablet:p-5 desktop:flex-col">
        <div className="aspect-[3/4] w-28 shrink-0 overflow-hidden rounded-xl border border-white/10 bg-surface-800 shadow-xl shadow-black/50 tablet:w-40 desktop:w-full">
          <Poster src={booking.posterImageUrl} title={booking.concertTitle} />
        </div>
        <div className="flex min-w-0 flex-1 flex-col">
          <div>
            <BookingStatusBadge status={booking.bookingStatus} />
          </div>
          <h1
            id="booking-concert-title"
            className="mt-3 text-lg leading-snug font-extrabold break-keep text-white tablet:text-xl"
          >
            {booking.concertTitle}
          </h1>
          <p className="mt-1 flex items-center gap-1.5 text-sm font-semibold text-rose-300">
            <UserRound className="size-4 shrink-0" aria-hidden />
            {booking.artistName}
          </p>
          <dl className="mt-4 flex flex-col gap-2 text-sm">
            <div className="flex items-center gap-2">
              <dt className="flex items-center gap-1.5 text-zinc-400">
                <CalendarDays className="size-4" aria-hidden />
                <span className="sr-only">공연일</span>
              </dt>
              <dd className="text-zinc-100">{formatConcertDate(booking.concertDate)}</dd>
            </div>
            <div className="flex items-center gap-2">
              <dt className="flex items-center gap-1.5 text-zinc-400">
                <Clock className="size-4" aria-hidden />
                <span className="sr-only">공연 시간</span>
              </dt>
              <dd className="text-zinc-100">
                {formatTimeRange(booking.startTime, booking.endTime)}
              </dd>
            </div>
          </dl>
        </div>
      </div>
      {booking.bookingStatus === 'CONFIRMED' && <TimeUntilConcert booking={booking} />}
    </section>
  );
}
