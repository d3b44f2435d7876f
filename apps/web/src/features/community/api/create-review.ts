import { reviewMessages, type ReviewBody } from '@curtaincall/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { reviewsQueryKey } from './get-reviews';

/** `POST /concerts/{concertId}/reviews`; resolves with the server's message. */
export async function createReview(concertId: number, body: ReviewBody): Promise<string> {
  const { message } = await apiRequest(`/concerts/${concertId}/reviews`, {
    method: 'POST',
    body: { ...body, concertId },
  });
  return message ?? reviewMessages.created;
}

export function useCreateReview(concertId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewBody) => createReview(concertId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewsQueryKey(concertId) }),
  });
}
