import type { ProviderPayment } from './payment-provider';

/**
 * Toss Payments' words for things, turned into ours. Toss answers in Korean (we send no
 * Accept-Language), so the Korean names are what arrives; the English ones are there in case Toss
 * ever answers in English. Sources: docs.tosspayments.com, the Payment object (`method`: 카드,
 * 간편결제, 가상계좌, …) and "간편결제 응답 확인" (`easyPay.provider`: 토스페이, 카카오페이,
 * 네이버페이, 페이코, …).
 */

/** Toss's `method` of a payment. */
const METHODS = new Map<string, ProviderPayment['method']>([
  ['카드', 'CARD'],
  ['간편결제', 'EASY_PAY'],
  ['가상계좌', 'VIRTUAL_ACCOUNT'],
  ['CARD', 'CARD'],
  ['EASY_PAY', 'EASY_PAY'],
  ['VIRTUAL_ACCOUNT', 'VIRTUAL_ACCOUNT'],
]);

export function tossMethod(value: unknown): ProviderPayment['method'] {
  return (typeof value === 'string' && METHODS.get(value)) || 'OTHER';
}

/**
 * Toss's `easyPay.provider` → our codes (packages/contracts payment-methods.ts easyPayProviders).
 * Toss writes PAYCO as 페이코 in its docs; the Latin spelling is accepted too.
 */
const EASY_PAY_PROVIDERS = new Map<string, string>([
  ['카카오페이', 'KAKAOPAY'],
  ['네이버페이', 'NAVERPAY'],
  ['토스페이', 'TOSSPAY'],
  ['페이코', 'PAYCO'],
  ['PAYCO', 'PAYCO'],
  ['KAKAOPAY', 'KAKAOPAY'],
  ['NAVERPAY', 'NAVERPAY'],
  ['TOSSPAY', 'TOSSPAY'],
]);

/** Our code of a 간편결제 provider; null for one we do not offer (삼성페이, …) or none. */
export function easyPayProviderCode(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  return (
    EASY_PAY_PROVIDERS.get(value.trim()) ??
    EASY_PAY_PROVIDERS.get(value.trim().toUpperCase()) ??
    null
  );
}

/**
 * Toss's confirm refusals that are about the payment itself (card, limits, fraud checks), which
 * Toss can only give for a paymentKey it issued for this order. Every other refusal (an unknown
 * key, a bad request, our own keys, codes added later) proves nothing, so it must not cancel
 * the order of whoever holds the orderId.
 */
export const PAYMENT_FAILED_CODE =
  /^(REJECT_|EXCEED_MAX_|INVALID_(CARD_|STOPPED_CARD|REJECT_CARD|PASSWORD|AUTHORIZE_AUTH|ACCOUNT_INFO)|NOT_SUPPORTED_|NOT_AVAILABLE_(PAYMENT|BANK)$|NOT_ALLOWED_POINT_USE$|BELOW_MINIMUM_AMOUNT$|CARD_PROCESSING_ERROR$|FDS_ERROR$|RESTRICTED_TRANSFER_ACCOUNT$|FAILED_(PAYMENT_)?INTERNAL_SYSTEM_PROCESSING$)/u;

/** Toss's answer to a request whose idempotency key is still being processed. */
export const IDEMPOTENT_REQUEST_PROCESSING = 'IDEMPOTENT_REQUEST_PROCESSING';

/** Toss's answer to a lookup of a payment it does not know. */
export const NOT_FOUND_PAYMENT = 'NOT_FOUND_PAYMENT';

/** Toss writes and takes times in Korea's offset, e.g. 2025-03-01T19:30:05+09:00. */
export function toKoreanIso(date: Date): string {
  const shifted = new Date(date.getTime() + 9 * 60 * 60 * 1000);
  return `${shifted.toISOString().slice(0, 19)}+09:00`;
}
