/**
 * Fixed-window counters for rate limits (failed logins, queue entry): in process when embedded,
 * in Redis when several instances must share the count.
 */
export interface CounterStorePort {
  /** Adds one to `key` and returns the count in the current window. */
  increment(key: string, windowSeconds: number): Promise<number>;
  /** `increment` for several keys in one step (one Redis call): a rate limit per user and per IP. */
  incrementEach(keys: string[], windowSeconds: number): Promise<number[]>;
  get(key: string): Promise<number>;
  reset(key: string): Promise<void>;
}
