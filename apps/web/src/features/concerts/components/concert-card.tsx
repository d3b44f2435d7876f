import { formatShowDateRange, type Concert } from '@curtaincall/contracts';
import { CalendarDays, MapPin, Users } from 'lucide-react';
import type { FocusEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { formatConcertSchedule, formatNumber } from '@/lib/format';
import { ConcertPoster } from './concert-poster';
import { ConcertStatusBadge } from './concert-status-badge';

/**
 * A card reached by Tab is brought wholly into view (below the sticky header, see the
 * scroll-padding in index.css), not just its title line.
 */
function revealCard(event: FocusEvent<HTMLAnchorElement>) {
  if (!event.currentTarget.matches(':focus-visible')) return;
  event.currentTarget.closest('article')?.scrollIntoView({ block: 'nearest' });
}

/**
 * Poster, status, title, artist, date and time, venue and total seats; opens the detail page.
 * A show of several 회차 (issue 26) is one card with its date range and count instead of one
 * date ('2026.12.20 ~ 12.22 · 3회'). `priority` for the cards of the first screenful (see
 * ConcertPoster).
 */
export function ConcertCard({ concert, priority }: { concert: Concert; priority?: boolean }) {
  return (
    // The ring is the card's own outline: the link's box is only the title, and an outline on
    // its full-card overlay would be clipped by the card's rounded overflow.
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-surface-700/70 bg-surface-900 transition-all duration-200 hover:-translate-y-1 hover:border-rose-400/40 hover:shadow-2xl hover:shadow-rose-950/30 has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-rose-400">
      <div className="relative aspect-[3/4] overflow-hidden bg-surface-800">
        <ConcertPoster
          src={concert.posterImageUrl}
          title={concert.title}
          priority={priority}
          className="transition-transform duration-500 group-hover:scale-105"
        />
        <div className="absolute inset-x-0 bottom-0 h-1/3 bg-gradient-to-t from-surface-900 to-transparent" />
        <ConcertStatusBadge status={concert.status} className="absolute top-3 left-3" />
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3 tablet:p-4">
        <h3 className="line-clamp-2 text-base leading-snug font-bold text-zinc-50">
          <Link
            to={`/concerts/${concert.concertId}`}
            className="after:absolute after:inset-0 focus-visible:outline-none"
            onFocus={revealCard}
          >
            {concert.title}
          </Link>
        </h3>
        <p className="truncate text-sm font-medium text-rose-300">{concert.artist}</p>
        <dl className="mt-3 flex flex-col gap-1.5 text-xs text-zinc-400">
          <div className="flex items-start gap-1.5">
            <dt className="sr-only">{concert.show ? '공연 기간' : '일시'}</dt>
            <CalendarDays className="mt-px size-3.5 shrink-0" aria-hidden />
            <dd className="leading-snug">
              {concert.show
                ? formatShowDateRange(concert.show)
                : formatConcertSchedule(concert.concertDate, concert.startTime)}
            </dd>
          </div>
          <div className="flex items-center gap-1.5">
            <dt className="sr-only">장소</dt>
            <MapPin className="size-3.5 shrink-0" aria-hidden />
            <dd className="truncate">{concert.venueName}</dd>
          </div>
          <div className="flex items-center gap-1.5">
            <dt className="sr-only">총 좌석</dt>
            <Users className="size-3.5 shrink-0" aria-hidden />
            <dd>총 {formatNumber(concert.totalSeats)}석</dd>
          </div>
        </dl>
      </div>
    </article>
  );
}

export function ConcertCardSkeleton() {
  return (
    <div className="flex flex-col overflow-hidden rounded-2xl border border-surface-700/70 bg-surface-900">
      <Skeleton className="aspect-[3/4] rounded-none" />
      <div className="flex flex-col gap-2 p-4">
        <Skeleton className="h-5 w-4/5" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="mt-2 h-3 w-3/4" />
        <Skeleton className="h-3 w-2/3" />
      </div>
    </div>
  );
}

/** Cards in the first screenful of a grid: two rows on a phone, the first row on a desktop. */
export const firstScreenCards = 4;

export function ConcertGrid({ children }: { children: ReactNode }) {
  return (
    <ul className="grid grid-cols-2 gap-3 tablet:grid-cols-3 tablet:gap-5 desktop:grid-cols-4">
      {children}
    </ul>
  );
}
