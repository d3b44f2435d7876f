import {
  bankName,
  cardCompanies,
  cashReceiptTypeLabels,
  easyPayProviders,
  INSTALLMENT_MIN_AMOUNT,
  installmentMonthsOptions,
  paymentMethodRules,
  virtualAccountBankCodes,
  type EasyPayProviderCode,
  type PaymentMethod,
} from '@curtaincall/contracts';
import { clsx } from 'clsx';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { formatPrice } from '@/lib/format';
import type { PaymentMethodModel } from '../hooks/use-payment-method';
import { allowsInstallment, type CashReceiptChoice } from '../utils/payment-choice';

export const paymentPickerTexts = {
  legend: '결제 수단',
  cardCompany: '카드사',
  cardCompanyNone: '선택 안 함',
  installment: '할부',
  lumpSum: '일시불',
  months: (months: number) => `${months}개월`,
  installmentNote: `할부는 ${formatPrice(INSTALLMENT_MIN_AMOUNT)} 이상 결제할 때 선택할 수 있어요.`,
  easyPay: '간편결제 선택',
  bank: '입금 은행',
  bankPlaceholder: '은행을 선택해주세요',
  depositNote:
    '입금 기한까지 좌석이 유지돼요. 기한 안에 입금하지 않으면 예매가 자동으로 취소되고 좌석은 다시 판매됩니다.',
  cashReceipt: '현금영수증',
  cashReceiptNone: '미발행',
  phone: '휴대폰 번호',
  businessNumber: '사업자등록번호',
  phonePlaceholder: '01012345678',
  businessPlaceholder: '1234567890',
  cashReceiptHint: '숫자만 입력해주세요.',
  /** 간편결제: only what is paid from the app's balance (머니·포인트) is cash. */
  easyPayCashNote: '간편결제 머니·포인트로 결제한 금액에 발급돼요.',
} as const;

const methods: PaymentMethod[] = ['CARD', 'EASY_PAY', 'VIRTUAL_ACCOUNT'];

/** Each provider's own colour, so the buyer finds theirs at a glance. */
const providerSwatch: Record<EasyPayProviderCode, string> = {
  KAKAOPAY: 'bg-[#FEE500]',
  NAVERPAY: 'bg-[#03C75A]',
  TOSSPAY: 'bg-[#0064FF]',
  PAYCO: 'bg-[#FA2828]',
};

const cashReceiptChoices: CashReceiptChoice[] = ['NONE', 'INCOME_DEDUCTION', 'EXPENSE_PROOF'];

const selectClass = (error: string | undefined) =>
  clsx(
    'h-10 w-full rounded-lg border bg-surface-900 px-2.5 text-base text-zinc-50 [color-scheme:dark] tablet:text-sm',
    'focus:border-rose-400 focus:ring-2 focus:ring-rose-500/30 focus:outline-none disabled:opacity-60',
    error ? 'border-rose-500/80' : 'border-surface-600 hover:border-surface-500',
  );

const optionClass =
  'flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-surface-700 bg-surface-900/60 px-3 py-2 text-sm text-zinc-100 has-[:checked]:border-rose-400 has-[:checked]:bg-rose-500/10 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60';

function FieldErrorText({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={id} className="text-xs text-rose-300" data-payment-error>
      {error}
    </p>
  );
}

function LabelledSelect({
  label,
  value,
  onChange,
  disabled,
  error,
  note,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  error?: string | undefined;
  note?: string;
  children: ReactNode;
}) {
  const id = useId();
  const describedBy = [note ? `${id}-note` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-semibold text-zinc-300">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={selectClass(error)}
      >
        {children}
      </select>
      {note && (
        <p id={`${id}-note`} className="text-xs leading-relaxed text-zinc-400">
          {note}
        </p>
      )}
      <FieldErrorText id={`${id}-error`} error={error} />
    </div>
  );
}

