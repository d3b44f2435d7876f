import { useLocation, useParams } from 'react-router';
import { useConcert } from '@/features/concerts/api/get-concert';
import { ConcertDetailMessage } from '@/features/concerts/components/concert-detail';
import { parseConcertId } from '@/features/concerts/utils/concert-id';
import { WaitingRoom } from '@/features/queue/components/waiting-room';
import { readWaitRouteState } from '@/features/queue/utils/queue-entry';

function WaitingRoomForConcert({ concertId }: { concertId: number }) {
  const location = useLocation();
  // The title is a courtesy: the waiting room works the same while it loads or if it fails.
  const { data: concert } = useConcert(concertId);
  return (
    <WaitingRoom
      // Entering the queue again from here is a new visit with a fresh rank: start over.
      key={location.key}
      concertId={concertId}
      concertTitle={concert?.title}
      initial={readWaitRouteState(location.state)}
    />
  );
}

/** /concerts/{concertId}/wait: the waiting room (queue feature) under the concert's title. */
export function WaitPage() {
  const { concertId: rawId } = useParams();
  const parsed = parseConcertId(rawId);
  if (!parsed.ok) return <ConcertDetailMessage message={parsed.message} />;
  return <WaitingRoomForConcert key={parsed.concertId} concertId={parsed.concertId} />;
}
