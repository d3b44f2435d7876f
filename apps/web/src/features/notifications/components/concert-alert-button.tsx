import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BellPlus, BellRing } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { getErrorMessage } from '@/lib/api-client';
import {
  concertAlertsQueryOptions,
  notificationKeys,
  setConcertAlert,
} from '../api/notifications-api';

/** Which alert a concert's detail page offers: before booking opens, or while sold out. */
export function alertOfferFor(status: string) {
  if (status === 'SCHEDULED') {
    return {
      kind: 'booking-open' as const,
      label: '예매 알림 받기',
      field: 'bookingOpen' as const,
    };
  }
  if (status === 'SOLD_OUT') {
    return {
      kind: 'seats-released' as const,
      label: '취소표 알림 받기',
      field: 'seatsReleased' as const,
    };
  }
  return null;
}

/**
 * '예매 알림 받기' on a SCHEDULED concert (a push 5 minutes before booking opens) and
 * '취소표 알림 받기' on a SOLD_OUT one (a push when seats come free): a toggle button, pressed
 * while asked. A visitor's click goes to the login page first.
 */
export function ConcertAlertButton({
  concertId,
  status,
  isAuthenticated,
  onLoginRequired,
}: {
  concertId: number;
  status: string;
  /** The page knows the session; a visitor's click asks them to log in first. */
  isAuthenticated: boolean;
  onLoginRequired: () => void;
}) {
  const offer = alertOfferFor(status);
  const queryClient = useQueryClient();
  const alerts = useQuery({
    ...concertAlertsQueryOptions(concertId),
    enabled: offer !== null && isAuthenticated,
  });
  const change = useMutation({
    mutationFn: (on: boolean) => setConcertAlert(concertId, offer?.kind ?? 'booking-open', on),
    onSuccess: ({ alerts: next, message }) => {
      queryClient.setQueryData(notificationKeys.concertAlerts(concertId), next);
      if (message) toast.success(message);
    },
    onError: (error) => toast.error(getErrorMessage(error)),
  });
  if (!offer) return null;
  if (!isAuthenticated) {
    return (
      <Button variant="outline" onClick={onLoginRequired} className="tablet:w-full tablet:max-w-xs">
        <BellPlus className="size-4" aria-hidden />
        {offer.label}
      </Button>
    );
  }
  const pressed = alerts.data?.[offer.field] === true;
  return (
    <Button
      variant={pressed ? 'secondary' : 'outline'}
      aria-pressed={pressed}
      disabled={alerts.isPending}
      isLoading={change.isPending}
      onClick={() => change.mutate(!pressed)}
      className="tablet:w-full tablet:max-w-xs"
    >
      {pressed ? (
        <BellRing className="size-4 text-rose-300" aria-hidden />
      ) : (
        <BellPlus className="size-4" aria-hidden />
      )}
      {offer.label}
      {pressed && <span className="text-xs font-normal text-zinc-300">· 신청됨</span>}
    </Button>
  );
}
