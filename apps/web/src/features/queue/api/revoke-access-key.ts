import { apiRequest } from '@/lib/api-client';

/**
 * `DELETE /access-keys?concertId=`: frees the admission slot when the seat page is left; the key
 * itself lives out its TTL, so a refresh or a StrictMode remount keeps working (§6.4).
 * `keepalive` lets the call finish while the tab closes.
 */
export async function revokeAccessKey(concertId: number, { keepalive = false } = {}) {
  await apiRequest('/access-keys', { method: 'DELETE', params: { concertId }, keepalive });
}
