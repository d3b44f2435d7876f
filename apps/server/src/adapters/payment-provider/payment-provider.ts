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
      /**
       * Issue 28: the 간편결제 provider's code (KAKAOPAY, …) when the provider says so, and the
       * part paid in cash (a balance or an account, not a card): what a 현금영수증 covers.
       */
      easyPayProvider?: string | null;
      cashAmount?: number;
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
  /** Issue 28: required by the provider for a 가상계좌 payment, ignored for cards. */
  refundReceiveAccount?: RefundReceiveAccount;
}

/** Issue 28: a 현금영수증 asked for with a payment (Toss's `cashReceipt`). */
export interface CashReceiptInstruction {
  type: '소득공제' | '지출증빙';
  /** A phone number (소득공제) or a business registration number (지출증빙), digits only. */
  registrationNumber: string;
}

/** Issue 28: `POST /v1/virtual-accounts`: the server issues the account, no window. */
export interface IssueVirtualAccountRequest {
  orderId: string;
  orderName: string;
  amount: number;
  customerName: string;
  /** Toss's two-digit bank code. */
  bank: string;
  /** The deposit is refused after this moment. */
  dueAt: Date;
  cashReceipt: CashReceiptInstruction | null;
  /** 문화비 소득공제 대상. */
  cultureExpense: boolean;
  /** Where the provider posts the deposit notice (our webhook). */
  callbackUrl: string;
}

export type IssueVirtualAccountResult =
  | {
      ok: true;
      paymentKey: string;
      bank: string;
      accountNumber: string;
      /** The account's holder as the bank shows it. */
      holder: string;
      dueAt: Date;
    }
  | { ok: false; code: string; message: string };

/**
 * Issue 28: a payment as the provider has it now (`GET /v1/payments/{paymentKey}`): what a
 * webhook is checked against, never its own body.
 */
export interface ProviderPayment {
  paymentKey: string;
  orderId: string;
  /** Toss's statuses: READY, WAITING_FOR_DEPOSIT, DONE, CANCELED, PARTIAL_CANCELED, EXPIRED, … */
  status: string;
  totalAmount: number;
  method: 'CARD' | 'EASY_PAY' | 'VIRTUAL_ACCOUNT' | 'OTHER';
  approvedAt: Date | null;
}

/** Issue 28: `POST /v1/cash-receipts` for a cash portion paid outside a deposit. */
export interface IssueCashReceiptRequest {
  orderId: string;
  orderName: string;
  amount: number;
  receipt: CashReceiptInstruction;
}

/** Issue 28: where a refund of money that came by bank transfer goes (Toss's refundReceiveAccount). */
export interface RefundReceiveAccount {
  /** Toss's two-digit bank code. */
  bank: string;
  accountNumber: string;
  holderName: string;
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
  /**
   * Issue 28: issues a 가상계좌 for the order. A refusal is `{ ok: false }`; no answer or
   * nonsense throws `PaymentProviderError` (the account may exist: nobody was shown it).
   */
  issueVirtualAccount(request: IssueVirtualAccountRequest): Promise<IssueVirtualAccountResult>;
  /** Issue 28: the payment as the provider has it; null when it knows no such payment. */
  getPayment(paymentKey: string): Promise<ProviderPayment | null>;
  /** Issue 28: issues a 현금영수증; returns its 승인번호 (issueNumber). Throws when it could not. */
  issueCashReceipt(request: IssueCashReceiptRequest): Promise<{ issueNumber: string }>;
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