function CardChoices({ model, total, disabled }: PaymentMethodPickerProps) {
  const { state, errors, update } = model;
  return (
    <div className="grid grid-cols-2 gap-2" data-payment-card>
      <LabelledSelect
        label={paymentPickerTexts.cardCompany}
        value={state.cardCompany}
        onChange={(value) => update('cardCompany', value)}
        disabled={disabled}
        error={errors.cardCompany}
      >
        <option value="">{paymentPickerTexts.cardCompanyNone}</option>
        {cardCompanies.map((company) => (
          <option key={company.code} value={company.code}>
            {company.name}
          </option>
        ))}
      </LabelledSelect>
      {allowsInstallment(total) ? (
        <LabelledSelect
          label={paymentPickerTexts.installment}
          value={String(state.installmentMonths)}
          onChange={(value) => update('installmentMonths', Number(value))}
          disabled={disabled}
          error={errors.installmentMonths}
        >
          {installmentMonthsOptions.map((months) => (
            <option key={months} value={months}>
              {months === 0 ? paymentPickerTexts.lumpSum : paymentPickerTexts.months(months)}
            </option>
          ))}
        </LabelledSelect>
      ) : (
        <p className="self-end pb-1 text-xs leading-relaxed text-zinc-400" data-installment-note>
          {paymentPickerTexts.installmentNote}
        </p>
      )}
    </div>
  );
}

function EasyPayChoices({ model, disabled }: PaymentMethodPickerProps) {
  const name = useId();
  const errorId = `${name}-error`;
  const { state, errors, update } = model;
  return (
    <fieldset
      className="flex flex-col gap-1.5"
      aria-describedby={errors.easyPayProvider ? errorId : undefined}
      aria-invalid={errors.easyPayProvider ? true : undefined}
    >
      <legend className="mb-1 text-xs font-semibold text-zinc-300">
        {paymentPickerTexts.easyPay}
      </legend>
      <div className="grid grid-cols-2 gap-2">
        {easyPayProviders.map((provider) => (
          <label key={provider.code} className={optionClass}>
            <input
              type="radio"
              name={name}
              value={provider.code}
              checked={state.easyPayProvider === provider.code}
              onChange={() => update('easyPayProvider', provider.code)}
              disabled={disabled}
              aria-invalid={errors.easyPayProvider ? true : undefined}
              className="accent-rose-500"
            />
            <span
              className={clsx('size-2.5 shrink-0 rounded-full', providerSwatch[provider.code])}
              aria-hidden
            />
            <span className="font-semibold">{provider.name}</span>
          </label>
        ))}
      </div>
      <FieldErrorText id={errorId} error={errors.easyPayProvider} />
    </fieldset>
  );
}

function VirtualAccountChoices({ model, disabled }: PaymentMethodPickerProps) {
  const { state, errors, update } = model;
  return (
    <LabelledSelect
      label={paymentPickerTexts.bank}
      value={state.bank}
      onChange={(value) => update('bank', value)}
      disabled={disabled}
      error={errors.bank}
      note={paymentPickerTexts.depositNote}
    >
      <option value="" disabled>
        {paymentPickerTexts.bankPlaceholder}
      </option>
      {virtualAccountBankCodes.map((code) => (
        <option key={code} value={code}>
          {bankName(code)}
        </option>
      ))}
    </LabelledSelect>
  );
}

