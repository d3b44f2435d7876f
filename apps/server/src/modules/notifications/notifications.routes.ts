import {
  concertAlertKindSchema,
  concertAlertsSchema,
  concertIdParamsSchema,
  envelopeSchema,
  inboxSchema,
  markReadBodySchema,
  messageEnvelopeSchema,
  notificationMessages,
  pushStatusSchema,
  pushSubscribeBodySchema,
  pushUnsubscribeBodySchema,
  unreadCountSchema,
  vapidPublicKeySchema,
} from '@curtaincall/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guard, requireSessionUser } from '../../http/guards';
import type { NotificationsService } from './notifications.service';

const alertParamsSchema = concertIdParamsSchema.extend({ kind: concertAlertKindSchema });

/**
 * api-contract §10 (status, subscribe, unsubscribe) plus what the web app needs around it: the
 * VAPID public key, the in-app inbox of the header's bell and the per-concert alerts
 * (예매 알림 받기, 취소표 알림). Every call acts on the session's own user only.
 */
export const notificationsRoutes: FastifyPluginAsyncZod<{
  notifications: NotificationsService;
}> = async (app, { notifications }) => {
  app.get(
    '/notifications/vapid-public-key',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Web Push 구독에 쓰는 VAPID 공개 키',
        response: { 200: envelopeSchema(vapidPublicKeySchema) },
      },
    },
    async () => ({ success: true as const, data: { publicKey: notifications.publicKey } }),
  );

  app.get(
    '/notifications/status',
    {
      preHandler: guard.session,
      schema: {
        tags: ['notifications'],
        summary: '푸시 구독 여부 (SUBSCRIBED 구독이 하나라도 있으면 true)',
        response: { 200: envelopeSchema(pushStatusSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await notifications.status(requireSessionUser(request)),
    }),
  );

  app.post(
    '/notifications/subscribe',
    {
      preHandler: guard.session,
      schema: {
        tags: ['notifications'],
        summary: '푸시 구독 (playerId로 upsert, 세션 사용자에게 연결)',
        body: pushSubscribeBodySchema,
        response: { 200: messageEnvelopeSchema },
      },
    },
    async (request) => {
      await notifications.subscribe(requireSessionUser(request), request.body);
      return { success: true as const, message: notificationMessages.enabled };
    },
  );

  app.post(
    '/notifications/unsubscribe',
    {
      preHandler: guard.session,
      schema: {
        tags: ['notifications'],
        summary: '푸시 구독 해지 (모르는 playerId도 200)',
        body: pushUnsubscribeBodySchema,
        response: { 200: messageEnvelopeSchema },
      },
    },
    async (request) => {
      await notifications.unsubscribe(requireSessionUser(request), request.body.playerId);
      return { success: true as const, message: notificationMessages.disabled };
    },
  );

  app.get(
    '/notifications/inbox',
    {
      preHandler: guard.session,
      schema: {
        tags: ['notifications'],
        summary: '앱 안 알림 목록 (최근 30개)과 읽지 않은 수',
        response: { 200: envelopeSchema(inboxSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await notifications.inbox(requireSessionUser(request)),
    }),
  );

  app.get(
    '/notifications/inbox/unread-count',
    {
      preHandler: guard.session,
      schema: {
        tags: ['notifications'],
        summary: '읽지 않은 알림 수 (헤더의 종)',
        response: { 200: envelopeSchema(unreadCountSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await notifications.unreadCount(requireSessionUser(request)),
    }),
  );

  app.post(
    '/notifications/inbox/read',
    {
      preHandler: guard.session,
      schema: {
        tags: ['notifications'],
        summary: '알림 읽음 표시 (ids가 없으면 모두)',
        body: markReadBodySchema,
        response: { 200: messageEnvelopeSchema },
      },
    },
    async (request) => {
      await notifications.markInboxRead(requireSessionUser(request), request.body);
      return { success: true as const, message: notificationMessages.marked };
    },
  );

  app.get(
    '/notifications/concert-alerts/:concertId',
    {
      preHandler: guard.session,
      schema: {
        tags: ['notifications'],
        summary: '이 공연에 신청한 알림 (예매 알림, 취소표 알림)',
        params: concertIdParamsSchema,
        response: { 200: envelopeSchema(concertAlertsSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await notifications.concertAlerts(
        requireSessionUser(request),
        request.params.concertId,
      ),
    }),
  );

  app.put(
    '/notifications/concert-alerts/:concertId/:kind',
    {
      preHandler: guard.session,
      schema: {
        tags: ['notifications'],
        summary: '공연 알림 신청 (booking-open: 예정 공연, seats-released: 판매 중·매진 공연)',
        params: alertParamsSchema,
        response: { 200: envelopeSchema(concertAlertsSchema) },
      },
    },
    async (request) => {
      const { concertId, kind } = request.params;
      return {
        success: true as const,
        message:
          kind === 'booking-open'
            ? notificationMessages.bookingOpenAlertOn
            : notificationMessages.seatsReleasedAlertOn,
        data: await notifications.setConcertAlert(
          requireSessionUser(request),
          concertId,
          kind,
          true,
        ),
      };
    },
  );

  app.delete(
    '/notifications/concert-alerts/:concertId/:kind',
    {
      preHandler: guard.session,
      schema: {
        tags: ['notifications'],
        summary: '공연 알림 해제',
        params: alertParamsSchema,
        response: { 200: envelopeSchema(concertAlertsSchema) },
      },
    },
    async (request) => {
      const { concertId, kind } = request.params;
      return {
        success: true as const,
        message:
          kind === 'booking-open'
            ? notificationMessages.bookingOpenAlertOff
            : notificationMessages.seatsReleasedAlertOff,
        data: await notifications.setConcertAlert(
          requireSessionUser(request),
          concertId,
          kind,
          false,
        ),
      };
    },
  );
};
