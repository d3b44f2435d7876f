import {
  cashReceiptRequestSchema,
  INSTALLMENT_MIN_AMOUNT,
  paymentMethodMessages,
  type CashReceiptType,
  type EasyPayProviderCode,
  type FieldError,
  type PaymentChoice,
  type PaymentMethod,
} from '@curtaincall/contracts';

/** 현금영수증 as the picker offers it: 미발행, or one of the two kinds with its number. */
export type CashReceiptChoice = 'NONE' | CashReceiptType;

/** Everything the payment step has chosen so far; kept whole across a refused booking. */
export interface PaymentMethodState {
  method: PaymentMethod;
  /** '' = 선택 안 함 (the provider's window asks). */
  cardCompany: string;
  /** 0 = 일시불. */
  installmentMonths: number;
  easyPayProvider: EasyPayProviderCode | null;
  /** '' until a bank is chosen. */
  bank: string;
  cashReceiptType: CashReceiptChoice;
  cashReceiptNumber: string;
}

export const initialPaymentMethodState: PaymentMethodState = {
  method: 'CARD',
  cardCompany: '',
  installmentMonths: 0,
  easyPayProvider: null,
  bank: '',
  cashReceiptType: 'NONE',
  cashReceiptNumber: '',
};

/** The controls an error can sit next to. */
export type PaymentControl =
  'method' | 'cardCompany' | 'installmentMonths' | 'easyPayProvider' | 'bank' | 'cashReceipt';

export type PaymentErrors = Partial<Record<PaymentControl, string>>;

export const paymentChoiceTexts = {
  cashReceiptRequired: '현금영수증 번호를 입력해주세요.',
} as const;

/** Whether 할부 may be offered for this total (Korean card rules: from 50,000원). */
export function allowsInstallment(total: number | null): boolean {
  return total !== null && total >= INSTALLMENT_MIN_AMOUNT;
}

export type PaymentChoiceResult =
  { ok: true; payment: PaymentChoice | undefined } | { ok: false; errors: PaymentErrors };

/**
 * The `payment` POST /bookings takes, checked here first so a mistyped 현금영수증 number or a
 * missing bank is said next to its control without a round trip. A plain card (no 카드사, 일시불)
 * sends nothing: the spec's own body, which the server reads as a card.
 */
export function buildPaymentChoice(
  state: PaymentMethodState,
  total: number | null,
): PaymentChoiceResult {
  if (state.method === 'CARD') {
    // A 할부 picked for a larger total is not sent once the total falls below the minimum.
    const installmentMonths = allowsInstallment(total) ? state.installmentMonths : 0;
    if (!state.cardCompany && installmentMonths === 0) return { ok: true, payment: undefined };
    return {
      ok: true,
      payment: {
        method: 'CARD',
        ...(state.cardCompany ? { cardCompany: state.cardCompany } : {}),
        installmentMonths,
      },
    };
  }

  const errors: PaymentErrors = {};
  let cashReceipt: { type: CashReceiptType; number: string } | undefined;
  if (state.cashReceiptType !== 'NONE') {
    const number = state.cashReceiptNumber.trim();
    if (!number) {
      errors.cashReceipt = paymentChoiceTexts.cashReceiptRequired;
    } else {
      const parsed = cashReceiptRequestSchema.safeParse({ type: state.cashReceiptType, number });
      if (parsed.success) cashReceipt = parsed.data;
      else
        errors.cashReceipt =
          parsed.error.issues[0]?.message ?? paymentMethodMessages.cashReceiptNumber;
    }
  }

  if (state.method === 'EASY_PAY') {
    if (!state.easyPayProvider) {
      errors.easyPayProvider = '간편결제 수단을 선택해주세요.';
    }
    if (Object.keys(errors).length > 0 || !state.easyPayProvider) return { ok: false, errors };
    return {
      ok: true,
      payment: {
        method: 'EASY_PAY',
        easyPayProvider: state.easyPayProvider,
        ...(cashReceipt ? { cashReceipt } : {}),
      },
    };
  }

  if (!state.bank) errors.bank = paymentMethodMessages.virtualAccountBank;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    payment: {
      method: 'VIRTUAL_ACCOUNT',
      bank: state.bank,
      ...(cashReceipt ? { cashReceipt } : {}),
    },
  };
}

/**
 * The server's refusal placed by control: `payment.bank` next to the bank select,
 * `payment.cashReceipt.number` next to the receipt number, `payment` (or a part the picker has
 * no control for) next to the method choice.
 */
export function placePaymentFieldErrors(fieldErrors: readonly FieldError[]): PaymentErrors {
  const placed: PaymentErrors = {};
  for (const { field, message } of fieldErrors) {
    if (field !== 'payment' && !field.startsWith('payment.')) continue;
    const part = field.slice('payment.'.length).split('.')[0] ?? '';
    const control: PaymentControl =
      part === 'cashReceipt'
        ? 'cashReceipt'
        : part === 'bank' ||
            part === 'easyPayProvider' ||
            part === 'cardCompany' ||
            part === 'installmentMonths'
          ? part
          : 'method';
    placed[control] ??= message;
  }
  return placed;
}
