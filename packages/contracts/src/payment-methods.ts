import { z } from 'zod';
import { dateTimeSchema } from './common';
import { paymentMethodSchema, type PaymentMethod } from './enums';

/*
 * Issue 28: how a buyer pays. Every method is one row of `paymentMethodRules` (timeouts, minimum
 * amounts, partial cancels, refund account, cash receipt), so a new method is a row, not a
 * branch. The lists (card companies, easy-pay providers, banks) carry Toss Payments' codes, which
 * the sandbox understands as well.
 */

/** One payment method's rules; the server and the web app both read them from here. */
export interface PaymentMethodRule {
  /** The label on the payment step, the booking detail and the receipt. */
  label: string;
  /** The smallest amount the method takes (integer won). */
  minAmount: number;
  /**
   * How long the buyer has to finish paying: a payment window closes after this many minutes;
   * `null` means the money arrives later, by the deposit deadline (가상계좌).
   */
  windowMinutes: number | null;
  /** Whether part of a payment can be given back (a per-seat cancel). */
  partialCancel: boolean;
  /** A refund needs the buyer's bank account (the money came by bank transfer). */
  needsRefundAccount: boolean;
  /**
   * Which part of the payment a 현금영수증 covers: none (a card), the cash portion the provider
   * reports (간편결제 paid from a balance or account), or all of it (a deposit).
   */
  cashReceipt: 'none' | 'cashPortion' | 'whole';
  /** The method opens a provider window in the browser (otherwise the server issues it). */
  opensWindow: boolean;
}

/** The methods we take, as the wire names them (`CARD`, `EASY_PAY` are the spec's own). */
export const paymentMethodRules = {
  CARD: {
    label: '신용·체크카드',
    minAmount: 100,
    windowMinutes: 10,
    partialCancel: true,
    needsRefundAccount: false,
    cashReceipt: 'none',
    opensWindow: true,
  },
  EASY_PAY: {
    label: '간편결제',
    minAmount: 100,
    windowMinutes: 10,
    partialCancel: true,
    needsRefundAccount: false,
    cashReceipt: 'cashPortion',
    opensWindow: true,
  },
  VIRTUAL_ACCOUNT: {
    label: '가상계좌(무통장입금)',
    minAmount: 1,
    windowMinutes: null,
    partialCancel: true,
    needsRefundAccount: true,
    cashReceipt: 'whole',
    opensWindow: false,
  },
} as const satisfies Record<PaymentMethod, PaymentMethodRule>;

export const paymentMethodLabel = (method: string | null | undefined): string =>
  method && method in paymentMethodRules
    ? paymentMethodRules[method as PaymentMethod].label
    : (method ?? '');

/** 할부 is offered from this amount (Korean card rules: none below 50,000원). */
export const INSTALLMENT_MIN_AMOUNT = 50_000;
/** 할부 months a buyer may choose (0 = 일시불). */
export const installmentMonthsOptions = [0, 2, 3, 4, 5, 6, 10, 12] as const;

/** 카드사 (Toss's `cardCompany` codes). */
export const cardCompanies = [
  { code: 'SHINHAN', name: '신한카드' },
  { code: 'KOOKMIN', name: 'KB국민카드' },
  { code: 'HYUNDAI', name: '현대카드' },
  { code: 'SAMSUNG', name: '삼성카드' },
  { code: 'LOTTE', name: '롯데카드' },
  { code: 'HANA', name: '하나카드' },
  { code: 'WOORI', name: '우리카드' },
  { code: 'BC', name: 'BC카드' },
  { code: 'NONGHYEOP', name: 'NH농협카드' },
] as const;
export const cardCompanyCodeSchema = z.enum(
  cardCompanies.map((c) => c.code) as [string, ...string[]],
  { error: '카드사를 다시 선택해주세요.' },
);

/** 간편결제 (Toss's `easyPay` codes); the order is the payment step's. */
export const easyPayProviders = [
  { code: 'KAKAOPAY', name: '카카오페이' },
  { code: 'NAVERPAY', name: '네이버페이' },
  { code: 'TOSSPAY', name: '토스페이' },
  { code: 'PAYCO', name: 'PAYCO' },
] as const;
export type EasyPayProviderCode = (typeof easyPayProviders)[number]['code'];
export const easyPayProviderSchema = z.enum(['KAKAOPAY', 'NAVERPAY', 'TOSSPAY', 'PAYCO'], {
  error: '간편결제 수단을 선택해주세요.',
});

/** Banks that issue 가상계좌 and take refunds (Toss's two-digit bank codes). */
export const banks = [
  { code: '04', name: 'KB국민은행' },
  { code: '88', name: '신한은행' },
  { code: '20', name: '우리은행' },
  { code: '81', name: '하나은행' },
  { code: '11', name: 'NH농협은행' },
  { code: '03', name: 'IBK기업은행' },
  { code: '71', name: '우체국' },
  { code: '89', name: '케이뱅크' },
  { code: '90', name: '카카오뱅크' },
  { code: '92', name: '토스뱅크' },
] as const;
export const bankCodeSchema = z.enum(banks.map((b) => b.code) as [string, ...string[]], {
  error: '은행을 선택해주세요.',
});
/** Banks that issue 가상계좌 (the internet-only banks take refunds but issue none). */
export const virtualAccountBankCodes = ['04', '88', '20', '81', '11', '03', '71', '89'] as const;
export const bankName = (code: string | null | undefined): string =>
  banks.find((b) => b.code === code)?.name ?? code ?? '';

