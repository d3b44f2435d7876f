import {
  PROOF_AT_ENTRY,
  ticketTypeKindLabels,
  type BookingTickets,
  type Ticket as BookingTicket,
} from '@curtaincall/contracts';
import { CalendarDays, MapPin, Ticket } from 'lucide-react';
import { formatConcertDate, formatTimeRange } from '@/lib/format';

export const ticketCardTexts = {
  ticketType: '권종',
} as const;

/**
 * The QR code as an image: an SVG shown through <img> cannot run scripts or touch the page,
 * whatever the string holds, so the server's markup is never inserted into the document.
 */
export function qrImageSrc(qrSvg: string): string {
  return `data:image/svg+xml;utf8,${encodeURIComponent(qrSvg)}`;
}

interface TicketCardProps {
  booking: BookingTickets;
  ticket: BookingTicket;
  index: number;
  total: number;
}

/**
 * One mobile ticket: a big QR code on white for the scanner, then what the ticket is for; its
 * 권종 unless 일반, and '현장에서 증빙 필요' when the type needs proof. The server lists only
 * tickets still valid: a seat cancelled on its own has no ticket here.
 */
export function TicketCard({ booking, ticket, index, total }: TicketCardProps) {
  const position = `${index + 1} / ${total}`;
  const hasTicketType =
    ticket.ticketTypeName !== ticketTypeKindLabels.GENERAL || ticket.proofRequired;
  return (
    <article
      aria-label={`티켓 ${position}`}
      className="flex w-[86vw] max-w-sm shrink-0 snap-center flex-col overflow-hidden rounded-3xl bg-surface-900 shadow-2xl ring-1 shadow-black/60 ring-surface-700 tablet:w-auto tablet:max-w-none"
    >
      <div className="flex items-center justify-between bg-rose-600 px-5 py-3 text-white">
        <span className="flex items-center gap-1.5 text-sm font-bold">
          <Ticket className="size-4" aria-hidden />
          모바일 티켓
        </span>
        <span className="text-sm font-bold tabular-nums" data-testid="ticket-position">
          {position}
        </span>
      </div>
      <div className="flex justify-center bg-white p-5">
        <img
          src={qrImageSrc(ticket.qrSvg)}
          alt={`${ticket.seatLabel} 입장 QR 코드`}
          className="aspect-square w-full max-w-64 [image-rendering:pixelated]"
          draggable={false}
        />
      </div>
      <div className="relative border-t-2 border-dashed border-surface-700 px-5 pt-4 pb-5">
        <h2 className="text-lg leading-snug font-extrabold break-keep text-white">
          {booking.concertTitle}
        </h2>
        <p className="mt-0.5 text-sm font-semibold text-rose-300">{booking.artist}</p>
        <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
          <div className="col-span-2">
            <dt className="flex items-center gap-1 text-xs text-zinc-400">
              <CalendarDays className="size-3.5" aria-hidden />
              일시
            </dt>
            <dd className="mt-0.5 font-semibold text-zinc-50">
              {formatConcertDate(booking.concertDate)}{' '}
              {formatTimeRange(booking.startTime, booking.endTime)}
            </dd>
          </div>
          <div className="col-span-2">
            <dt className="flex items-center gap-1 text-xs text-zinc-400">
              <MapPin className="size-3.5" aria-hidden />
              장소
            </dt>
            <dd className="mt-0.5 font-semibold text-zinc-50">{booking.venueName}</dd>
          </div>
          <div>
            <dt className="text-xs text-zinc-400">좌석</dt>
            <dd className="mt-0.5 text-base font-extrabold text-white">{ticket.seatLabel}</dd>
          </div>
          <div>
            <dt className="text-xs text-zinc-400">등급</dt>
            <dd className="mt-0.5 text-base font-extrabold text-white">{ticket.gradeName}</dd>
          </div>
          {hasTicketType && (
            <div className="col-span-2">
              <dt className="text-xs text-zinc-400">{ticketCardTexts.ticketType}</dt>
              <dd className="mt-0.5 flex flex-wrap items-center gap-2 font-semibold text-zinc-50">
                {ticket.ticketTypeName}
                {ticket.proofRequired && (
                  <span className="rounded-md bg-amber-400/15 px-2 py-0.5 text-xs font-bold text-amber-100 ring-1 ring-amber-400/30">
                    {PROOF_AT_ENTRY}
                  </span>
                )}
              </dd>
            </div>
          )}
          <div className="col-span-2">
            <dt className="text-xs text-zinc-400">예매번호</dt>
            <dd className="mt-0.5 font-mono font-semibold tracking-wide text-zinc-100">
              {booking.bookingNumber}
            </dd>
          </div>
        </dl>
      </div>
    </article>
  );
}
