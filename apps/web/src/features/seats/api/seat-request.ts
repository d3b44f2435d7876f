import { accessKeyHeaders, expireAccessKey } from '@/lib/access-key';
import { apiRequest, isApiError, type ApiRequestOptions, type ApiResult } from '@/lib/api-client';

/**
 * A call under `/seats/concerts/{id}/…` with the concert's `X-Access-Key`. A 403 there means
 * the key is missing, wrong or expired (api-contract.md §1.4): the user is told and sent back
 * to the concert before the error reaches the caller.
 */
export async function seatRequest(
  concertId: number,
  path: string,
  options: ApiRequestOptions = {},
): Promise<ApiResult> {
  try {
    return await apiRequest(`/seats/concerts/${concertId}${path}`, {
      ...options,
      headers: { ...options.headers, ...accessKeyHeaders(concertId) },
    });
  } catch (error) {
    if (isApiError(error) && error.status === 403) expireAccessKey(concertId);
    throw error;
  }
}
