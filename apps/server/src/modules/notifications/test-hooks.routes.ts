import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PaymentsService } from '../payments/payments.service';
import type { NotificationsService } from './notifications.service';

/**
 * E2E only (registered when E2E_TEST_HOOKS=true; never in production or the server tests): runs
 * the reminder job as if the clock read `now`, so a browser journey sees the job's reminder
 * without waiting for a real booking opening. The job itself is the production code.
 */
export const testHooksRoutes: FastifyPluginAsyncZod<{
  notifications: NotificationsService;
  payments: Pick<PaymentsService, 'expireUnpaidDeposits'>;
}> = async (app, { notifications, payments }) => {
  // Issue 28: the deposit-expiry job as if the clock read `now` (a 가상계좌's deadline passing
  // within a journey), then the 취소표 pushes it queued.
  app.post(
    '/test-hooks/deposit-expiry',
    {
      schema: {
        hide: true,
        body: z.object({ now: z.iso.datetime({ offset: true }) }),
      },
    },
    async (request) => {
      const expired = await payments.expireUnpaidDeposits({ now: new Date(request.body.now) });
      await notifications.deliverDuePushes();
      return { success: true as const, data: { expired } };
    },
  );

  app.post(
    '/test-hooks/booking-open-reminders',
    {
      schema: {
        hide: true,
        body: z.object({ now: z.iso.datetime({ offset: true }) }),
      },
    },
    async (request) => {
      const reminded = await notifications.sendBookingReminders(new Date(request.body.now));
      await notifications.deliverDuePushes();
      return { success: true as const, data: { reminded } };
    },
  );
};
