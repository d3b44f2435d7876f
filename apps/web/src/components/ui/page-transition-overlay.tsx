import { useEffect, useState } from 'react';

/** How long the overlay covers the page after a route change (buyer-side.md §2). */
export const PAGE_TRANSITION_MS = 100;

/**
 * A short fade over the page whenever `transitionKey` changes (not on the first render),
 * softening the swap of one page for the next.
 */
export function PageTransitionOverlay({ transitionKey }: { transitionKey: string }) {
  const [lastKey, setLastKey] = useState(transitionKey);
  const [isActive, setIsActive] = useState(false);

  // Adjusting state while rendering (not in an effect) so the overlay shows on the same frame.
  if (lastKey !== transitionKey) {
    setLastKey(transitionKey);
    setIsActive(true);
  }

  useEffect(() => {
    if (!isActive) return;
    const timer = setTimeout(() => setIsActive(false), PAGE_TRANSITION_MS);
    return () => clearTimeout(timer);
  }, [isActive, lastKey]);

  if (!isActive) return null;
  return (
    <div
      data-testid="page-transition-overlay"
      className="pointer-events-none fixed inset-0 z-[60] animate-overlay bg-surface-950/60"
      aria-hidden
    >
      <div className="h-0.5 w-full bg-gradient-to-r from-rose-500 via-fuchsia-500 to-amber-400" />
    </div>
  );
}