export const paymentMethodMessages = {
  method: '결제 수단을 선택해주세요.',
  belowMinimum: (label: string, min: string) => `${label}은(는) ${min} 이상만 결제할 수 있습니다.`,
  installmentBelowMinimum: '할부는 50,000원 이상 결제할 때만 선택할 수 있습니다.',
  virtualAccountBank: '가상계좌를 발급할 은행을 선택해주세요.',
  virtualAccountUnavailable:
    '입금 기한을 정할 수 없어 이 공연은 가상계좌로 결제할 수 없습니다. 다른 결제 수단을 선택해주세요.',
  virtualAccountDisabled: '이 공연은 가상계좌 결제를 받지 않습니다.',
  cashReceiptNumber:
    '현금영수증 번호를 확인해주세요. (휴대폰 번호 10~11자리 또는 사업자등록번호 10자리)',
  cashReceiptNotForMethod: '현금영수증은 가상계좌와 간편결제에서만 신청할 수 있습니다.',
  issueFailed: '가상계좌를 발급하지 못했습니다. 잠시 후 다시 시도해주세요.',
  issueUnknown:
    '가상계좌 발급 결과를 확인하지 못했습니다. 잠시 후 예매 내역에서 확인하거나 다시 예매해주세요.',
  refundAccountRequired:
    '가상계좌로 결제한 예매는 환불받을 계좌를 먼저 등록해야 취소할 수 있습니다.',
  refundAccountBank: '환불받을 은행을 선택해주세요.',
  refundAccountNumber: '계좌번호는 숫자 10~16자리로 입력해주세요.',
  refundAccountHolder: '예금주를 1~20자로 입력해주세요.',
  refundAccountSaved: '환불 계좌가 저장되었습니다.',
  refundAccountDeleted: '환불 계좌가 삭제되었습니다.',
  depositWrongAmount: (amount: string) =>
    `입금액이 주문 금액과 다릅니다. 정확히 ${amount}을 입금해주세요. (부분 입금은 받지 않습니다)`,
  depositExpired: '입금 기한이 지난 계좌입니다. 입금되지 않았습니다.',
  depositUnknownAccount: '존재하지 않는 계좌입니다.',
  depositAlreadyPaid: '이미 입금이 완료된 계좌입니다.',
  depositDone: '입금이 완료되었습니다.',
} as const;

/** 현금영수증: 소득공제 (a phone number) or 지출증빙 (a business number). */
export const cashReceiptTypeSchema = z.enum(['INCOME_DEDUCTION', 'EXPENSE_PROOF']);
export type CashReceiptType = z.infer<typeof cashReceiptTypeSchema>;
export const cashReceiptTypeLabels: Record<CashReceiptType, string> = {
  INCOME_DEDUCTION: '소득공제',
  EXPENSE_PROOF: '지출증빙',
};

export const cashReceiptRequestSchema = z
  .object({
    type: cashReceiptTypeSchema,
    /** Digits only after trimming hyphens: a phone number (소득공제) or business number. */
    // `overwrite`, not `transform`: the type stays a string, so bodies keep their OpenAPI examples.
    number: z
      .string({ error: paymentMethodMessages.cashReceiptNumber })
      .overwrite((v) => v.replace(/[\s-]/g, ''))
      .regex(/^\d{10,11}$/, { error: paymentMethodMessages.cashReceiptNumber }),
  })
  .superRefine((value, ctx) => {
    const ok =
      value.type === 'INCOME_DEDUCTION'
        ? /^01\d{8,9}$/.test(value.number)
        : /^\d{10}$/.test(value.number);
    if (!ok) {
      ctx.addIssue({
        code: 'custom',
        path: ['number'],
        message: paymentMethodMessages.cashReceiptNumber,
      });
    }
  });
export type CashReceiptRequest = z.infer<typeof cashReceiptRequestSchema>;

/** A cash-receipt number as it may be shown back: all but the last four digits hidden. */
export const maskDigits = (digits: string): string =>
  digits.length <= 4
    ? '*'.repeat(digits.length)
    : `${'*'.repeat(digits.length - 4)}${digits.slice(-4)}`;

/**
 * `POST /bookings`'s optional `payment` (issue 28; the spec's client sends none: a card). The
 * server checks each choice against `paymentMethodRules` and the amount it computes.
 */
