import { clsx } from 'clsx';
import { Ticket } from 'lucide-react';
import { useState } from 'react';

/** The concert's poster in a booking row, or a ticket placeholder when missing or broken. */
export function BookingPoster({
  src,
  title,
  className,
}: {
  src: string | null;
  title: string;
  className?: string;
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const usable = src && src !== failedSrc ? src : null;
  return (
    <div
      className={clsx(
        'relative flex shrink-0 items-center justify-center overflow-hidden rounded-xl bg-surface-800',
        className,
      )}
    >
      {usable ? (
        <img
          src={usable}
          alt={`${title} 포스터`}
          loading="lazy"
          decoding="async"
          onError={() => setFailedSrc(usable)}
          className="size-full object-cover"
        />
      ) : (
        <Ticket className="size-7 text-zinc-600" role="img" aria-label="포스터 없음" />
      )}
    </div>
  );
}
