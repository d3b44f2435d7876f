import {
  paymentMessages,
  paymentSettingsSchema,
  type PaymentSettings,
} from '@curtaincall/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, apiRequest } from '@/lib/api-client';

/** The platform's 예매수수료 per seat (issue 27): `GET/PUT /admin/settings/payments`, admins only. */

export const paymentSettingsQueryKey = ['admin', 'settings', 'payments'] as const;

export function getPaymentSettings(signal?: AbortSignal) {
  return apiFetch('/admin/settings/payments', paymentSettingsSchema, { signal });
}

export function paymentSettingsQueryOptions() {
  return queryOptions({
    queryKey: paymentSettingsQueryKey,
    queryFn: ({ signal }) => getPaymentSettings(signal),
  });
}

export function usePaymentSettings() {
  return useQuery(paymentSettingsQueryOptions());
}

/** `PUT`: applies to bookings made from now on; answers the server's sentence. */
export async function savePaymentSettings(settings: PaymentSettings) {
  const { message } = await apiRequest('/admin/settings/payments', {
    method: 'PUT',
    body: settings,
  });
  return message ?? paymentMessages.settingsSaved;
}
