/**
 * Fan-out of events to every instance (product-rules §3-5): seat changes wake long polls, queue
 * admissions reach the socket wherever the user is connected. In process when embedded; Redis
 * pub/sub in scale-out. Delivery is at most once: the database stays the source of truth and
 * every listener can re-read it, so a lost message costs only latency.
 */
export type BusHandler = (message: unknown) => void;

export interface EventBusPort {
  publish(channel: string, message: unknown): Promise<void>;
  /** Returns the function that removes this handler. */
  subscribe(channel: string, handler: BusHandler): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
