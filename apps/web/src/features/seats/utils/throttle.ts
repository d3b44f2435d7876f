export interface Throttle {
  /** Runs now when the interval since the last run has passed, else once at its end. */
  run: () => void;
  /** Drops a run still waiting (unmount). */
  cancel: () => void;
}

/**
 * At most one call of `fn` per `intervalMs`. Calls inside the interval fold into one at its end
 * rather than being dropped, so the last change before a quiet spell is always picked up.
 */
export function createThrottle(fn: () => void, intervalMs: number): Throttle {
  let lastRunAt = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const fire = () => {
    lastRunAt = Date.now();
    fn();
  };
  return {
    run() {
      if (timer !== null) return;
      const waitMs = lastRunAt + intervalMs - Date.now();
      if (waitMs <= 0) {
        fire();
        return;
      }
      timer = setTimeout(() => {
        timer = null;
        fire();
      }, waitMs);
    },
    cancel() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
  };
}