function CashReceiptChoices({ model, total, disabled }: PaymentMethodPickerProps) {
  const name = useId();
  const inputId = `${name}-number`;
  const errorId = `${name}-error`;
  const hintId = `${name}-hint`;
  const { state, errors, update, checkCashReceipt } = model;
  const isPhone = state.cashReceiptType === 'INCOME_DEDUCTION';
  return (
    <fieldset className="flex flex-col gap-1.5" data-cash-receipt>
      <legend className="mb-1 text-xs font-semibold text-zinc-300">
        {paymentPickerTexts.cashReceipt}
      </legend>
      {state.method === 'EASY_PAY' && (
        <p className="text-xs text-zinc-400">{paymentPickerTexts.easyPayCashNote}</p>
      )}
      <div className="grid grid-cols-3 gap-2">
        {cashReceiptChoices.map((choice) => (
          <label key={choice} className={clsx(optionClass, 'justify-center px-2')}>
            <input
              type="radio"
              name={name}
              value={choice}
              checked={state.cashReceiptType === choice}
              onChange={() => update('cashReceiptType', choice)}
              disabled={disabled}
              className="accent-rose-500"
            />
            {choice === 'NONE' ? paymentPickerTexts.cashReceiptNone : cashReceiptTypeLabels[choice]}
          </label>
        ))}
      </div>
      {state.cashReceiptType !== 'NONE' && (
        <div className="mt-1 flex flex-col gap-1">
          <label htmlFor={inputId} className="text-xs font-semibold text-zinc-300">
            {isPhone ? paymentPickerTexts.phone : paymentPickerTexts.businessNumber}
          </label>
          <input
            id={inputId}
            type="text"
            inputMode="numeric"
            autoComplete={isPhone ? 'tel' : 'off'}
            maxLength={20}
            placeholder={
              isPhone ? paymentPickerTexts.phonePlaceholder : paymentPickerTexts.businessPlaceholder
            }
            value={state.cashReceiptNumber}
            onChange={(event) => update('cashReceiptNumber', event.target.value)}
            onBlur={() => checkCashReceipt(total)}
            disabled={disabled}
            aria-invalid={errors.cashReceipt ? true : undefined}
            aria-describedby={errors.cashReceipt ? `${hintId} ${errorId}` : hintId}
            className={clsx(
              'h-10 w-full rounded-lg border bg-surface-900 px-3 text-base text-zinc-50 placeholder:text-zinc-500 tablet:text-sm',
              'focus:border-rose-400 focus:ring-2 focus:ring-rose-500/30 focus:outline-none disabled:opacity-60',
              errors.cashReceipt
                ? 'border-rose-500/80'
                : 'border-surface-600 hover:border-surface-500',
            )}
          />
          <p id={hintId} className="text-xs text-zinc-400">
            {paymentPickerTexts.cashReceiptHint}
          </p>
        </div>
      )}
      <FieldErrorText id={errorId} error={errors.cashReceipt} />
    </fieldset>
  );
}

interface PaymentMethodPickerProps {
  model: PaymentMethodModel;
  /** The total the seat page shows (for 할부), or null while it is unknown. */
  total: number | null;
  /** A booking or payment window is under way. */
  disabled: boolean;
}

/**
 * The payment step's method choice (issue 28): 신용·체크카드 (카드사, 할부 from 50,000원),
 * 간편결제 (카카오페이, 네이버페이, 토스페이, PAYCO), 가상계좌 (bank, deposit deadline note), and a
 * 현금영수증 for the two that take one. Native radios in fieldsets, so screen readers and the
 * keyboard get radio groups; every error is tied to its control.
 */
export function PaymentMethodPicker(props: PaymentMethodPickerProps) {
  const { model, disabled } = props;
  const { state, errors, update, errorRequest } = model;
  const name = useId();
  const methodErrorId = `${name}-error`;
  const containerRef = useRef<HTMLFieldSetElement>(null);

  // Errors shown at 결제하기 (ours or the server's): the focus goes to the first of them.
  useEffect(() => {
    if (errorRequest === 0) return;
    containerRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errorRequest]);

  const takesCashReceipt = paymentMethodRules[state.method].cashReceipt !== 'none';
  return (
    <fieldset
      ref={containerRef}
      className="mt-3 flex flex-col gap-3 border-t border-white/5 pt-3"
      aria-describedby={errors.method ? methodErrorId : undefined}
      data-payment-method
    >
      <legend className="float-left mb-1 w-full text-sm font-bold text-white">
        {paymentPickerTexts.legend}
      </legend>
      <div className="clear-left flex flex-col gap-2">
        {methods.map((method) => (
          <label key={method} className={optionClass}>
            <input
              type="radio"
              name={name}
              value={method}
              checked={state.method === method}
              onChange={() => update('method', method)}
              disabled={disabled}
              aria-invalid={errors.method && state.method === method ? true : undefined}
              className="accent-rose-500"
            />
            <span className="font-semibold">{paymentMethodRules[method].label}</span>
          </label>
        ))}
      </div>
      <FieldErrorText id={methodErrorId} error={errors.method} />
      {state.method === 'CARD' && <CardChoices {...props} />}
      {state.method === 'EASY_PAY' && <EasyPayChoices {...props} />}
      {state.method === 'VIRTUAL_ACCOUNT' && <VirtualAccountChoices {...props} />}
      {takesCashReceipt && <CashReceiptChoices {...props} />}
    </fieldset>
  );
}
