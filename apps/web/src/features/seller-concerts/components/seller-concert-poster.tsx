import { useState } from 'react';

/** The app's fallback poster (public/images), shown when a concert has none or it fails. */
export const defaultPosterUrl = '/images/basic-poster-image.png';

/** A small 3:4 poster thumbnail for the seller's list. */
export function SellerConcertPoster({ src, title }: { src: string | null; title: string }) {
  const [broken, setBroken] = useState<string | null>(null);
  const shown = src && src !== broken ? src : defaultPosterUrl;
  return (
    <img
      src={shown}
      alt={`${title} 포스터`}
      width={600}
      height={800}
      loading="lazy"
      decoding="async"
      onError={() => {
        if (shown !== defaultPosterUrl) setBroken(shown);
      }}
      className="aspect-[3/4] size-full object-cover"
    />
  );
}
