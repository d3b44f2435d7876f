import type { BookingCreated } from '@curtaincall/contracts';
import { z } from 'zod';

/** Where the server's success and failure callbacks send the browser (api-contract.md §8.2). */
export const paymentResultPathPrefix = '/payment/result/';

/**
 * The sandbox window's address: the server's `checkoutUrl` with the order's parameters the
 * page reads (orderId, orderName, amount, customerName), set from the booking answer so the
 * window always shows the amount the server will charge. Null without a usable address.
 */
export function sandboxCheckoutUrl(booking: BookingCreated): URL | null {
  if (!booking.checkoutUrl) return null;
  let url: URL;
  try {
    url = new URL(booking.checkoutUrl, window.location.href);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  url.searchParams.set('orderId', booking.orderId);
  url.searchParams.set('orderName', booking.orderName);
  url.searchParams.set('amount', String(booking.amount));
  url.searchParams.set('customerName', booking.customerName);
  return url;
}

/**
 * The result page a framed window has reached (path, query and hash), or null while it is
 * still on the payment pages. A window on another origin cannot be read and counts as not there.
 */
export function resultPathOf(frameWindow: Window | null): string | null {
  if (!frameWindow) return null;
  try {
    const { origin, pathname, search, hash } = frameWindow.location;
    if (origin !== window.location.origin || !pathname.startsWith(paymentResultPathPrefix)) {
      return null;
    }
    return `${pathname}${search}${hash}`;
  } catch {
    return null;
  }
}

/** What the sandbox page posts to the page that framed it when the buyer cancels. */
const sandboxMessageSchema = z.object({ type: z.literal('sandbox-payment'), code: z.string() });

/** The code of a sandbox window's message, or null for any other message. */
export function sandboxMessageCode(event: MessageEvent, frameWindow: Window | null): string | null {
  if (event.origin !== window.location.origin) return null;
  if (frameWindow && event.source !== frameWindow) return null;
  const parsed = sandboxMessageSchema.safeParse(event.data);
  return parsed.success ? parsed.data.code : null;
}

/**
 * The sandbox window keeps what was typed in this tab's sessionStorage (under this key, set by
 * the server's checkout page), so a declined card's details come back in the next window.
 */
export const sandboxTypedCardKey = 'curtaincall.sandbox-card';

/** After an approved payment nothing typed is kept. */
export function forgetTypedCard(): void {
  try {
    window.sessionStorage.removeItem(sandboxTypedCardKey);
  } catch {
    // Storage refused (private mode): nothing was kept either.
  }
}
