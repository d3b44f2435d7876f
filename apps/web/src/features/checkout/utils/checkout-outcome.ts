/** How a payment window ended, as far as the page that opened it can tell. */
export type CheckoutOutcome =
  /** The browser is on its way to a result page: nothing more to do here. */
  | { type: 'leaving' }
  /** The buyer closed the window (the provider's USER_CANCEL). */
  | { type: 'cancelled' }
  /** The window could not open or the provider refused; `message` is shown to the buyer. */
  | { type: 'failed'; message: string };

/** The provider's code for a window the buyer closed (Toss SDK v1, and our sandbox). */
export const USER_CANCEL = 'USER_CANCEL';
