import { z } from 'zod';
import './zod-setup';
import { dateTimeSchema } from './common';
import { paymentMethodSchema, paymentStatusSchema } from './enums';
import { paymentChoiceSchema, virtualAccountSchema } from './payment-methods';
import { priceBreakdownSchema, seatTypeChoiceSchema } from './payments';
import { promoCodeTextSchema } from './promo-codes';

/** Bookings and payment (api-contract.md §8): texts the client shows as they are. */
export const bookingMessages = {
  concertId: '콘서트 ID는 1 이상의 양수여야 합니다.',
  seatIds: '좌석은 1~2개를 선택해주세요.',
  seatsNotFound: '선택한 좌석 중 이 공연의 좌석이 아닌 것이 있습니다.',
  notOnSale: '현재 예매 가능한 공연이 아닙니다.',
  holdExpired: '좌석 선점 시간이 만료되었습니다. 다시 선택해주세요.',
  notYourHold: '다른 사용자가 선택한 좌석이 포함되어 있습니다.',
  overTicketLimit: (max: number) => `1인당 최대 ${max}매까지 예매할 수 있습니다.`,
  notFound: '예매 정보를 찾을 수 없습니다.',
  cancelled: '예매가 성공적으로 취소되었습니다.',
  notOwner: '해당 예매를 취소할 권한이 없습니다.',
  alreadyCancelled: '이미 취소된 예매입니다.',
  attended: '이미 관람이 완료된 예매입니다.',
  cancelDeadline: '예매 취소 가능 기간이 지났습니다. (공연 3일 전까지 취소 가능)',
  notCancellable: '결제가 완료된 예매만 취소할 수 있습니다.',
  refundFailed: '환불 처리에 실패했습니다. 잠시 후 다시 시도해주세요.',
  amountMismatch: '결제 금액이 예매 금액과 일치하지 않습니다.',
  alreadyProcessed: '이미 처리된 결제입니다.',
  paymentNotFound: '결제 정보를 찾을 수 없습니다.',
  confirmFailed: '결제 승인에 실패했습니다.',
  expiredBeforePayment:
    '결제 시간이 초과되어 좌석이 다른 예매로 넘어갔습니다. 결제하신 금액은 전액 환불되었습니다.',
  expiredRefundFailed:
    '결제 시간이 초과되어 좌석을 확보하지 못했습니다. 환불이 지연되고 있으니 고객센터로 문의해주세요.',
  alreadyBookedByYou: '이미 예매한 좌석입니다.',
  holdReleased: '선택한 좌석의 선점이 해제되었습니다. 좌석을 다시 선택해주세요.',
  releasedBeforePayment:
    '선택한 좌석의 선점이 해제되어 예매하지 못했습니다. 결제하신 금액은 전액 환불되었습니다. 좌석을 다시 선택해주세요.',
  releasedRefundFailed:
    '선택한 좌석의 선점이 해제되어 예매하지 못했습니다. 환불이 지연되고 있으니 고객센터로 문의해주세요.',
  /** The payment callback of a booking that had already expired unpaid. */
  expiredUnpaid: '결제 시간이 초과되어 예매가 취소되었습니다. 다시 예매해주세요.',
  failedPayment: '결제에 실패했습니다.',
} as const;

/** `POST /bookings`: the caller's held seats (1-2; the concert's maxTicketsPerUser also applies). */
export const createBookingBodySchema = z.object({
  concertId: z
    .number({ error: bookingMessages.concertId })
    .int({ error: bookingMessages.concertId })
    .min(1, { error: bookingMessages.concertId })
    .max(2_147_483_647, { error: bookingMessages.concertId }),
  concertSeatIds: z
    .array(z.number().int().min(1).max(2_147_483_647), { error: bookingMessages.seatIds })
    .min(1, { error: bookingMessages.seatIds })
    .max(2, { error: bookingMessages.seatIds })
    .refine((ids) => new Set(ids).size === ids.length, { error: bookingMessages.seatIds }),
  /**
   * Issue 27 (the spec's client sends neither): a 권종 per seat (a seat left out is 일반; a
   * companion names its holder's seat) and a promo code. The server re-checks every choice.
   */
  seatTypes: z.array(seatTypeChoiceSchema).max(2).optional(),
  promoCode: promoCodeTextSchema.optional(),
  /**
   * Issue 28 (the spec's client sends none: a card through the provider's window): the method
   * and its choices (카드사 and 할부, the 간편결제 provider, the 가상계좌 bank, a 현금영수증).
   */
  payment: paymentChoiceSchema.optional(),
});
export type CreateBookingBody = z.infer<typeof createBookingBodySchema>;

