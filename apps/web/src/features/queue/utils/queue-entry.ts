import { queueEnterResultSchema, queueMessages } from '@curtaincall/contracts';
import { isApiError } from '@/lib/api-client';

export const unknownQueueResponseMessage = '알 수 없는 응답입니다. 잠시 후 다시 시도해주세요.';

/** What the detail page does with the answer of `POST /queue/enter` (buyer-side.md §4). */
export type QueueEntryAction =
  | { type: 'reserve'; accessKey: string }
  | { type: 'wait'; rank: number | null; etaSeconds: number | null }
  | { type: 'alert'; message: string };

/**
 * IMMEDIATE_ENTRY -> the seat page with the key; WAITING -> the waiting room with the rank;
 * ERROR -> its message; anything else (an unknown status, an IMMEDIATE_ENTRY without a key)
 * -> the unknown-response alert.
 */
export function resolveQueueEntry(data: unknown): QueueEntryAction {
  const parsed = queueEnterResultSchema.safeParse(data);
  if (!parsed.success) return { type: 'alert', message: unknownQueueResponseMessage };
  const result = parsed.data;
  switch (result.status) {
    case 'IMMEDIATE_ENTRY':
      return result.accessKey
        ? { type: 'reserve', accessKey: result.accessKey }
        : { type: 'alert', message: unknownQueueResponseMessage };
    case 'WAITING':
      return {
        type: 'wait',
        rank: result.rank && result.rank > 0 ? result.rank : null,
        etaSeconds: result.etaSeconds ?? null,
      };
    case 'ERROR':
      return { type: 'alert', message: result.message?.trim() || queueMessages.enterFailed };
  }
}

/** A failed entry call: the server's message (401, 404, 409 B001, 429 Q004) or the spec's text. */
export function queueEntryErrorMessage(error: unknown): string {
  if (isApiError(error) && !error.isNetworkError && error.message) return error.message;
  return queueMessages.enterFailed;
}

/** The seat page and the waiting room of a concert. */
export function reservePath(concertId: number): string {
  return `/concerts/${concertId}/reserve`;
}

export function waitPath(concertId: number): string {
  return `/concerts/${concertId}/wait`;
}

/** What the detail page hands the waiting room in the history state (it survives a refresh). */
export interface WaitRouteState {
  rank: number | null;
  etaSeconds: number | null;
}

export function readWaitRouteState(state: unknown): WaitRouteState {
  const record =
    typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : {};
  const positive = (value: unknown) =>
    typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
  const etaSeconds = record.etaSeconds;
  return {
    rank: positive(record.rank),
    etaSeconds: typeof etaSeconds === 'number' && Number.isFinite(etaSeconds) ? etaSeconds : null,
  };
}
