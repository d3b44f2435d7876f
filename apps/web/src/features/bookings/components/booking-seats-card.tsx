import { Ticket } from 'lucide-react';
import { DetailCard } from './detail-card';

/** The booked seats, each labelled 'ticket n' (buyer-side.md §2). */
export function BookingSeatsCard({ seats }: { seats: readonly string[] }) {
  return (
    <DetailCard
      id="booking-seats"
      title="좌석 정보"
      icon={Ticket}
      aside={
        <span
          className="ml-auto rounded-full bg-rose-500/15 px-2.5 py-0.5 text-sm font-bold text-rose-200 ring-1 ring-rose-400/30"
          data-testid="seat-count"
        >
          {seats.length}매
        </span>
      }
    >
      {seats.length === 0 ? (
        <p className="text-sm text-zinc-400">좌석 정보가 없습니다.</p>
      ) : (
        <ul className="grid grid-cols-1 gap-2 tablet:grid-cols-2" aria-label="예매 좌석">
          {seats.map((seat, index) => (
            <li
              key={`${seat}-${index}`}
              className="flex items-center justify-between gap-3 rounded-xl bg-surface-850 px-4 py-3 ring-1 ring-white/5"
            >
              <span className="font-semibold text-zinc-50">{seat}</span>
              <span className="shrink-0 text-xs font-semibold text-rose-300">티켓 {index + 1}</span>
            </li>
          ))}
        </ul>
      )}
    </DetailCard>
  );
}
