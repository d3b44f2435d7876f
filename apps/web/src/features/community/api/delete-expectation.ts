import { expectationMessages } from '@curtaincall/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { expectationsQueryKey } from './get-expectations';

/** `DELETE /concerts/{concertId}/expectations/{expectationId}` (the author, or an admin). */
export async function deleteExpectation(concertId: number, expectationId: number): Promise<string> {
  const { message } = await apiRequest(`/concerts/${concertId}/expectations/${expectationId}`, {
    method: 'DELETE',
  });
  return message ?? expectationMessages.deleted;
}

export function useDeleteExpectation(concertId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (expectationId: number) => deleteExpectation(concertId, expectationId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: expectationsQueryKey(concertId) }),
  });
}
