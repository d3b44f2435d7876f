import { reviewMessages, type ReviewBody } from '@curtaincall/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { reviewsQueryKey } from './get-reviews';

export interface UpdateReviewInput {
  reviewId: number;
  body: Omit<ReviewBody, 'concertId'>;
}

/** `PUT /concerts/{concertId}/reviews/{reviewId}` (the rating changes too). */
export async function updateReview(
  concertId: number,
  { reviewId, body }: UpdateReviewInput,
): Promise<string> {
  const { message } = await apiRequest(`/concerts/${concertId}/reviews/${reviewId}`, {
    method: 'PUT',
    body,
  });
  return message ?? reviewMessages.updated;
}

export function useUpdateReview(concertId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateReviewInput) => updateReview(concertId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewsQueryKey(concertId) }),
  });
}
