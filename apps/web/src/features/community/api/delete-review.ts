import { reviewMessages } from '@curtaincall/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { reviewsQueryKey } from './get-reviews';

/** `DELETE /concerts/{concertId}/reviews/{reviewId}` (the author, or an admin). */
export async function deleteReview(concertId: number, reviewId: number): Promise<string> {
  const { message } = await apiRequest(`/concerts/${concertId}/reviews/${reviewId}`, {
    method: 'DELETE',
  });
  return message ?? reviewMessages.deleted;
}

export function useDeleteReview(concertId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reviewId: number) => deleteReview(concertId, reviewId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewsQueryKey(concertId) }),
  });
}
