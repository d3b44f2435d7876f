import { useEffect, useState } from 'react';

/** The current time, refreshed every `intervalMs` while `isActive`. */
export function useNow(intervalMs: number, isActive = true): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!isActive) return;
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, isActive]);
  return now;
}
