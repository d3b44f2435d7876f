import { browser } from './browser';

/**
 * The per-concert access key of the waiting room (api-contract.md §6): kept in sessionStorage
 * under `accessKey-{concertId}` and sent as `X-Access-Key` on every `/seats/concerts/{id}/**`
 * call. Shared here because the queue hands the key out and the seat page spends it.
 */
export function accessKeyStorageKey(concertId: number): string {
  return `accessKey-${concertId}`;
}

export function readAccessKey(concertId: number): string | null {
  try {
    return window.sessionStorage.getItem(accessKeyStorageKey(concertId));
  } catch {
    // Storage can be disabled (privacy modes); the seat calls then fail with 403 like a missing key.
    return null;
  }
}

export function storeAccessKey(concertId: number, accessKey: string): void {
  try {
    window.sessionStorage.setItem(accessKeyStorageKey(concertId), accessKey);
  } catch {
    console.warn('[access-key] sessionStorage is not available; the seat page will refuse entry');
  }
}

export function clearAccessKey(concertId: number): void {
  try {
    window.sessionStorage.removeItem(accessKeyStorageKey(concertId));
  } catch {
    // Nothing stored, nothing to clear.
  }
}

/** The `X-Access-Key` header for a seat call; a missing key only logs a warning (buyer-side §8). */
export function accessKeyHeaders(concertId: number): Record<string, string> {
  const accessKey = readAccessKey(concertId);
  if (!accessKey) {
    console.warn(`[access-key] no access key for concert ${concertId} in this session`);
    return {};
  }
  return { 'X-Access-Key': accessKey };
}

export const accessKeyExpiredMessage =
  '예매 시간이 만료되었습니다. 콘서트 상세 페이지로 돌아갑니다.';

/** Concerts whose expiry is being handled, so parallel 403s alert only once. */
const expiring = new Set<number>();

/**
 * A 403 on a seat path (api-contract.md §1.4): alert, forget the key and hard-redirect to the
 * concert's detail page. Runs once per concert however many calls fail together.
 */
export function expireAccessKey(concertId: number): void {
  if (expiring.has(concertId)) return;
  expiring.add(concertId);
  browser.alert(accessKeyExpiredMessage);
  clearAccessKey(concertId);
  browser.assign(`/concerts/${concertId}`);
}

/** Forgets which expiries were handled (tests; a real hard redirect starts a fresh page). */
export function resetAccessKeyExpiry(): void {
  expiring.clear();
}
