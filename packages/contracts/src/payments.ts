import { z } from 'zod';
import { cancelFeeTable } from './pricing';

/**
 * Money on the wire (issue 27): the breakdown `priceBooking` returns, the refund quote
 * `priceRefund` returns, the per-seat cancel, and the platform's booking fee. Every amount is
 * integer won computed by the functions in pricing.ts.
 */
export const paymentMessages = {
  partiallyCancelled: '선택한 좌석이 취소되었습니다.',
  quoteChanged: '환불 금액이 바뀌었습니다. 바뀐 금액을 확인한 뒤 다시 취소해주세요.',
  ticketIds: '취소할 티켓을 1개 이상 선택해주세요.',
  notYourTicket: '이 예매의 티켓이 아닌 것이 있습니다.',
  ticketAlreadyCancelled: '이미 취소된 티켓이 포함되어 있습니다.',
  refundPending: '환불 결과를 아직 확인하지 못했습니다. 자동으로 다시 확인해 결과를 알려드립니다.',
  bookingFee: '예매수수료는 0~100,000원 사이의 정수로 입력해주세요.',
  settingsSaved: '설정이 저장되었습니다.',
  cancelDeadlineDays: '취소 마감은 공연 1~30일 전 사이로 입력해주세요.',
} as const;

/**
 * Why money went back: each refund's reason as stored and shown on the booking detail, and (the
 * late payments') the reason sent to the provider.
 */
export const refundReasonMessages = {
  buyer: '사용자 예매 취소',
  concertCancelled: '공연 취소에 따른 전액 환불',
  released: '좌석 선점 해제 자동 환불',
  releasedToProvider: '좌석 선점 해제로 예매 불가: 자동 환불',
  expired: '결제 시간 초과 자동 환불',
  expiredToProvider: '결제 시간 초과로 예매 불가: 자동 환불',
} as const;

export const priceLineSchema = z.object({
  concertSeatId: z.number().int(),
  seatInfo: z.string(),
  gradeName: z.string(),
  gradePrice: z.number().int(),
  ticketTypeId: z.number().int().nullable(),
  ticketTypeName: z.string(),
  typeDiscount: z.number().int(),
  codeDiscount: z.number().int(),
  ticketPrice: z.number().int(),
  bookingFee: z.number().int(),
  amount: z.number().int(),
  companionOfSeatId: z.number().int().nullable(),
  proofRequired: z.boolean(),
});

export const priceBreakdownSchema = z.object({
  lines: z.array(priceLineSchema),
  gradeTotal: z.number().int(),
  typeDiscountTotal: z.number().int(),
  codeDiscountTotal: z.number().int(),
  bookingFeeTotal: z.number().int(),
  total: z.number().int(),
  promoCode: z.string().nullable(),
});
export type PriceBreakdownWire = z.infer<typeof priceBreakdownSchema>;

/**
 * Additions to `POST /bookings` (all optional: the spec's client sends neither): a type per seat
 * (a seat left out is 일반), a companion named by its holder's seat, and a promo code.
 */
export const seatTypeChoiceSchema = z.object({
  concertSeatId: z.number().int().min(1).max(2_147_483_647),
  /** Null: 일반. Ignored for a companion, who takes the holder's type. */
  ticketTypeId: z.number().int().min(1).max(2_147_483_647).nullable().default(null),
  companionOfSeatId: z.number().int().min(1).max(2_147_483_647).nullable().default(null),
});
export type SeatTypeChoice = z.input<typeof seatTypeChoiceSchema>;

export const refundLineSchema = z.object({
  ticketId: z.number().int(),
  seatInfo: z.string(),
  paid: z.number().int(),
  cancellationFee: z.number().int(),
  bookingFeeRefund: z.number().int(),
  refund: z.number().int(),
});

export const cancelTierSchema = z.enum([
  'FREE_WINDOW',
  'D10_PLUS',
  'D9_7',
  'D6_3',
  'D2_1',
  'ORGANIZER',
]);

/**
 * `GET /bookings/{bookingNumber}/refund-quote?ticketIds=1,2` (owner; no ticketIds: every ticket
 * still active). What a cancel now would refund, per seat, from the server's own clock; the cancel
 * that follows refunds exactly this (or answers 409 with the new figure if the day turned).
 */
