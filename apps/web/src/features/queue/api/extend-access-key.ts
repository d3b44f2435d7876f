import { extendResultSchema } from '@curtaincall/contracts';
import { apiFetch } from '@/lib/api-client';

/**
 * `PATCH /access-keys/extend?concertId=`: pushes the key's TTL back to 120 s (within the 10-minute
 * cap). Identity comes from the session; no `X-Access-Key` (api-contract.md §6.3).
 */
export function extendAccessKey(concertId: number) {
  return apiFetch('/access-keys/extend', extendResultSchema, {
    method: 'PATCH',
    params: { concertId },
  });
}
