import { accessKeyHeaders } from '@/lib/access-key';
import { API_BASE } from '@/lib/api-client';
import {
  classifyPollBody,
  classifyPollFailure,
  pollErrorTexts,
  type SeatPollResult,
} from '../utils/poll-result';

/** buyer-side.md §9: the client gives up on a long poll after 40 s (the server holds ~30 s). */
export const pollClientTimeoutMs = 40_000;

/**
 * `GET /seats/concerts/{cid}/polling?replace=true` (key, bare body): held by the server until a
 * seat of the concert changes or its timeout. `replace=true` ends any earlier poll of ours.
 * Never throws: every outcome is a classified result for the loop.
 */
export async function pollSeats(
  concertId: number,
  signal: AbortSignal,
  timeoutMs: number = pollClientTimeoutMs,
): Promise<SeatPollResult> {
  const timeout = AbortSignal.timeout(timeoutMs);
  let response: Response;
  let text: string;
  try {
    response = await fetch(`${API_BASE}/seats/concerts/${concertId}/polling?replace=true`, {
      method: 'GET',
      credentials: 'include',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        ...accessKeyHeaders(concertId),
      },
      signal: AbortSignal.any([signal, timeout]),
    });
    text = await response.text();
  } catch {
    if (signal.aborted) return { type: 'aborted' };
    if (timeout.aborted) return { type: 'client_timeout' };
    return { type: 'error', status: 0, message: pollErrorTexts.network };
  }
  return response.ok ? classifyPollBody(text) : classifyPollFailure(response.status, text);
}
