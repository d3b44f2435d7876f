import type { BookingCreated } from '@curtaincall/contracts';
import { unknownErrorMessage } from '@/lib/api-client';
import { USER_CANCEL, type CheckoutOutcome } from './checkout-outcome';
import { loadTossPayments } from './toss-sdk';

function readField(error: unknown, field: 'code' | 'message'): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const value: unknown = Reflect.get(error, field);
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/**
 * Opens Toss's card window (api-contract.md §8.2): on approval or refusal Toss sends the whole
 * browser to successUrl/failUrl, so only a closed window or a failure comes back here. Every
 * method but 가상계좌 goes through `requestPayment('카드', …)` (SDK v1): a 간편결제 is the card
 * window in DIRECT mode with its `easyPay` code, as the server's `windowOptions` say (issue 28).
 */
export async function payWithToss(booking: BookingCreated): Promise<CheckoutOutcome> {
  try {
    const toss = await loadTossPayments(booking.clientKey);
    await toss.requestPayment('카드', {
      orderId: booking.orderId,
      orderName: booking.orderName,
      amount: booking.amount,
      customerName: booking.customerName,
      successUrl: booking.successUrl,
      failUrl: booking.failUrl,
      ...booking.windowOptions,
    });
    return { type: 'leaving' };
  } catch (error) {
    if (readField(error, 'code') === USER_CANCEL) return { type: 'cancelled' };
    return { type: 'failed', message: readField(error, 'message') ?? unknownErrorMessage };
  }
}
