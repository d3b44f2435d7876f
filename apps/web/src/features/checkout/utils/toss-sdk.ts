import { checkoutTexts } from './checkout-texts';

/** Toss Payments' browser SDK v1 (api-contract.md §8): a script that defines `TossPayments`. */
export const TOSS_SDK_V1_URL = 'https://js.tosspayments.com/v1/payment';

/** The parameters `requestPayment('카드', …)` takes from our booking answer. */
export interface TossPaymentRequest {
  orderId: string;
  orderName: string;
  amount: number;
  customerName: string;
  successUrl: string;
  failUrl: string;
  /**
   * Issue 28: the method's extras as the server chose them (BookingCreated.windowOptions):
   * `flowMode: 'DIRECT'` with `easyPay` opens that 간편결제 at once; `cardCompany` and
   * `cardInstallmentPlan` preset the card window.
   */
  flowMode?: 'DEFAULT' | 'DIRECT';
  easyPay?: string;
  cardCompany?: string;
  cardInstallmentPlan?: number;
}

export interface TossPayments {
  /** Redirects to successUrl/failUrl, or rejects with `{ code, message }` (USER_CANCEL when closed). */
  requestPayment(method: '카드', request: TossPaymentRequest): Promise<unknown>;
}

type TossPaymentsFactory = (clientKey: string) => TossPayments;

function isFactory(value: unknown): value is TossPaymentsFactory {
  return typeof value === 'function';
}

/** The SDK's global, once its script has run. */
function readFactory(): TossPaymentsFactory | null {
  const value: unknown = Reflect.get(window, 'TossPayments');
  return isFactory(value) ? value : null;
}

let loading: Promise<TossPaymentsFactory> | null = null;

/**
 * Adds the SDK script on first use (most buyers of a sandbox deployment never need it) and
 * waits for it; later calls share that load. A failed load is forgotten, so a retry adds it anew.
 */
function loadTossScript(): Promise<TossPaymentsFactory> {
  const ready = readFactory();
  if (ready) return Promise.resolve(ready);
  loading ??= new Promise<TossPaymentsFactory>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = TOSS_SDK_V1_URL;
    script.async = true;
    script.addEventListener('load', () => {
      const factory = readFactory();
      if (factory) resolve(factory);
      else reject(new Error(checkoutTexts.sdkLoadFailed));
    });
    script.addEventListener('error', () => {
      script.remove();
      reject(new Error(checkoutTexts.sdkLoadFailed));
    });
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** `loadTossPayments(clientKey)` of the v1 SDK, loading its script on demand. */
export async function loadTossPayments(clientKey: string): Promise<TossPayments> {
  const factory = await loadTossScript();
  return factory(clientKey);
}

/** For tests: forget a load in progress. */
export function resetTossSdk(): void {
  loading = null;
}
