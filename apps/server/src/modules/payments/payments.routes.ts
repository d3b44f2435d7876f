import {
  bookingIdParamsSchema,
  bookingMessages,
  bookingNumberParamsSchema,
  cancelBookingBodySchema,
  envelopeSchema,
  messageEnvelopeSchema,
  paymentFailQuerySchema,
  paymentMessages,
  paymentSettingsSchema,
  paymentSuccessQuerySchema,
  refundQuoteQuerySchema,
  refundQuoteSchema,
} from '@curtaincall/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guard, requireSessionUser } from '../../http/guards';
import type { PaymentRedirect, PaymentsService } from './payments.service';

/** The caller's user id when logged in: the payment callbacks accept anonymous browsers too. */
function sessionUserId(request: FastifyRequest): number | undefined {
  const userId = request.session?.userId;
  return typeof userId === 'number' ? userId : undefined;
}

/**
 * Toss's webhook bodies (issue 28): every field optional and anything else allowed, since only
 * the order id is read and Toss adds fields over time.
 */
const tossNoticeSchema = z.looseObject({
  eventType: z.string().max(64).optional(),
  createdAt: z.string().max(64).optional(),
  secret: z.string().max(200).optional(),
  status: z.string().max(64).optional(),
  transactionKey: z.string().max(200).optional(),
  orderId: z.string().max(64).optional(),
  data: z.looseObject({ orderId: z.string().max(64).optional() }).optional(),
});
const noticeOutcomeSchema = z.object({ outcome: z.string() });

/** Money is never served from a cache: a quote is today's, a setting the current one. */
const NO_STORE = 'private, no-store';

const quoteExample = {
  bookingNumber: 'CC-7K2QD-M4XPA',
  cancellable: true,
  reason: null,
  cutoffDaysBefore: 3,
  lastCancelDate: '2026-12-17',
  tier: 'D6_3',
  tierLabel: '관람일 6~3일 전: 티켓 금액의 20%',
  sameDay: false,
  lines: [
    {
      ticketId: 101,
      seatInfo: 'A-1-5',
      paid: 52_000,
      cancellationFee: 10_000,
      bookingFeeRefund: 0,
      refund: 40_000,
    },
  ],
  addedCompanionTicketIds: [],
  paidTotal: 52_000,
  cancellationFeeTotal: 10_000,
  bookingFeeKept: 2_000,
  refundTotal: 40_000,
  feeTable: [{ when: '관람일 6일 ~ 3일 전', fee: '티켓 금액의 20%' }],
} as const;

/**
 * Money routes (issue 27 and api-contract.md §8.2, 8.4): the provider's browser callbacks, the
 * refund quote, the buyer's cancel (whole or per seat) and the admin's booking fee.
 */
