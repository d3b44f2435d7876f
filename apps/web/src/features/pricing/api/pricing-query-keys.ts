/** Every read of the 권종·할인 page sits under one concert's key, so a save refreshes them all. */
export const pricingQueryKey = ['seller', 'pricing'] as const;

export function concertPricingKey(concertId: number, part: string) {
  return [...pricingQueryKey, concertId, part] as const;
}

/**
 * `/concerts/{id}/grades` and `/concerts/{id}/ticket-types` are public and briefly cached: the
 * seller reads them right after a change, so the browser must not answer from its cache.
 */
export const freshHeaders = { 'Cache-Control': 'no-cache' };
