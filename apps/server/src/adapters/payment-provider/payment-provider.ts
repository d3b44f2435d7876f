/**
 * Card payments (product-rules.md §6): one port, two providers.
 * - `sandbox` (default): our own checkout page and a server-side confirm; needs nothing outside
 *   this machine.
 * - `toss`: Toss Payments by client key and secret key (REST confirm and cancel).
 * Both redirect the browser to the booking's successUrl / failUrl with Toss's query parameters,
 * so one callback path serves both.
 */
export type PaymentProviderName = 'sandbox' | 'toss';

export interface ConfirmRequest {
  paymentKey: string;
  orderId: string;
  /** Integer won, the amount stored with the payment (already checked against the callback). */
  amount: number;
}

export type ConfirmResult =
  | {
      ok: true;
      paymentKey: string;
      method: 'CARD' | 'EASY_PAY';
      approvedAt: Date;
    }
  | {
      ok: false;
      /** The provider's error code (Toss style, e.g. REJECT_CARD_COMPANY). */
      code: string;
      /** Korean, shown to the buyer on the failure page. */
      message: string;
      /**
       * True when the provider recognised this payment of this order and refused it (a card
       * declined): the payment is over, whoever sent the callback. False when the refusal proves
       * nothing about the buyer's payment (an unknown, forged or altered key, a bad request):
       * anyone holding the orderId can send such a callback.
       */
      paymentFailed: boolean;
    };

export interface CancelRequest {
  paymentKey: string;
  /**
   * Integer won to give back now: all that was paid, or part of what remains (a per-seat
   * cancel). The provider refuses more than remains.
   */
  amount: number;
  reason: string;
  /** Repeating a cancel with the same key must not refund twice. */
  idempotencyKey: string;
}

export interface CancelResult {
  /** The provider's id of this cancellation, when it gives one. */
  transactionKey: string | null;
}

export interface PaymentProviderPort {
  readonly name: PaymentProviderName;
  /** What the web app needs to open the payment window (Toss client key; sandbox: a label). */
  readonly clientKey: string;
  /**
   * Confirms an approved payment. A refusal by the provider is `{ ok: false }`; a provider that
   * cannot be reached or answers nonsense throws `PaymentProviderError`.
   */
  confirm(request: ConfirmRequest): Promise<ConfirmResult>;
  /**
   * Gives back `amount` of a confirmed payment; throws `PaymentProviderError` when it could not,
   * saying whether the provider refused (`refused`) or the outcome is unknown.
   */
  cancel(request: CancelRequest): Promise<CancelResult>;
}

/** The provider could not be reached or did not do what was asked. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly code = 'PROVIDER_ERROR',
    /**
     * True when the provider answered and refused: nothing was done (a refund may be asked
     * again, under a new key, since the provider replays its refusal for the old one). False
     * when the outcome is unknown (no answer, a timeout, a 5xx, an answer we cannot read): it
     * may have been done, so only the same request under the same idempotency key may tell.
     */
    readonly refused = false,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}
