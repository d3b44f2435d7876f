import { expectationMessages, type ExpectationBody } from '@curtaincall/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { expectationsQueryKey } from './get-expectations';

/** `POST /concerts/{concertId}/expectations`; resolves with the server's message. */
export async function createExpectation(concertId: number, body: ExpectationBody): Promise<string> {
  const { message } = await apiRequest(`/concerts/${concertId}/expectations`, {
    method: 'POST',
    body: { ...body, concertId },
  });
  return message ?? expectationMessages.created;
}

export function useCreateExpectation(concertId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ExpectationBody) => createExpectation(concertId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: expectationsQueryKey(concertId) }),
  });
}
