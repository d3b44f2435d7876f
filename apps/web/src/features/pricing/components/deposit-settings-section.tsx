import { depositSettingsSchema, type DepositSettings } from '@curtaincall/contracts';
import { clsx } from 'clsx';
import { CircleAlert } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { ConsoleCard } from '@/components/console/console-page';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/state-panel';
import { toast } from '@/components/ui/toast-store';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { useFocusFirstInvalid } from '@/lib/form-errors';
import { useDepositSettings, useSaveDepositSettings } from '../api/deposit-settings';
import { issuesAsFieldErrors, problemsByField, type FormProblems } from '../utils/form-problems';
import { pricingTexts } from '../utils/pricing-texts';
import { CheckboxField } from './checkbox-field';

const texts = pricingTexts.deposit;
const fields = ['virtualAccountEnabled', 'depositDueDays', 'cultureExpense'] as const;
type Field = (typeof fields)[number];
/** 예매 당일 (0) to 7일 후, the schema's range. */
const dueDayOptions = [0, 1, 2, 3, 4, 5, 6, 7] as const;

const selectClass =
  'h-12 w-full rounded-xl border bg-surface-900 px-4 text-base text-zinc-50 [color-scheme:dark] focus:border-rose-400 focus:ring-2 focus:ring-rose-500/30 focus:outline-none disabled:cursor-not-allowed disabled:text-zinc-400';

