import { depositSettingsSchema, type DepositSettings } from '@curtaincall/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiRequest } from '@/lib/api-client';
import { pricingTexts } from '../utils/pricing-texts';
import { concertPricingKey } from './pricing-query-keys';

/**
 * One performance's 결제 설정 (issue 28): whether it takes 가상계좌, how many days a deposit may
 * wait, and whether it is 문화비 소득공제 대상. `GET/PUT /seller/concerts/{concertId}/payment-settings`,
 * the owning seller only.
 */
const settingsPath = (concertId: number) => `/seller/concerts/${concertId}/payment-settings`;

export function depositSettingsQueryKey(concertId: number) {
  return concertPricingKey(concertId, 'payment-settings');
}

export function getDepositSettings(concertId: number, signal?: AbortSignal) {
  return apiFetch(settingsPath(concertId), depositSettingsSchema, { signal });
}

export function depositSettingsQueryOptions(concertId: number) {
  return queryOptions({
    queryKey: depositSettingsQueryKey(concertId),
    queryFn: ({ signal }) => getDepositSettings(concertId, signal),
  });
}

export function useDepositSettings(concertId: number) {
  return useQuery(depositSettingsQueryOptions(concertId));
}

export interface SavedDepositSettings {
  settings: DepositSettings;
  message: string;
}

/** `PUT`: the whole setting; answers what the server stored (the body sent, if it says none). */
export async function saveDepositSettings(
  concertId: number,
  settings: DepositSettings,
): Promise<SavedDepositSettings> {
  const { data, message } = await apiRequest(settingsPath(concertId), {
    method: 'PUT',
    body: settings,
  });
  const parsed = depositSettingsSchema.safeParse(data);
  return {
    settings: parsed.success ? parsed.data : settings,
    message: message ?? pricingTexts.deposit.saved,
  };
}

export function useSaveDepositSettings(concertId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: DepositSettings) => saveDepositSettings(concertId, settings),
    onSuccess: ({ settings }) =>
      queryClient.setQueryData(depositSettingsQueryKey(concertId), settings),
  });
}
