import { expectationMessages, type ExpectationBody } from '@curtaincall/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { expectationsQueryKey } from './get-expectations';

export interface UpdateExpectationInput {
  expectationId: number;
  body: Omit<ExpectationBody, 'concertId'>;
}

/** `PUT /concerts/{concertId}/expectations/{expectationId}` (the rating changes too). */
export async function updateExpectation(
  concertId: number,
  { expectationId, body }: UpdateExpectationInput,
): Promise<string> {
  const { message } = await apiRequest(`/concerts/${concertId}/expectations/${expectationId}`, {
    method: 'PUT',
    body,
  });
  return message ?? expectationMessages.updated;
}

export function useUpdateExpectation(concertId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateExpectationInput) => updateExpectation(concertId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: expectationsQueryKey(concertId) }),
  });
}
