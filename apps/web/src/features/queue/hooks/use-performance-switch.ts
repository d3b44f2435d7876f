import { useState } from 'react';
import { useNavigate } from 'react-router';
import { storeAccessKey } from '@/lib/access-key';
import { isApiError } from '@/lib/api-client';
import { useSwitchQueueMutation } from '../api/switch-queue';
import { reservePath, waitPath, type WaitRouteState } from '../utils/queue-entry';

export const switchFailedMessage = '회차를 옮기지 못했습니다. 잠시 후 다시 시도해주세요.';

/** The server's reason for a refused switch: a field's message first, then the envelope's. */
export function switchErrorMessage(error: unknown): string {
  if (!isApiError(error) || error.isNetworkError) return switchFailedMessage;
  return error.fieldErrors[0]?.message ?? (error.message || switchFailedMessage);
}

/**
 * '이 회차로 이동' (issue 26): moves the waiting place of a sold-out performance to another and
 * follows the answer as an entry would be followed: that performance's waiting room with the
 * rank (kept by the original entry time), or its seat page when a key was already held there.
 * The history entry is replaced: the old waiting room no longer has the fan.
 */
export function usePerformanceSwitch(concertId: number) {
  const navigate = useNavigate();
  const mutation = useSwitchQueueMutation(concertId);
  const [error, setError] = useState<string | null>(null);

  const switchTo = (toConcertId: number) => {
    if (mutation.isPending) return;
    setError(null);
    mutation.mutate(toConcertId, {
      onSuccess: (result) => {
        if (result.status === 'ADMITTED' && result.accessKey) {
          storeAccessKey(result.concertId, result.accessKey);
          void navigate(reservePath(result.concertId), { replace: true });
          return;
        }
        const state: WaitRouteState = {
          rank: result.rank ?? null,
          etaSeconds: result.etaSeconds ?? null,
        };
        void navigate(waitPath(result.concertId), { state, replace: true });
      },
      onError: (failure) => setError(switchErrorMessage(failure)),
    });
  };

  return {
    switchTo,
    /** The performance being switched to, while the call is on its way. */
    pendingConcertId: mutation.isPending ? mutation.variables : undefined,
    error,
  };
}
