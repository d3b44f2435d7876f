import { useEffect } from 'react';
import { extendAccessKey } from '../api/extend-access-key';
import { revokeAccessKey } from '../api/revoke-access-key';

/** buyer-side.md §9: the seat page extends its access key every 60 s. */
export const accessKeyExtendIntervalMs = 60_000;

function warn(action: string) {
  return (error: unknown) => console.warn(`[access-key] ${action} failed`, error);
}

/**
 * Keeps the seat page's admission alive: extends the key when the page opens (re-taking the
 * slot a refresh or a StrictMode remount gave back) and every 60 s; gives the slot back when
 * the page is left or the tab closes. A failed extend is only logged (404 = no live key): the
 * next seat call then answers 403 and the page sends the user back (api-contract.md §6.3).
 */
export function useAccessKeyLease(concertId: number): void {
  useEffect(() => {
    const extend = () => void extendAccessKey(concertId).catch(warn('extend'));
    extend();
    const timer = setInterval(extend, accessKeyExtendIntervalMs);
    const onPageHide = () =>
      void revokeAccessKey(concertId, { keepalive: true }).catch(warn('revoke'));
    // Back from the back-forward cache the page is alive again, but its slot was given back.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) extend();
    };
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      clearInterval(timer);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
      void revokeAccessKey(concertId).catch(warn('revoke'));
    };
  }, [concertId]);
}
