import {
  concertAlertsSchema,
  inboxSchema,
  pushStatusSchema,
  unreadCountSchema,
  vapidPublicKeySchema,
  type ConcertAlertKind,
  type ConcertAlerts,
  type Inbox,
  type PushSubscribeBody,
} from '@curtaincall/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch, apiRequest } from '@/lib/api-client';

/** Push and in-app notification calls (api-contract §10 and the bell's inbox). */
export const notificationKeys = {
  all: ['notifications'] as const,
  status: ['notifications', 'status'] as const,
  unreadCount: ['notifications', 'unread-count'] as const,
  inbox: ['notifications', 'inbox'] as const,
  concertAlerts: (concertId: number) => ['notifications', 'concert-alerts', concertId] as const,
};

export async function getVapidPublicKey(): Promise<string> {
  return (await apiFetch('/notifications/vapid-public-key', vapidPublicKeySchema)).publicKey;
}

export function pushStatusQueryOptions() {
  return queryOptions({
    queryKey: notificationKeys.status,
    queryFn: ({ signal }) => apiFetch('/notifications/status', pushStatusSchema, { signal }),
  });
}

export async function subscribePush(body: PushSubscribeBody): Promise<void> {
  await apiRequest('/notifications/subscribe', { method: 'POST', body });
}

export async function unsubscribePush(playerId: string): Promise<void> {
  await apiRequest('/notifications/unsubscribe', { method: 'POST', body: { playerId } });
}

export function unreadCountQueryOptions() {
  return queryOptions({
    queryKey: notificationKeys.unreadCount,
    queryFn: ({ signal }) =>
      apiFetch('/notifications/inbox/unread-count', unreadCountSchema, { signal }),
    // Pushes refresh it at once (the service worker's message); this catches the rest.
    refetchInterval: 60_000,
  });
}

export function inboxQueryOptions() {
  return queryOptions({
    queryKey: notificationKeys.inbox,
    queryFn: ({ signal }): Promise<Inbox> =>
      apiFetch('/notifications/inbox', inboxSchema, { signal }),
  });
}

/** Marks the caller's notifications read: these ids, or all of them. */
export async function markNotificationsRead(ids?: number[]): Promise<void> {
  await apiRequest('/notifications/inbox/read', {
    method: 'POST',
    body: ids ? { ids } : {},
  });
}

export function concertAlertsQueryOptions(concertId: number) {
  return queryOptions({
    queryKey: notificationKeys.concertAlerts(concertId),
    queryFn: ({ signal }) =>
      apiFetch(`/notifications/concert-alerts/${concertId}`, concertAlertsSchema, { signal }),
  });
}

export async function setConcertAlert(
  concertId: number,
  kind: ConcertAlertKind,
  on: boolean,
): Promise<{ alerts: ConcertAlerts; message: string | undefined }> {
  const { data, message } = await apiRequest(`/notifications/concert-alerts/${concertId}/${kind}`, {
    method: on ? 'PUT' : 'DELETE',
  });
  return { alerts: concertAlertsSchema.parse(data), message };
}
