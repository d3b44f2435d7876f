import { useNavigate } from 'react-router';
import { storeAccessKey } from '@/lib/access-key';
import { browser } from '@/lib/browser';
import { useEnterQueueMutation } from '../api/enter-queue';
import {
  queueEntryErrorMessage,
  reservePath,
  resolveQueueEntry,
  waitPath,
  type WaitRouteState,
} from '../utils/queue-entry';

/**
 * 예매하기 for a logged-in user: enter the queue and follow the answer (buyer-side.md §4
 * "Queue entry result"): the seat page with the stored key, the waiting room with the rank, or
 * an alert. A second press while the first is on its way does nothing.
 */
export function useQueueEntry(concertId: number) {
  const navigate = useNavigate();
  const mutation = useEnterQueueMutation(concertId);

  const enter = () => {
    if (mutation.isPending) return;
    mutation.mutate(undefined, {
      onSuccess: (data) => {
        const action = resolveQueueEntry(data);
        switch (action.type) {
          case 'reserve':
            storeAccessKey(concertId, action.accessKey);
            void navigate(reservePath(concertId));
            return;
          case 'wait': {
            const state: WaitRouteState = { rank: action.rank, etaSeconds: action.etaSeconds };
            void navigate(waitPath(concertId), { state });
            return;
          }
          case 'alert':
            browser.alert(action.message);
        }
      },
      onError: (error) => browser.alert(queueEntryErrorMessage(error)),
    });
  };

  return { enter, isEntering: mutation.isPending };
}
