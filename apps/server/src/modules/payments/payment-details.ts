import {
  bankName,
  cardCompanies,
  cashReceiptTypeLabels,
  easyPayProviders,
  paymentMethodLabel,
  paymentMethodSchema,
  type CashReceiptType,
  type PaymentDetails,
  type VirtualAccount,
} from '@curtaincall/contracts';
import { toSeoulDateTime } from '../../lib/seoul-time';

/** The payment columns that say how a booking was (or is to be) paid (issue 28). */
export interface PaymentMethodColumns {
  provider: string;
  method: string | null;
  amount: number;
  status: string;
  cardCompany: string | null;
  installmentMonths: number | null;
  easyPayProvider: string | null;
  cashAmount: number | null;
  virtualAccountBank: string | null;
  virtualAccountNumber: string | null;
  virtualAccountHolder: string | null;
  virtualAccountDueAt: Date | null;
  cashReceiptType: string | null;
  cashReceiptNumberMasked: string | null;
  cashReceiptIssueNumber: string | null;
}

/** The sandbox's test bank page for an account (only the sandbox has one). */
export function sandboxBankUrl(publicBaseUrl: string, accountNumber: string): string {
  const base = publicBaseUrl.replace(/\/$/, '');
  return `${base}/api/v1/sandbox-payments/bank?accountNumber=${encodeURIComponent(accountNumber)}`;
}

/** The issued 가상계좌 as the buyer sees it, or null when the payment has none. */
export function virtualAccountOf(
  payment: PaymentMethodColumns,
  publicBaseUrl: string,
): VirtualAccount | null {
  const { virtualAccountBank, virtualAccountNumber, virtualAccountDueAt } = payment;
  if (!virtualAccountBank || !virtualAccountNumber || !virtualAccountDueAt) return null;
  return {
    bankCode: virtualAccountBank,
    bankName: bankName(virtualAccountBank),
    accountNumber: virtualAccountNumber,
    holder: payment.virtualAccountHolder ?? '',
    amount: payment.amount,
    dueAt: toSeoulDateTime(virtualAccountDueAt),
    testBankUrl:
      payment.provider === 'sandbox' ? sandboxBankUrl(publicBaseUrl, virtualAccountNumber) : null,
  };
}

/** '신한카드 3개월', '카카오페이', 'KB국민은행 가상계좌': the method's particulars in words. */
function methodDetail(payment: PaymentMethodColumns): string | null {
  switch (payment.method) {
    case 'CARD': {
      const company = cardCompanies.find((c) => c.code === payment.cardCompany)?.name ?? null;
      const months = payment.installmentMonths ?? 0;
      const plan = months > 1 ? `${months}개월 할부` : '일시불';
      return company ? `${company} ${plan}` : plan;
    }
    case 'EASY_PAY':
      return easyPayProviders.find((p) => p.code === payment.easyPayProvider)?.name ?? null;
    case 'VIRTUAL_ACCOUNT':
      return payment.virtualAccountBank ? `${bankName(payment.virtualAccountBank)} 가상계좌` : null;
    default:
      return null;
  }
}

/**
 * The booking detail's `payment` (issue 28). The 현금영수증 covers the cash portion: all of a
 * deposit, the balance part of a 간편결제.
 */
export function describePayment(
  payment: PaymentMethodColumns | undefined,
  options: { cultureExpense: boolean; publicBaseUrl: string },
): PaymentDetails {
  const parsedMethod = paymentMethodSchema.safeParse(payment?.method);
  const method = parsedMethod.success ? parsedMethod.data : null;
  const receiptType = payment?.cashReceiptType as CashReceiptType | null | undefined;
  const cashAmount =
    payment?.method === 'VIRTUAL_ACCOUNT' ? payment.amount : (payment?.cashAmount ?? 0);
  return {
    method,
    methodLabel: paymentMethodLabel(payment?.method ?? null),
    detail: payment ? methodDetail(payment) : null,
    virtualAccount:
      payment && payment.status === 'WAITING_FOR_DEPOSIT'
        ? virtualAccountOf(payment, options.publicBaseUrl)
        : null,
    cashReceipt:
      payment && receiptType && receiptType in cashReceiptTypeLabels
        ? {
            type: receiptType,
            typeLabel: cashReceiptTypeLabels[receiptType],
            maskedNumber: payment.cashReceiptNumberMasked ?? '',
            amount: cashAmount,
            issueNumber: payment.cashReceiptIssueNumber,
          }
        : null,
    cultureExpense: options.cultureExpense,
  };
}
