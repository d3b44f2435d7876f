import { clsx } from 'clsx';
import { useState } from 'react';

/** Shown when a concert has no poster or its poster fails to load (buyer-side.md §2). */
export const fallbackPosterUrl = '/images/basic-poster-image.png';

interface ConcertPosterProps {
  src: string | null | undefined;
  title: string;
  className?: string;
}

export function ConcertPoster({ src, title, className }: ConcertPosterProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const usable = src && src !== failedSrc ? src : fallbackPosterUrl;
  return (
    <img
      src={usable}
      alt={`${title} 포스터`}
      loading="lazy"
      decoding="async"
      onError={() => {
        if (usable !== fallbackPosterUrl) setFailedSrc(usable);
      }}
      className={clsx('size-full object-cover', className)}
    />
  );
}
