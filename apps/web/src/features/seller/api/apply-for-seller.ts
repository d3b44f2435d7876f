import { sellerMessages, type SellerApplicationBody } from '@curtaincall/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { sellerStatusQueryKey } from './get-seller-status';

export interface SellerApplicationRequest {
  body: SellerApplicationBody;
  /** Null on a re-application that reuses the previous document. */
  document: File | null;
}

/**
 * `POST /users/me/seller-requests` (api-contract.md §11.1): the fields as a JSON part named
 * `request` (a Blob of type application/json) and the licence as `document`.
 */
export async function applyForSeller({
  body,
  document,
}: SellerApplicationRequest): Promise<string> {
  const formData = new FormData();
  formData.set('request', new Blob([JSON.stringify(body)], { type: 'application/json' }));
  if (document) formData.set('document', document);
  const { message } = await apiRequest('/users/me/seller-requests', {
    method: 'POST',
    body: formData,
  });
  return message ?? sellerMessages.applied;
}

export function useApplyForSeller() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyForSeller,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sellerStatusQueryKey }),
  });
}
