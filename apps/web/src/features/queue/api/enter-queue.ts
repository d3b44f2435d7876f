import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * `POST /queue/enter?concertId=`: the raw `data`, unchecked, because an unknown status is an
 * answer the page must handle itself (an alert), not a failed call (buyer-side.md §4).
 */
export async function enterQueue(concertId: number): Promise<unknown> {
  const { data } = await apiRequest('/queue/enter', { method: 'POST', params: { concertId } });
  return data;
}

export function useEnterQueueMutation(concertId: number) {
  return useMutation({ mutationFn: () => enterQueue(concertId) });
}
