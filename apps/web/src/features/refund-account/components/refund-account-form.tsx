import {
  banks,
  refundAccountBodySchema,
  type RefundAccount,
  type RefundAccountBody,
} from '@curtaincall/contracts';
import { clsx } from 'clsx';
import { CircleAlert } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toast-store';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { useFocusFirstInvalid } from '@/lib/form-errors';
import { useSaveRefundAccount } from '../api/refund-account';
import { refundAccountTexts as texts } from '../utils/refund-account-texts';

const fields = ['bank', 'accountNumber', 'holder'] as const;
type Field = (typeof fields)[number];
type FieldErrors = Partial<Record<Field, string>>;

interface Draft {
  bank: string;
  accountNumber: string;
  holder: string;
}

const selectClass =
  'h-12 w-full rounded-xl border bg-surface-900 px-4 text-base text-zinc-50 [color-scheme:dark] focus:border-rose-400 focus:ring-2 focus:ring-rose-500/30 focus:outline-none';

/**
 * Problems by field, the first message of each; anything naming no field of the form (the
 * server's refusal of the whole) goes to `rest`. The schema's issues and the server's
 * `errors[]` both name the top-level field, so one mapping serves both.
 */
function byField(problems: readonly { field: string; message: string }[]) {
  const errors: FieldErrors = {};
  const rest: string[] = [];
  for (const { field, message } of problems) {
    const known = fields.find((name) => name === field.split(/[.[]/)[0]);
    if (known) errors[known] ??= message;
    else rest.push(message);
  }
  return { errors, rest };
}

/** Digits and the hyphens people type from a bankbook; the schema drops the hyphens. */
const accountNumberInput = (value: string) => value.replace(/[^\d-]/g, '');

export interface RefundAccountFormProps {
  /** After the server stored it (its masked answer, when it sent one). */
  onSaved?: (account: RefundAccount | null) => void;
  /** Shows a 취소 button beside 저장 (e.g. while changing a registered account). */
  onCancel?: () => void;
  /** The bank to start with (a registered account's, when changing it). */
  initialBank?: string;
  /** Said above the fields, e.g. the server's reason for asking (409 M007). */
  notice?: string | null;
  /** Saves with this label instead of 저장. */
  submitLabel?: string;
}

/**
 * The 환불 계좌 form (issue 28): 은행, 계좌번호, 예금주, checked by the contract's
 * `refundAccountBodySchema` before sending. Each problem shows beside its field (the server's
 * field errors too); any other refusal shows above the button. The number is never filled back
 * in: the server keeps it only encrypted and answers it masked.
 */
export function RefundAccountForm({
  onSaved,
  onCancel,
  initialBank = '',
  notice,
  submitLabel = texts.save,
}: RefundAccountFormProps) {
  const bankId = useId();
  const [draft, setDraft] = useState<Draft>({ bank: initialBank, accountNumber: '', holder: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const { containerRef, focusFirstInvalid } = useFocusFirstInvalid();
  const mutation = useSaveRefundAccount();

  const change = (patch: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    // A corrected field no longer shows its old message.
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch) as Field[]) delete next[key];
      return next;
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The form may sit inside another form's dialog: its submit stays its own.
    event.stopPropagation();
    if (mutation.isPending) return;
    setFormError(null);
    const parsed = refundAccountBodySchema.safeParse(draft);
    if (!parsed.success) {
      const found = byField(
        parsed.error.issues.map((issue) => ({
          field: String(issue.path[0] ?? ''),
          message: issue.message,
        })),
      );
      setErrors(found.errors);
      focusFirstInvalid();
      return;
    }
    setErrors({});
    const body: RefundAccountBody = parsed.data;
    mutation.mutate(body, {
      onSuccess: ({ account, message }) => {
        toast.success(message);
        onSaved?.(account);
      },
      onError: (error) => {
        const found = byField(isApiError(error) ? error.fieldErrors : []);
        setErrors(found.errors);
        const hasFieldError = Object.keys(found.errors).length > 0;
        setFormError(
          found.rest[0] ?? (hasFieldError ? null : getErrorMessage(error, texts.saveFailed)),
        );
        focusFirstInvalid();
      },
    });
  };

  return (
    <form
      ref={containerRef}
      noValidate
      onSubmit={submit}
      aria-label={texts.title}
      // Sized by where it sits (my page's card or the narrow cancel dialog), not by the screen.
      className="@container flex flex-col gap-4"
    >
      {notice && (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-xl border border-amber-400/40 bg-amber-500/10 px-3 py-2 text-sm text-amber-100"
        >
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          {notice}
        </p>
      )}
      <div className="grid items-start gap-4 @xl:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={bankId} className="text-sm font-medium text-zinc-200">
            {texts.bank}
          </label>
          <select
            id={bankId}
            name="bank"
            value={draft.bank}
            aria-invalid={errors.bank ? true : undefined}
            aria-describedby={errors.bank ? `${bankId}-error` : undefined}
            onChange={(event) => change({ bank: event.target.value })}
            className={clsx(
              selectClass,
              errors.bank ? 'border-rose-500/80' : 'border-surface-700 hover:border-surface-600',
            )}
          >
            <option value="" disabled>
              {texts.bankPlaceholder}
            </option>
            {banks.map((bank) => (
              <option key={bank.code} value={bank.code}>
                {bank.name}
              </option>
            ))}
          </select>
          {errors.bank && (
            <p id={`${bankId}-error`} className="text-sm text-rose-300">
              {errors.bank}
            </p>
          )}
        </div>
        <TextField
          label={texts.accountNumber}
          name="accountNumber"
          inputMode="numeric"
          autoComplete="off"
          // 16 digits and a few hyphens at most.
          maxLength={24}
          value={draft.accountNumber}
          onChange={(event) => change({ accountNumber: accountNumberInput(event.target.value) })}
          error={errors.accountNumber}
          hint={texts.accountNumberHint}
        />
        <TextField
          label={texts.holder}
          name="holder"
          autoComplete="name"
          maxLength={20}
          value={draft.holder}
          onChange={(event) => change({ holder: event.target.value })}
          error={errors.holder}
          hint={texts.holderHint}
        />
      </div>
      {formError && (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-xl border border-rose-500/40 bg-rose-500/10 px-3 py-2 text-sm text-rose-200"
        >
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          {formError}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel && (
          <Button variant="ghost" onClick={onCancel} disabled={mutation.isPending}>
            {texts.cancel}
          </Button>
        )}
        <Button type="submit" isLoading={mutation.isPending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
