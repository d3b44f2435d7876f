import {
  bookingCreatedSchema,
  bookingNumberParamsSchema,
  bookingOutlineSchema,
  createBookingBodySchema,
  envelopeSchema,
} from '@curtaincall/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guard, requireSessionUser, requireUser } from '../../http/guards';
import type { BookingsService } from './bookings.service';

/** The spec's body, and (issue 27) one with a 권종 per seat, a companion and a promo code. */
const bookingBodyExamples = [
  { concertId: 12, concertSeatIds: [3401, 3402] },
  {
    concertId: 12,
    concertSeatIds: [3401, 3402],
    seatTypes: [
      { concertSeatId: 3401, ticketTypeId: 7 },
      { concertSeatId: 3402, companionOfSeatId: 3401 },
    ],
    promoCode: 'FAN5000',
  },
  // Issue 28: the method and its choices (absent: a card through the provider's window).
  {
    concertId: 12,
    concertSeatIds: [3401],
    payment: { method: 'EASY_PAY', easyPayProvider: 'KAKAOPAY' },
  },
  {
    concertId: 12,
    concertSeatIds: [3401, 3402],
    payment: {
      method: 'VIRTUAL_ACCOUNT',
      bank: '20',
      cashReceipt: { type: 'INCOME_DEDUCTION', number: '01012345678' },
    },
  },
];

/** Issue 28: a 가상계좌 booking's answer: the account issued at once, no window to open. */
const virtualAccountCreatedExample = {
  orderId: '8a2d4c1e-6f3b-4e0a-b7c5-1d9e2f3a4b5c',
  bookingNumber: 'CC-4NQ7T-H2WXE',
  orderName: '2026 겨울 단독 콘서트',
  amount: 152_000,
  customerName: '김커튼',
  clientKey: 'sandbox',
  successUrl: 'https://curtaincall.example/api/v1/payments/success',
  failUrl: 'https://curtaincall.example/api/v1/payments/fail',
  provider: 'sandbox',
  paymentDeadlineSeconds: 118_740,
  method: 'VIRTUAL_ACCOUNT',
  virtualAccount: {
    bankCode: '20',
    bankName: '우리은행',
    accountNumber: '20012345678901',
    holder: '커튼콜(주)',
    amount: 152_000,
    dueAt: '2026-11-28T23:59:59',
    testBankUrl:
      'https://curtaincall.example/api/v1/sandbox-payments/bank?accountNumber=20012345678901',
  },
};

const bookingCreatedExample = {
  orderId: '3f1c2a7e-8d54-4b9a-9a61-0c2f5e7d9b10',
  bookingNumber: 'CC-7K2QX-9MZ4P',
  orderName: '2026 겨울 단독 콘서트',
  amount: 149_000,
  customerName: '김커튼',
  clientKey: 'sandbox',
  successUrl: 'https://curtaincall.example/api/v1/payments/success',
  failUrl: 'https://curtaincall.example/api/v1/payments/fail',
  provider: 'sandbox',
  checkoutUrl: 'https://curtaincall.example/api/v1/sandbox-payments/checkout?orderId=3f1c2a7e',
  paymentDeadlineSeconds: 600,
  breakdown: {
    lines: [
      {
        concertSeatId: 3401,
        seatInfo: 'A-1-1',
        gradeName: '프리미엄',
        gradePrice: 150_000,
        ticketTypeId: 7,
        ticketTypeName: '장애인(심한)',
        typeDiscount: 75_000,
        codeDiscount: 5_000,
        ticketPrice: 70_000,
        bookingFee: 2_000,
        amount: 72_000,
        companionOfSeatId: null,
        proofRequired: true,
      },
      {
        concertSeatId: 3402,
        seatInfo: 'A-1-2',
        gradeName: '프리미엄',
        gradePrice: 150_000,
        ticketTypeId: 7,
        ticketTypeName: '장애인(심한) 동반자',
        typeDiscount: 75_000,
        codeDiscount: 0,
        ticketPrice: 75_000,
        bookingFee: 2_000,
        amount: 77_000,
        companionOfSeatId: 3401,
        proofRequired: true,
      },
    ],
    gradeTotal: 300_000,
    typeDiscountTotal: 150_000,
    codeDiscountTotal: 5_000,
    bookingFeeTotal: 4_000,
    total: 149_000,
    promoCode: 'FAN5000',
  },
};

/**
 * Bookings (api-contract.md §8.1, 8.3); the cancel, the refund quote and the provider's
 * callbacks are modules/payments' routes.
 */
export const bookingsRoutes: FastifyPluginAsyncZod<{ bookings: BookingsService }> = async (
  app,
  { bookings },
) => {
  app.post(
    '/bookings',
    {
      preHandler: guard.user,
      schema: {
        tags: ['bookings'],
        summary: '예매 생성 (선점한 좌석, 결제 대기)',
        description:
          'seatTypes와 promoCode는 선택입니다(권종: 빠진 좌석은 일반, 동반자는 보호자 좌석을 지정). 서버가 권종 수량, 기간, 등급과 코드를 다시 확인하고 breakdown의 total을 청구합니다. payment(선택, 없으면 카드): CARD(카드사, 5만 원 이상 할부), EASY_PAY(카카오페이·네이버페이·토스페이·PAYCO), VIRTUAL_ACCOUNT(은행; 서버가 바로 가상계좌를 발급하고 예매는 입금 기한까지 AWAITING_DEPOSIT). 현금영수증은 간편결제와 가상계좌만.',
        body: createBookingBodySchema.meta({ examples: bookingBodyExamples }),
        response: {
          201: envelopeSchema(bookingCreatedSchema).meta({
            examples: [
              { success: true, data: bookingCreatedExample },
              { success: true, data: virtualAccountCreatedExample },
            ],
          }),
        },
      },
    },
    async (request, reply) => {
      const data = await bookings.createBooking(await requireUser(request), request.body, {
        ip: request.ip,
      });
      return reply.code(201).send({ success: true as const, data });
    },
  );

  app.get(
    '/bookings/:bookingNumber',
    {
      preHandler: guard.session,
      schema: {
        tags: ['bookings'],
        summary: '예매 요약 (결제 실패 페이지용, 본인만)',
        params: bookingNumberParamsSchema,
        response: { 200: envelopeSchema(bookingOutlineSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await bookings.getOutline(requireSessionUser(request), request.params.bookingNumber),
    }),
  );
};
