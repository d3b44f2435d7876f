import type {
  BookingCreated,
  CreateBookingBody,
  FieldError,
  PaymentChoice,
} from '@curtaincall/contracts';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/components/ui/toast-store';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { browser } from '@/lib/browser';
import { formatPrice } from '@/lib/format';
import { createBooking } from '../api/create-booking';
import { SandboxCheckoutWindow } from '../components/sandbox-checkout-window';
import type { CheckoutOutcome } from '../utils/checkout-outcome';
import { checkoutTexts } from '../utils/checkout-texts';
import { depositResultPath, type DepositResultState } from '../utils/deposit-result';
import { sandboxCheckoutUrl } from '../utils/sandbox-checkout';
import { payWithToss } from '../utils/toss-checkout';

/**
 * The seats to book: every seat the caller holds (api-contract.md §8.1), with a 권종 per seat
 * that is not 일반 and the applied promo code (issue 27).
 */
export interface CheckoutOrder {
  concertId: number;
  concertSeatIds: number[];
  seatTypes?: CreateBookingBody['seatTypes'];
  promoCode?: string;
  /** The total the seat page showed; the server's amount is charged either way. */
  expectedAmount?: number;
  /** Issue 28: the method and its choices; absent means a card, as the spec's client sends. */
  payment?: PaymentChoice;
}

/** The server refused the booking: the fields it named, for the page to place by its controls. */
export interface CheckoutRefusal {
  fieldErrors: readonly FieldError[];
}

interface OpenWindow {
  url: string;
  title: string;
  orderName: string;
  amount: number;
  breakdown: BookingCreated['breakdown'];
  notice: string | null;
  /** When the booking's payment window ends (epoch ms), from the server's seconds left. */
  paymentDeadline: number;
  settle: (outcome: CheckoutOutcome) => void;
}

export interface Checkout {
  /**
   * Books the seats and opens the payment window. Resolves once the buyer is back on this page
   * (cancelled or failed, after the toast), with the field errors when the server refused the
   * booking itself; stays pending while the browser leaves for a result page. Never rejects.
   */
  pay: (order: CheckoutOrder) => Promise<CheckoutRefusal | undefined>;
  /** The provider's window for a booking (the choice between sandbox and Toss lives here). */
  startCheckout: (booking: BookingCreated, notice?: string | null) => Promise<CheckoutOutcome>;
  /** The sandbox window while it is open: render it anywhere on the page. */
  checkoutWindow: ReactNode;
}

/** A promise that never settles: the page is being left. */
const leaving = () => new Promise<never>(() => undefined);

/**
 * Checkout (buyer-side.md §5, §8; api-contract.md §8.2): `POST /bookings`, then the provider's
 * card window: the sandbox page in an overlay on this origin, or Toss's SDK v1. A closed window
 * toasts '결제가 취소되었습니다.', anything else that fails '결제에 실패했습니다: {message}'.
 * A 가상계좌 (issue 28) opens no window: the server issued the account with the booking, and the
 * buyer goes to the deposit page to see it.
 */
export function useCheckout(): Checkout {
  const navigate = useNavigate();
  const [openWindow, setOpenWindow] = useState<OpenWindow | null>(null);
  // The window being settled, read by the close handlers without waiting for a render.
  const openWindowRef = useRef<OpenWindow | null>(null);

  const startCheckout = useCallback(
    (booking: BookingCreated, notice: string | null = null): Promise<CheckoutOutcome> => {
      if (booking.provider === 'toss') return payWithToss(booking);
      const url = sandboxCheckoutUrl(booking);
      if (!url) {
        return Promise.resolve({ type: 'failed', message: checkoutTexts.missingCheckoutUrl });
      }
      if (url.origin !== window.location.origin) {
        // Another origin's page cannot be framed (X-Frame-Options) nor followed: go there whole,
        // as a provider's redirect mode does.
        browser.assign(url.toString());
        return Promise.resolve({ type: 'leaving' });
      }
      return new Promise<CheckoutOutcome>((resolve) => {
        // A window still open (it cannot be, the pay button waits) is cancelled, never orphaned.
        openWindowRef.current?.settle({ type: 'cancelled' });
        const next: OpenWindow = {
          url: url.toString(),
          title:
            booking.method === 'EASY_PAY'
              ? checkoutTexts.easyPayWindowTitle
              : checkoutTexts.windowTitle,
          orderName: booking.orderName,
          amount: booking.amount,
          breakdown: booking.breakdown,
          notice,
          paymentDeadline: Date.now() + booking.paymentDeadlineSeconds * 1000,
          settle: resolve,
        };
        openWindowRef.current = next;
        setOpenWindow(next);
      });
    },
    [],
  );

  const pay = useCallback(
    async ({
      expectedAmount,
      payment,
      ...rest
    }: CheckoutOrder): Promise<CheckoutRefusal | undefined> => {
      let booking: BookingCreated;
      try {
        booking = await createBooking(payment ? { ...rest, payment } : rest);
      } catch (error) {
        toast.error(checkoutTexts.failed(getErrorMessage(error)));
        return { fieldErrors: isApiError(error) ? error.fieldErrors : [] };
      }
      if (booking.virtualAccount) {
        // Nothing to open: the account is issued. Back from the deposit page skips the spent
        // seat page; the page reads the booking as the truth and paints this first.
        const state: DepositResultState = { virtualAccount: booking.virtualAccount };
        void navigate(depositResultPath(booking.bookingNumber), { replace: true, state });
        return leaving();
      }
      let notice: string | null = null;
      if (expectedAmount !== undefined && booking.amount !== expectedAmount) {
        notice = checkoutTexts.amountChanged(formatPrice(booking.amount));
        console.warn('[checkout] the server amount differs from the seat page total', {
          expectedAmount,
          amount: booking.amount,
        });
        if (booking.provider === 'toss') toast.warning(notice);
      }
      const outcome = await startCheckout(booking, notice);
      switch (outcome.type) {
        case 'leaving':
          return leaving();
        case 'cancelled':
          toast.info(checkoutTexts.cancelled);
          return undefined;
        case 'failed':
          toast.error(checkoutTexts.failed(outcome.message));
          return undefined;
      }
    },
    [startCheckout, navigate],
  );

  const closeWindow = useCallback((outcome: CheckoutOutcome) => {
    const current = openWindowRef.current;
    if (!current) return;
    openWindowRef.current = null;
    setOpenWindow(null);
    current.settle(outcome);
  }, []);

  const onCancel = useCallback(() => closeWindow({ type: 'cancelled' }), [closeWindow]);
  const onResult = useCallback(
    (path: string) => {
      closeWindow({ type: 'leaving' });
      // The top window follows the frame to the result page; back skips the spent seat page.
      void navigate(path, { replace: true });
    },
    [closeWindow, navigate],
  );

  const checkoutWindow = openWindow ? (
    <SandboxCheckoutWindow
      url={openWindow.url}
      title={openWindow.title}
      orderName={openWindow.orderName}
      amount={openWindow.amount}
      breakdown={openWindow.breakdown}
      notice={openWindow.notice}
      paymentDeadline={openWindow.paymentDeadline}
      onCancel={onCancel}
      onResult={onResult}
    />
  ) : null;

  return { pay, startCheckout, checkoutWindow };
}
