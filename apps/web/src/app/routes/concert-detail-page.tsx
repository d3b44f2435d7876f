import { useEffect } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from '@/components/ui/toast-store';
import { useSession } from '@/features/auth/hooks/use-session';
import {
  DeferredExpectationSection,
  DeferredReviewSection,
} from '@/features/community/components/deferred-sections';
import { useConcert } from '@/features/concerts/api/get-concert';
import { ConcertDetail, ConcertDetailMessage } from '@/features/concerts/components/concert-detail';
import { usePerformanceChoice } from '@/features/concerts/hooks/use-performance-choice';
import { parseConcertId } from '@/features/concerts/utils/concert-id';
import {
  parsePerformanceParam,
  performanceSearchParam,
} from '@/features/concerts/utils/performance-choice';
import { ConcertAlertButton } from '@/features/notifications/components/concert-alert-button';
import { useQueueEntry } from '@/features/queue/hooks/use-queue-entry';
import { formatDocumentTitle } from '../layouts/route-meta';

export const loginRequiredMessage = '로그인이 필요합니다.';

/** The concert's title in the browser tab once it is known. */
function ConcertDocumentTitle({ concertId }: { concertId: number }) {
  const { data } = useConcert(concertId);
  const title = data?.title;
  useEffect(() => {
    if (title) document.title = formatDocumentTitle(title);
  }, [title]);
  return null;
}

/**
 * /concerts/{concertId}: the concert (concerts feature) with its reviews and expectations
 * (community feature). Login-required actions are decided here, where the session is known;
 * 예매하기 enters the waiting queue (queue feature) of the performance chosen in the 회차 block,
 * kept in `?performance=` (see performance-choice.ts for why not in the path).
 */
export function ConcertDetailPage() {
  const { concertId: rawId } = useParams();
  const parsed = parseConcertId(rawId);
  if (!parsed.ok) return <ConcertDetailMessage message={parsed.message} />;
  return <ConcertDetailView key={parsed.concertId} concertId={parsed.concertId} />;
}

function ConcertDetailView({ concertId }: { concertId: number }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const requestedPerformance = parsePerformanceParam(searchParams.get(performanceSearchParam));
  const chosen = usePerformanceChoice(concertId, requestedPerformance);
  const queueEntry = useQueueEntry(chosen.concertId);

  // A choice replaces the URL rather than adding to history: Back leaves the page, as after
  // choosing a tab; the opened concert itself needs no parameter.
  const choosePerformance = (performanceId: number) => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (performanceId === concertId) next.delete(performanceSearchParam);
        else next.set(performanceSearchParam, String(performanceId));
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  const requireLogin = () => {
    toast.warning(loginRequiredMessage);
    void navigate('/login', { state: { from: `${location.pathname}${location.search}` } });
  };

  const book = () => {
    if (!user) {
      requireLogin();
      return;
    }
    queueEntry.enter();
  };

  const communityUser = user ? { userId: user.userId, nickname: user.nickname } : null;

  return (
    <>
      <ConcertDocumentTitle concertId={concertId} />
      <ConcertDetail
        concertId={concertId}
        performanceId={requestedPerformance}
        onChoosePerformance={choosePerformance}
        onBook={book}
        isBooking={queueEntry.isEntering}
        renderAlert={(concert) => (
          <ConcertAlertButton
            concertId={concert.concertId}
            status={concert.status}
            isAuthenticated={user !== null}
            onLoginRequired={requireLogin}
          />
        )}
        reviews={
          <DeferredReviewSection
            key={`reviews-${concertId}`}
            concertId={concertId}
            user={communityUser}
            onLoginRequired={requireLogin}
          />
        }
        expectations={
          <DeferredExpectationSection
            key={`expectations-${concertId}`}
            concertId={concertId}
            user={communityUser}
            onLoginRequired={requireLogin}
          />
        }
      />
    </>
  );
}
