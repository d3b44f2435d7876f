import { Info } from 'lucide-react';
import { bookingNotices } from '../utils/booking-texts';

export function BookingNotices() {
  return (
    <section
      aria-labelledby="booking-notices"
      className="rounded-2xl border border-amber-400/20 bg-amber-500/5 p-5"
    >
      <h2
        id="booking-notices"
        className="mb-3 flex items-center gap-2 text-sm font-bold text-amber-300"
      >
        <Info className="size-4" aria-hidden />
        유의사항
      </h2>
      <ul className="flex list-disc flex-col gap-1.5 pl-5 text-sm leading-relaxed text-zinc-300 marker:text-amber-400/70">
        {bookingNotices.map((notice) => (
          <li key={notice}>{notice}</li>
        ))}
      </ul>
    </section>
  );
}