export const paymentsRoutes: FastifyPluginAsyncZod<{
  payments: PaymentsService;
  frontBaseUrl: string;
}> = async (app, { payments, frontBaseUrl }) => {
  const front = frontBaseUrl.replace(/\/$/, '');
  /** 302 to the SPA's result page, every value URL-encoded. */
  const redirectTo = (reply: FastifyReply, target: PaymentRedirect) => {
    const query =
      target.kind === 'success'
        ? new URLSearchParams({ orderId: target.orderId, bookingNumber: target.bookingNumber })
        : new URLSearchParams({
            orderId: target.orderId,
            bookingNumber: target.bookingNumber ?? '',
            code: target.code,
            message: target.message,
          });
    return reply.redirect(`${front}/payment/result/${target.kind}?${query.toString()}`, 302);
  };

  app.get(
    '/bookings/:bookingNumber/refund-quote',
    {
      preHandler: guard.session,
      schema: {
        tags: ['bookings'],
        summary: '취소 시 환불 금액 (본인만; 좌석별 취소수수료, 서버 시각 기준)',
        description:
          'ticketIds(쉼표로 구분)를 빼면 아직 취소되지 않은 모든 티켓. 동반자가 있는 티켓을 고르면 동반자 티켓도 함께 계산합니다(addedCompanionTicketIds).',
        params: bookingNumberParamsSchema,
        querystring: refundQuoteQuerySchema.meta({ examples: [{ ticketIds: '101,102' }] }),
        response: {
          200: envelopeSchema(refundQuoteSchema).meta({
            examples: [{ success: true, data: quoteExample }],
          }),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', NO_STORE);
      return {
        success: true as const,
        data: await payments.quoteRefund(
          requireSessionUser(request),
          request.params.bookingNumber,
          request.query.ticketIds,
        ),
      };
    },
  );

  app.post(
    '/bookings/:bookingId/cancel',
    {
      preHandler: guard.session,
      schema: {
        tags: ['bookings'],
        summary: '예매 취소 (본문 없음: 전체, ticketIds: 선택한 좌석만; 취소수수료 표 기준 환불)',
        description:
          'expectedRefund가 지금 서버의 환불 금액과 다르면 409이며 아무것도 바뀌지 않습니다. 결제사의 답을 알 수 없으면 502 M005이고 환불은 자동으로 다시 요청됩니다.',
        params: bookingIdParamsSchema,
        body: cancelBookingBodySchema.meta({
          examples: [{ ticketIds: [101], expectedRefund: 40_000 }],
        }),
        response: {
          200: messageEnvelopeSchema.meta({
            examples: [
              { success: true, message: paymentMessages.partiallyCancelled },
              { success: true, message: bookingMessages.cancelled },
            ],
          }),
        },
      },
    },
    async (request) => {
      const { closed } = await payments.cancelBooking(
        requireSessionUser(request),
        request.params.bookingId,
        request.body,
      );
      return {
        success: true as const,
        message: closed ? bookingMessages.cancelled : paymentMessages.partiallyCancelled,
      };
    },
  );

  app.get(
    '/admin/settings/payments',
    {
      preHandler: guard.admin,
      schema: {
        tags: ['admin'],
        summary: '결제 설정 (좌석당 예매수수료)',
        response: {
          200: envelopeSchema(paymentSettingsSchema).meta({
            examples: [{ success: true, data: { bookingFeePerSeat: 2_000 } }],
          }),
        },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', NO_STORE);
      return { success: true as const, data: await payments.getSettings() };
    },
  );

  app.put(
    '/admin/settings/payments',
    {
      preHandler: guard.admin,
      schema: {
        tags: ['admin'],
        summary: '결제 설정 변경 (이후 예매부터 적용; 이미 판매된 티켓은 그대로)',
        body: paymentSettingsSchema.meta({ examples: [{ bookingFeePerSeat: 1_500 }] }),
        response: {
          200: envelopeSchema(paymentSettingsSchema).meta({
            examples: [
              {
                success: true,
                message: paymentMessages.settingsSaved,
                data: { bookingFeePerSeat: 1_500 },
              },
            ],
          }),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', NO_STORE);
      return {
        success: true as const,
        message: paymentMessages.settingsSaved,
        data: await payments.updateSettings(request.body),
      };
    },
  );

  app.get(
    '/v1/payments/success',
    {
      schema: {
        tags: ['payments'],
        summary: '결제 성공 콜백 (브라우저 리다이렉트; 승인 후 결과 페이지로 302)',
        querystring: paymentSuccessQuerySchema,
      },
    },
    async (request, reply) =>
      redirectTo(reply, await payments.handlePaymentSuccess(request.query, sessionUserId(request))),
  );

  /*
   * Issue 28: Toss's notices, server to server: DEPOSIT_CALLBACK (a 가상계좌's deposit, sent to
   * the callback URL we gave at issue: `{createdAt, secret, status, transactionKey, orderId}`)
   * and PAYMENT_STATUS_CHANGED (`{eventType, createdAt, data: {orderId, …}}`, from the
   * dashboard's webhook). Only the order named is read: the payment is then fetched from Toss
   * with the secret key and only Toss's answer changes anything (api-contract §8.2: verified
   * before trusted). 200 for what was taken or is already settled (Toss stops retrying), 400
   * M008 for a notice Toss does not back, 502 M005 when Toss could not be asked (it retries).
   */
  app.post(
    '/v1/webhooks/toss/payment-updates',
    {
      schema: {
        tags: ['payments'],
        summary: '토스페이먼츠 웹훅 (가상계좌 입금 알림 등; 서버 간 호출, 결제사에 조회해 확인)',
        description:
          '본문은 주문번호만 읽습니다. 결제 상태는 시크릿 키로 토스페이먼츠에 다시 조회해 DONE이고 금액이 같을 때만 예매를 확정합니다. 같은 알림을 다시 보내도 한 번만 처리됩니다.',
        body: tossNoticeSchema.meta({
          examples: [
            {
              createdAt: '2026-11-27T14:03:11.000',
              secret: 'ps_eqRGgYO1r57E4Z541ZMW3QnN2Eya',
              status: 'DONE',
              transactionKey: '9FF15E1A29D0E77C218F57262BFA4986',
              orderId: 'b7e1c0de-5a90-4c8f-9d6b-2f1e3a4b5c6d',
            },
          ],
        }),
        response: {
          200: envelopeSchema(noticeOutcomeSchema).meta({
            examples: [{ success: true, data: { outcome: 'confirmed' } }],
          }),
        },
      },
    },
    async (request) => {
      const body = request.body;
      const orderId = body.orderId ?? body.data?.orderId ?? null;
      const eventType =
        body.eventType ?? (body.secret !== undefined ? 'DEPOSIT_CALLBACK' : 'UNKNOWN');
      const { outcome } = await payments.handleProviderNotice({
        provider: 'toss',
        eventType,
        orderId,
      });
      return { success: true as const, data: { outcome } };
    },
  );

  app.get(
    '/v1/payments/fail',
    {
      schema: {
        tags: ['payments'],
        summary: '결제 실패 콜백 (주문자 본인 세션이면 좌석 해제; 결과 페이지로 302)',
        querystring: paymentFailQuerySchema,
      },
    },
    async (request, reply) =>
      redirectTo(reply, await payments.handlePaymentFail(request.query, sessionUserId(request))),
  );
};