/** The loaded settings, edited and saved whole. */
function DepositSettingsForm({
  concertId,
  initial,
  isClosed,
}: {
  concertId: number;
  initial: DepositSettings;
  isClosed: boolean;
}) {
  const switchLabelId = useId();
  const switchHintId = useId();
  const dueId = useId();
  const [draft, setDraft] = useState<DepositSettings>(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const { containerRef, focusFirstInvalid } = useFocusFirstInvalid();
  const mutation = useSaveDepositSettings(concertId);
  const disabled = isClosed || mutation.isPending;

  const change = (patch: Partial<DepositSettings>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch) as Field[]) delete next[key];
      return next;
    });
  };

  const showProblems = (problems: FormProblems<Field>, fallback: string) => {
    setErrors(problems.errors);
    const hasFieldError = Object.keys(problems.errors).length > 0;
    setFormError(problems.rest[0] ?? (hasFieldError ? null : fallback));
    focusFirstInvalid();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (disabled) return;
    setFormError(null);
    const parsed = depositSettingsSchema.safeParse(draft);
    if (!parsed.success) {
      showProblems(
        problemsByField(issuesAsFieldErrors(parsed.error.issues), fields),
        texts.saveFailed,
      );
      return;
    }
    setErrors({});
    mutation.mutate(parsed.data, {
      onSuccess: ({ settings, message }) => {
        setDraft(settings);
        toast.success(message);
      },
      onError: (error) =>
        showProblems(
          problemsByField(isApiError(error) ? error.fieldErrors : [], fields),
          getErrorMessage(error, texts.saveFailed),
        ),
    });
  };

  return (
    <form ref={containerRef} noValidate onSubmit={submit} className="flex flex-col gap-4">
      <div className="flex items-start gap-4 rounded-xl border border-surface-700 bg-surface-900/60 px-4 py-3">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <span id={switchLabelId} className="text-sm font-medium text-zinc-100">
            {texts.virtualAccount}
          </span>
          <span id={switchHintId} className="text-xs text-zinc-400">
            {texts.virtualAccountHint}
          </span>
          {errors.virtualAccountEnabled && (
            <span className="text-sm text-rose-300">{errors.virtualAccountEnabled}</span>
          )}
        </div>
        <button
          type="button"
          role="switch"
          name="virtualAccountEnabled"
          aria-checked={draft.virtualAccountEnabled}
          aria-labelledby={switchLabelId}
          aria-describedby={switchHintId}
          aria-invalid={errors.virtualAccountEnabled ? true : undefined}
          disabled={disabled}
          onClick={() => change({ virtualAccountEnabled: !draft.virtualAccountEnabled })}
          className={clsx(
            'relative mt-1 inline-flex h-7 w-12 shrink-0 items-center rounded-full border transition-colors disabled:cursor-not-allowed disabled:opacity-60',
            draft.virtualAccountEnabled
              ? 'border-rose-400 bg-rose-600'
              : 'border-surface-600 bg-surface-800',
          )}
        >
          <span
            className={clsx(
              'size-5 rounded-full shadow transition-transform',
              draft.virtualAccountEnabled ? 'translate-x-6 bg-white' : 'translate-x-1 bg-zinc-400',
            )}
            aria-hidden
          />
        </button>
      </div>

      <div className="flex max-w-md flex-col gap-1.5">
        <label htmlFor={dueId} className="text-sm font-medium text-zinc-200">
          {texts.dueDays}
        </label>
        <select
          id={dueId}
          name="depositDueDays"
          value={draft.depositDueDays}
          // Kept (and sent) while 가상계좌 is off, so turning it back on restores the choice.
          disabled={disabled || !draft.virtualAccountEnabled}
          aria-invalid={errors.depositDueDays ? true : undefined}
          aria-describedby={`${dueId}-hint${errors.depositDueDays ? ` ${dueId}-error` : ''}`}
          onChange={(event) => change({ depositDueDays: Number(event.target.value) })}
          className={clsx(
            selectClass,
            errors.depositDueDays ? 'border-rose-500/80' : 'border-surface-700',
          )}
        >
          {dueDayOptions.map((days) => (
            <option key={days} value={days}>
              {texts.dueDayOption(days)}
            </option>
          ))}
        </select>
        <p id={`${dueId}-hint`} className="text-xs text-zinc-400">
          {draft.virtualAccountEnabled ? texts.dueDaysHint : texts.dueDaysOff}
        </p>
        {errors.depositDueDays && (
          <p id={`${dueId}-error`} className="text-sm text-rose-300">
            {errors.depositDueDays}
          </p>
        )}
      </div>

      <CheckboxField
        label={texts.cultureExpense}
        name="cultureExpense"
        checked={draft.cultureExpense}
        onChange={(checked) => change({ cultureExpense: checked })}
        hint={texts.cultureExpenseHint}
        error={errors.cultureExpense}
        disabled={disabled}
      />

      {formError && (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-xl border border-rose-500/40 bg-rose-500/10 px-3 py-2 text-sm text-rose-200"
        >
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          {formError}
        </p>
      )}
      {isClosed ? (
        <p className="text-sm text-zinc-400">{texts.closed}</p>
      ) : (
        <div>
          <Button type="submit" isLoading={mutation.isPending}>
            {texts.save}
          </Button>
        </div>
      )}
    </form>
  );
}

/**
 * 결제 설정 of one performance (issue 28): 가상계좌 결제 받기, its 입금 기한 (23:59 of the booking
 * day up to 7 days later; the server still caps it by the booking window and the day before the
 * show) and 문화비 소득공제 대상, checked by the contract's `depositSettingsSchema` and saved whole.
 */
export function DepositSettingsSection({
  concertId,
  isClosed,
}: {
  concertId: number;
  isClosed: boolean;
}) {
  const query = useDepositSettings(concertId);
  let content;
  if (query.isPending) {
    content = (
      <div className="flex justify-center py-10">
        <Spinner label={texts.loading} />
      </div>
    );
  } else if (query.isError) {
    content = (
      <ErrorState
        compact
        title={texts.loadFailed}
        description={getErrorMessage(query.error)}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  } else {
    content = (
      <DepositSettingsForm concertId={concertId} initial={query.data} isClosed={isClosed} />
    );
  }
  return (
    <ConsoleCard title={texts.title}>
      <p className="-mt-2 mb-4 text-sm text-zinc-400">{texts.description}</p>
      {content}
    </ConsoleCard>
  );
}