export const refundQuoteSchema = z.object({
  bookingNumber: z.string(),
  cancellable: z.boolean(),
  /** Why not, in Korean, when `cancellable` is false. */
  reason: z.string().nullable(),
  /** The seller's cut-off: cancels end this many days before the show (default 3). */
  cutoffDaysBefore: z.number().int(),
  /** The last day a cancel is possible, `YYYY-MM-DD` (Asia/Seoul). */
  lastCancelDate: z.string(),
  tier: cancelTierSchema.nullable(),
  tierLabel: z.string().nullable(),
  sameDay: z.boolean(),
  lines: z.array(refundLineSchema),
  /** Tickets the companion rule added to those asked for (the holder's companion goes too). */
  addedCompanionTicketIds: z.array(z.number().int()),
  paidTotal: z.number().int(),
  cancellationFeeTotal: z.number().int(),
  bookingFeeKept: z.number().int(),
  refundTotal: z.number().int(),
  feeTable: z.array(z.object({ when: z.string(), fee: z.string() })),
});
export type RefundQuoteWire = z.infer<typeof refundQuoteSchema>;
export const feeTableForWire = cancelFeeTable.map((row) => ({ ...row }));

export const refundQuoteQuerySchema = z.object({
  /** Comma-separated ticket ids; absent: all still active. */
  ticketIds: z
    .string()
    .trim()
    .regex(/^\d{1,10}(,\d{1,10}){0,19}$/, { error: paymentMessages.ticketIds })
    .transform((text) => [...new Set(text.split(',').map(Number))])
    .optional(),
});

/**
 * Optional body of `POST /bookings/{id}/cancel` (the spec's client sends none: all seats).
 * `expectedRefund`: the quote's refundTotal the buyer confirmed; a different figure now is 409.
 */
export const cancelBookingBodySchema = z
  .object({
    ticketIds: z
      .array(z.number().int().min(1).max(2_147_483_647))
      .min(1, { error: paymentMessages.ticketIds })
      .max(20, { error: paymentMessages.ticketIds })
      .optional(),
    expectedRefund: z.number().int().min(0).optional(),
  })
  .nullable()
  .optional();
export type CancelBookingBody = z.infer<typeof cancelBookingBodySchema>;

/** `GET/PUT /admin/settings/payments`: the platform's booking fee (예매수수료) per seat. */
export const paymentSettingsSchema = z.object({
  bookingFeePerSeat: z
    .number({ error: paymentMessages.bookingFee })
    .int({ error: paymentMessages.bookingFee })
    .min(0, { error: paymentMessages.bookingFee })
    .max(100_000, { error: paymentMessages.bookingFee }),
});
export type PaymentSettings = z.infer<typeof paymentSettingsSchema>;

/** A seller's cancellation cut-off for a concert (days before the show; the spec's 3 by default). */
export const cancelDeadlineDaysSchema = z
  .number({ error: paymentMessages.cancelDeadlineDays })
  .int({ error: paymentMessages.cancelDeadlineDays })
  .min(1, { error: paymentMessages.cancelDeadlineDays })
  .max(30, { error: paymentMessages.cancelDeadlineDays });

/** One ticket of a booking with its price as charged (booking detail, receipt). */
export const bookingTicketMoneySchema = z.object({
  ticketId: z.number().int(),
  seatInfo: z.string(),
  gradeName: z.string(),
  gradePrice: z.number().int(),
  ticketTypeName: z.string(),
  typeDiscount: z.number().int(),
  codeDiscount: z.number().int(),
  /** After discounts, without the booking fee. */
  ticketPrice: z.number().int(),
  bookingFee: z.number().int(),
  /** ACTIVE, or CANCELED by a per-seat cancel. */
  status: z.enum(['ACTIVE', 'CANCELED']),
  proofRequired: z.boolean(),
  companionOfTicketId: z.number().int().nullable(),
});

/** A refund of (part of) the booking's payment. */
export const bookingRefundSchema = z.object({
  /** Given back to the buyer. */
  amount: z.number().int(),
  cancellationFee: z.number().int(),
  bookingFeeKept: z.number().int(),
  /** REQUESTED: the provider's answer is not known yet (retried automatically). */
  status: z.enum(['REQUESTED', 'DONE', 'FAILED']),
  reason: z.string(),
  /** `YYYY-MM-DDTHH:mm:ss`, Asia/Seoul. */
  at: z.string(),
  seatInfos: z.array(z.string()),
});

/**
 * Issue 27, added to `GET /mypage/bookingDetail/{bookingNumber}` as `money`: each ticket as
 * charged, the code used, every refund, and the concert's cut-off.
 */
export const bookingMoneySchema = z.object({
  tickets: z.array(bookingTicketMoneySchema),
  promoCode: z.string().nullable(),
  refunds: z.array(bookingRefundSchema),
  /** Sum of DONE refunds. */
  refundedTotal: z.number().int(),
  cancelDeadlineDays: z.number().int(),
  /** `/api/bookings/{bookingNumber}/receipt.pdf`: the 예매확인서. */
  receiptUrl: z.string(),
});
export type BookingMoney = z.infer<typeof bookingMoneySchema>;

/** The 예매확인서 (issue 27): a PDF per paid booking. */
export const receiptMessages = {
  notPaid: '결제가 완료된 예매만 예매확인서를 받을 수 있습니다.',
} as const;
