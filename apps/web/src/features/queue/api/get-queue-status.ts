import { queueStatusResultSchema } from '@curtaincall/contracts';
import { apiFetch } from '@/lib/api-client';

/**
 * `GET /queue/status?concertId=`: ADMITTED (with the key), WAITING (with the rank) or
 * EXPIRED_OR_NOT_IN_QUEUE. No query hook: the waiting room's socket client calls it on its own
 * schedule (when the socket opens, then every 5 s while it is down).
 */
export function getQueueStatus(concertId: number, signal?: AbortSignal) {
  return apiFetch('/queue/status', queueStatusResultSchema, { params: { concertId }, signal });
}