export const paymentProviderNameSchema = z.enum(['sandbox', 'toss']);

/**
 * 201 of `POST /bookings`: Toss's requestPayment parameters, plus (ours) which provider takes
 * them, the seconds left to pay, and for the sandbox the URL of its checkout page.
 */
export const bookingCreatedSchema = z.object({
  orderId: z.string(),
  bookingNumber: z.string(),
  orderName: z.string(),
  amount: z.number().int(),
  customerName: z.string(),
  clientKey: z.string(),
  successUrl: z.string(),
  failUrl: z.string(),
  provider: paymentProviderNameSchema,
  /** Sandbox only: where the browser goes to pay (our card-payment window). */
  checkoutUrl: z.string().optional(),
  paymentDeadlineSeconds: z.number().int(),
  /** Issue 27: what `amount` is made of, line by line (the payment window shows it). */
  breakdown: priceBreakdownSchema.optional(),
  /** Issue 28: the method chosen (CARD when the body named none). */
  method: paymentMethodSchema.optional(),
  /**
   * Issue 28, 가상계좌 only: the server issued the account already; nothing opens in the
   * browser. The booking is AWAITING_DEPOSIT until the deposit or `dueAt`.
   */
  virtualAccount: virtualAccountSchema.optional(),
  /**
   * Issue 28, for the provider's window: Toss's `requestPayment('카드', …)` extras (flowMode
   * DIRECT with `easyPay`, or `cardCompany` and `cardInstallmentPlan`).
   */
  windowOptions: z
    .object({
      flowMode: z.enum(['DEFAULT', 'DIRECT']),
      easyPay: z.string().optional(),
      cardCompany: z.string().optional(),
      cardInstallmentPlan: z.number().int().optional(),
    })
    .optional(),
});
export type BookingCreated = z.infer<typeof bookingCreatedSchema>;

/** `GET /bookings/{bookingNumber}` (owner): what the failure page needs. */
export const bookingOutlineSchema = z.object({
  bookingNumber: z.string(),
  concertTitle: z.string(),
  totalAmount: z.number().int(),
  /** `YYYY-MM-DD HH:mm`, Asia/Seoul. */
  concertDateTime: z.string(),
  /** `section-row-number`. */
  seatLabels: z.array(z.string()),
  paymentStatus: paymentStatusSchema.nullable(),
  paymentMethod: paymentMethodSchema.nullable(),
  /** The concert, so the failure page can lead back to its seat page. */
  concertId: z.number().int(),
  /**
   * Until when the buyer's seats were held for this payment (Asia/Seoul wall clock), or null:
   * while it lies ahead the failure page offers 좌석 선택으로 돌아가기.
   */
  holdUntil: dateTimeSchema.nullable(),
});
export type BookingOutline = z.infer<typeof bookingOutlineSchema>;

export const bookingNumberParamsSchema = z.object({
  bookingNumber: z.string().trim().min(1).max(40),
});

export const bookingIdParamsSchema = z.object({
  bookingId: z.coerce.number().int().min(1).max(2_147_483_647),
});

/**
 * Toss's success redirect: `paymentKey`, `orderId`, `amount` (a string; compared as a number);
 * `paymentType` and anything else Toss adds are ignored.
 */
export const paymentSuccessQuerySchema = z.object({
  paymentKey: z.string().trim().max(200).optional(),
  orderId: z.string().trim().max(64).optional(),
  amount: z.string().trim().max(20).optional(),
});

/** Toss's failure redirect: `code`, `message` and (usually) `orderId`. */
export const paymentFailQuerySchema = z.object({
  code: z.string().trim().max(100).optional(),
  message: z.string().trim().max(500).optional(),
  orderId: z.string().trim().max(64).optional(),
});
