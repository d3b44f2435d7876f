import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createThrottle } from './throttle';

describe('createThrottle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs the first call at once and folds calls inside the interval into one at its end', () => {
    const fn = vi.fn();
    const throttle = createThrottle(fn, 2_000);
    throttle.run();
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(500);
    throttle.run();
    throttle.run();
    vi.advanceTimersByTime(1_000);
    throttle.run();
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(499);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(2);
    // A quiet spell longer than the interval: the next call runs at once again.
    vi.advanceTimersByTime(5_000);
    throttle.run();
    expect(fn).toHaveBeenCalledTimes(3);
  });

  it('cancel drops the waiting run', () => {
    const fn = vi.fn();
    const throttle = createThrottle(fn, 2_000);
    throttle.run();
    throttle.run();
    throttle.cancel();
    vi.advanceTimersByTime(10_000);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
