import { useEffect, useLayoutEffect, useState } from 'react';

/** How often the countdown looks at the clock; under a second so it never skips one. */
const tickMs = 250;

/**
 * A countdown of the server's deadlines (seat holds, the payment window): whole seconds until `deadline` (epoch ms), never below 0; null without a deadline. It reads
 * the clock on each tick rather than counting down, so a throttled tab cannot make it drift.
 */
export function useSecondsLeft(deadline: number | null): number | null {
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

/** 125 -> '02:05' */
export function formatCountdown(seconds: number): string {
  const safe = Math.max(0, Math.floor(seconds));
  const minutes = Math.floor(safe / 60);
  return `${String(minutes).padStart(2, '0')}:${String(safe % 60).padStart(2, '0')}`;
}

/** 300 -> '5분', 90 -> '1분 30초', 15 -> '15초': how long a rule of the server lasts. */
export function formatDuration(seconds: number): string {
  const safe = Math.max(0, Math.round(seconds));
  const minutes = Math.floor(safe / 60);
  const rest = safe % 60;
  if (minutes === 0) return `${rest}초`;
  return rest === 0 ? `${minutes}분` : `${minutes}분 ${rest}초`;
}
