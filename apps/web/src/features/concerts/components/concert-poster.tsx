import { clsx } from 'clsx';
import { useState } from 'react';

/** Shown when a concert has no poster or its poster fails to load (buyer-side.md §2). */
export const fallbackPosterUrl = '/images/basic-poster-image.png';

interface ConcertPosterProps {
  src: string | null | undefined;
  title: string;
  className?: string;
  /**
   * For a poster in the first screenful (the page's largest image, its LCP): fetched at once and
   * first, not when the layout finds it in view.
   */
  priority?: boolean;
}

export function ConcertPoster({ src, title, className, priority = false }: ConcertPosterProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const usable = src && src !== failedSrc ? src : fallbackPosterUrl;
  return (
    <img
      src={usable}
      alt={`${title} 포스터`}
      // Posters are 3:4 (the fallback is 600x800): the box is reserved before the image arrives.
      width={600}
      height={800}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      // An async decode may paint the frame without the image and show it a frame later: the
      // first screen's posters are painted with their frame.
      decoding={priority ? 'auto' : 'async'}
      onError={() => {
        if (usable !== fallbackPosterUrl) setFailedSrc(usable);
      }}
      className={clsx('size-full object-cover', className)}
    />
  );
}
