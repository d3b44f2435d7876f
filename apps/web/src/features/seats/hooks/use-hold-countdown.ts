import { useEffect, useLayoutEffect, useState } from 'react';

/** How often the countdown looks at the clock; under a second so it never skips one. */
const tickMs = 250;

/**
 * Whole seconds until `deadline` (epoch ms), never below 0; null without a deadline. It reads
 * the clock on each tick rather than counting down, so a throttled tab cannot make it drift.
 */
export function useHoldCountdown(deadline: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());

  // A new deadline is measured against the clock of this moment, before the browser paints,
  // not against the last tick (up to 250 ms old, which would show one second too many).
  useLayoutEffect(() => {
    if (deadline !== null) setNow(Date.now());
  }, [deadline]);

  useEffect(() => {
    // Always ticking, so a deadline that appears later is measured against a fresh clock.
    const timer = setInterval(() => setNow(Date.now()), tickMs);
    return () => clearInterval(timer);
  }, []);

  if (deadline === null) return null;
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}
