import type { SeatEntry } from '@curtaincall/contracts';
import type { SeatPollResult } from './poll-result';

/** buyer-side.md §9: the next poll 300 ms after an answer, 35 s after an error. */
export const seatPollTiming = { requeryDelayMs: 300, errorRetryMs: 35_000 } as const;

export interface SeatPollLoopOptions {
  poll: (signal: AbortSignal) => Promise<SeatPollResult>;
  /** Changed seats to merge at once. */
  onUpdates: (seatUpdates: SeatEntry[]) => void;
  /** After every answer: re-fetch the seat status (api-contract.md §7.1). */
  onAnswer: () => void;
  /** A failure the user should hear about (toast); the loop retries after 35 s. */
  onError: (message: string) => void;
  /** 403: the access key is gone; the loop ends. */
  onKeyExpired: () => void;
}

/**
 * The seat page's long-poll loop. Starts at once and returns its stop function, which aborts
 * the poll on its way and cancels the next one.
 */
export function startSeatPollLoop(options: SeatPollLoopOptions): () => void {
  let isStopped = false;
  let controller: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const schedule = (delayMs: number) => {
    if (isStopped) return;
    timer = setTimeout(() => {
      timer = null;
      void run();
    }, delayMs);
  };

  const run = async () => {
    if (isStopped) return;
    controller = new AbortController();
    const result = await options.poll(controller.signal);
    controller = null;
    if (isStopped) return;
    switch (result.type) {
      case 'update':
        options.onUpdates(result.seatUpdates);
        options.onAnswer();
        schedule(seatPollTiming.requeryDelayMs);
        return;
      case 'parse_error':
        console.warn('[seats] unreadable polling answer');
        options.onAnswer();
        schedule(seatPollTiming.requeryDelayMs);
        return;
      case 'timeout':
      case 'no_data':
      case 'client_timeout':
        // Normal ends; the status re-fetch also catches anything a lost answer missed.
        options.onAnswer();
        schedule(seatPollTiming.requeryDelayMs);
        return;
      case 'session_conflict':
        schedule(seatPollTiming.requeryDelayMs);
        return;
      case 'key_expired':
        isStopped = true;
        options.onKeyExpired();
        return;
      case 'error':
        options.onError(result.message);
        schedule(seatPollTiming.errorRetryMs);
        return;
      case 'aborted':
        return;
    }
  };

  void run();
  return () => {
    isStopped = true;
    controller?.abort();
    if (timer !== null) clearTimeout(timer);
  };
}
