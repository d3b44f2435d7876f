import { seatEntrySchema, type SeatEntry } from '@curtaincall/contracts';
import { z } from 'zod';

/**
 * What one long poll came back with (buyer-side.md §4 "Seat polling result types", plus the
 * failures the loop reacts to):
 * - update: seats changed (`hasUpdate` true with `seatUpdates`);
 * - timeout: `status: 'timeout-ok'`, the normal idle end;
 * - no_data: every other 200 body;
 * - parse_error: a 200 whose body is not JSON or whose entries break the contract;
 * - session_conflict: 409, another poll of ours is waiting (a normal end);
 * - client_timeout: no answer within 40 s (a normal empty result);
 * - key_expired: 403, the access key is gone;
 * - error: 401, other 4xx/5xx and network failures, with the message to show;
 * - aborted: the page stopped the loop.
 */
export type SeatPollResult =
  | { type: 'update'; seatUpdates: SeatEntry[]; updateTime: string | null }
  | { type: 'timeout' }
  | { type: 'no_data' }
  | { type: 'parse_error' }
  | { type: 'session_conflict' }
  | { type: 'client_timeout' }
  | { type: 'key_expired' }
  | { type: 'error'; status: number; message: string }
  | { type: 'aborted' };

export const pollErrorTexts = {
  unauthorized: '인증이 필요합니다. 로그인해주세요.',
  network: '네트워크 에러가 발생했습니다.',
  server: (status: number) => `서버 에러 (${status})`,
} as const;

const seatUpdatesSchema = z.array(seatEntrySchema);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Classifies the body of a 200 answer (api-contract.md §7.1). `text` is the raw body. */
export function classifyPollBody(text: string): SeatPollResult {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { type: 'parse_error' };
  }
  if (!isRecord(body)) return { type: 'no_data' };
  if (body.status === 'timeout-ok') return { type: 'timeout' };
  if (body.hasUpdate === true && Array.isArray(body.seatUpdates)) {
    const parsed = seatUpdatesSchema.safeParse(body.seatUpdates);
    if (!parsed.success) return { type: 'parse_error' };
    return {
      type: 'update',
      seatUpdates: parsed.data,
      updateTime: typeof body.updateTime === 'string' ? body.updateTime : null,
    };
  }
  return { type: 'no_data' };
}

/** Classifies a non-200 answer by its status and (JSON) body. */
export function classifyPollFailure(status: number, text: string): SeatPollResult {
  if (status === 409) return { type: 'session_conflict' };
  if (status === 403) return { type: 'key_expired' };
  if (status === 401) return { type: 'error', status, message: pollErrorTexts.unauthorized };
  let message: string | null = null;
  try {
    const body: unknown = JSON.parse(text);
    if (isRecord(body) && typeof body.message === 'string' && body.message.trim() !== '') {
      message = body.message;
    }
  } catch {
    // A body that is not JSON has no message to show.
  }
  return { type: 'error', status, message: message ?? pollErrorTexts.server(status) };
}
