import { queueSwitchResultSchema, type QueueSwitchBody } from '@curtaincall/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/**
 * `POST /queue/switch?concertId=` (ours, issue 26): moves the caller's waiting place from a
 * sold-out performance to another of the same show, keeping the time they first queued.
 */
export function switchQueue(concertId: number, body: QueueSwitchBody) {
  return apiFetch('/queue/switch', queueSwitchResultSchema, {
    method: 'POST',
    params: { concertId },
    body,
  });
}

export function useSwitchQueueMutation(concertId: number) {
  return useMutation({
    mutationFn: (toConcertId: number) => switchQueue(concertId, { toConcertId }),
  });
}