export const paymentChoiceSchema = z.discriminatedUnion(
  'method',
  [
    z.object({
      method: z.literal('CARD'),
      cardCompany: cardCompanyCodeSchema.optional(),
      /** 0 = 일시불; 2+ only for amounts ≥ INSTALLMENT_MIN_AMOUNT. */
      installmentMonths: z
        .number()
        .int()
        .refine((n) => (installmentMonthsOptions as readonly number[]).includes(n), {
          error: '할부 개월 수를 다시 선택해주세요.',
        })
        .default(0),
    }),
    z.object({
      method: z.literal('EASY_PAY'),
      easyPayProvider: easyPayProviderSchema,
      cashReceipt: cashReceiptRequestSchema.optional(),
    }),
    z.object({
      method: z.literal('VIRTUAL_ACCOUNT'),
      bank: bankCodeSchema.refine(
        (code) => (virtualAccountBankCodes as readonly string[]).includes(code),
        { error: paymentMethodMessages.virtualAccountBank },
      ),
      cashReceipt: cashReceiptRequestSchema.optional(),
    }),
  ],
  { error: paymentMethodMessages.method },
);
export type PaymentChoice = z.infer<typeof paymentChoiceSchema>;
export type PaymentChoiceInput = z.input<typeof paymentChoiceSchema>;

/** An issued 가상계좌 as the buyer sees it (result page, booking detail, my page, push). */
export const virtualAccountSchema = z.object({
  bankCode: z.string(),
  bankName: z.string(),
  accountNumber: z.string(),
  /** 예금주 as the bank shows it (the provider's name for the account). */
  holder: z.string(),
  amount: z.number().int(),
  /** Until when the deposit is taken (Asia/Seoul wall clock, `YYYY-MM-DDTHH:mm:ss`). */
  dueAt: dateTimeSchema,
  /** Sandbox only: the test bank page where the deposit can be made. */
  testBankUrl: z.string().nullable(),
});
export type VirtualAccount = z.infer<typeof virtualAccountSchema>;

/** How a booking was paid, for the booking detail and the receipt (issue 28). */
export const paymentDetailsSchema = z.object({
  method: paymentMethodSchema.nullable(),
  methodLabel: z.string(),
  /** e.g. '카카오페이', '신한카드 3개월', 'KB국민은행 가상계좌'. */
  detail: z.string().nullable(),
  virtualAccount: virtualAccountSchema.nullable(),
  cashReceipt: z
    .object({
      type: cashReceiptTypeSchema,
      typeLabel: z.string(),
      maskedNumber: z.string(),
      amount: z.number().int(),
      /** The provider's 승인번호, once issued (a deposit's receipt comes with the deposit). */
      issueNumber: z.string().nullable(),
    })
    .nullable(),
  /** The seller marked the performance 문화비 소득공제 대상. */
  cultureExpense: z.boolean(),
});
export type PaymentDetails = z.infer<typeof paymentDetailsSchema>;

/** `PUT /users/me/refund-account`: stored encrypted, shown back masked only. */
export const refundAccountBodySchema = z.object({
  bank: bankCodeSchema,
  // Hyphens and spaces dropped by `overwrite`, not `transform`: the type stays a string, so the
  // PUT body keeps its OpenAPI example (zod drops examples from a schema with a transform).
  accountNumber: z
    .string({ error: paymentMethodMessages.refundAccountNumber })
    .overwrite((v) => v.replace(/[\s-]/g, ''))
    .regex(/^\d{10,16}$/, { error: paymentMethodMessages.refundAccountNumber }),
  holder: z
    .string({ error: paymentMethodMessages.refundAccountHolder })
    .trim()
    .min(1, { error: paymentMethodMessages.refundAccountHolder })
    .max(20, { error: paymentMethodMessages.refundAccountHolder }),
});
export type RefundAccountBody = z.infer<typeof refundAccountBodySchema>;

/** `GET /users/me/refund-account`: never the whole number nor the whole name. */
export const refundAccountSchema = z.object({
  bankCode: z.string(),
  bankName: z.string(),
  maskedNumber: z.string(),
  maskedHolder: z.string(),
  updatedAt: dateTimeSchema,
});
export type RefundAccount = z.infer<typeof refundAccountSchema>;

/** 홍길동 → 홍*동, 김철 → 김*, a single letter stays. */
export const maskName = (name: string): string => {
  const letters = [...name];
  if (letters.length <= 1) return name;
  if (letters.length === 2) return `${letters[0]}*`;
  return `${letters[0]}${'*'.repeat(letters.length - 2)}${letters.at(-1)}`;
};

/** A seller's deposit rules per performance (issue 28). */
export const depositSettingsSchema = z.object({
  /** Offer 가상계좌 for this performance. */
  virtualAccountEnabled: z.boolean(),
  /** The deposit is due at 23:59 this many days after the booking day (0 = the same day). */
  depositDueDays: z.number().int().min(0, { error: '0~7일 사이로 입력해주세요.' }).max(7, {
    error: '0~7일 사이로 입력해주세요.',
  }),
  /** 문화비 소득공제 대상 (printed on the 예매확인서, passed to the provider). */
  cultureExpense: z.boolean(),
});
export type DepositSettings = z.infer<typeof depositSettingsSchema>;
