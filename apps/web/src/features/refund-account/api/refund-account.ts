import {
  paymentMethodMessages,
  refundAccountSchema,
  type RefundAccount,
  type RefundAccountBody,
} from '@curtaincall/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiRequest } from '@/lib/api-client';

/**
 * The buyer's 환불 계좌 (issue 28): where a 가상계좌 payment is refunded, since bank transfers
 * cannot be reversed onto a card. `GET/PUT/DELETE /users/me/refund-account`, the owner only;
 * the server keeps it encrypted and only ever answers it masked.
 */
const path = '/users/me/refund-account';

export const refundAccountQueryKey = ['users', 'me', 'refund-account'] as const;

/** The registered account, masked; null when there is none. */
export function getRefundAccount(signal?: AbortSignal): Promise<RefundAccount | null> {
  return apiFetch(path, refundAccountSchema.nullable(), { signal });
}

export function refundAccountQueryOptions() {
  return queryOptions({
    queryKey: refundAccountQueryKey,
    queryFn: ({ signal }) => getRefundAccount(signal),
  });
}

export function useRefundAccount() {
  return useQuery(refundAccountQueryOptions());
}

export interface SavedRefundAccount {
  /** The masked account the server answered with; null if its answer carried none. */
  account: RefundAccount | null;
  message: string;
}

/** `PUT`: registers or replaces the account. */
export async function saveRefundAccount(body: RefundAccountBody): Promise<SavedRefundAccount> {
  const { data, message } = await apiRequest(path, { method: 'PUT', body });
  const parsed = refundAccountSchema.safeParse(data);
  return {
    account: parsed.success ? parsed.data : null,
    message: message ?? paymentMethodMessages.refundAccountSaved,
  };
}

/** `DELETE`: forgets the account; answers the server's sentence. */
export async function deleteRefundAccount(): Promise<string> {
  const { message } = await apiRequest(path, { method: 'DELETE' });
  return message ?? paymentMethodMessages.refundAccountDeleted;
}

/**
 * Saving puts the masked answer straight into the cache (so the card and the cancel dialog show
 * it at once) and reloads it when the answer had none.
 */
export function useSaveRefundAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRefundAccount,
    onSuccess: async ({ account }) => {
      if (account) queryClient.setQueryData(refundAccountQueryKey, account);
      else await queryClient.invalidateQueries({ queryKey: refundAccountQueryKey });
    },
  });
}

export function useDeleteRefundAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRefundAccount,
    onSuccess: () => queryClient.setQueryData(refundAccountQueryKey, null),
  });
}
