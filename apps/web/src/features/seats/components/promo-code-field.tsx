import { promoMessages } from '@curtaincall/contracts';
import { clsx } from 'clsx';
import { Check, X } from 'lucide-react';
import { useId, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import type { PromoCodeState } from '../hooks/use-seat-pricing';

export const promoFieldTexts = {
  label: '할인 코드',
  placeholder: '할인 코드 입력',
  apply: '적용',
  applied: '적용됨',
  remove: '할인 코드 삭제',
} as const;

interface PromoCodeFieldProps {
  promo: PromoCodeState;
  /** The applied code takes nothing off any held seat (their grades are not its). */
  fitsNoSeat: boolean;
  disabled: boolean;
}

/**
 * 할인 코드 (issue 27): typed, checked with 적용 (Enter too), then shown 적용됨 with a remove
 * button. The check's refusal (a 429 says to wait) and the booking's stay next to the input.
 */
export function PromoCodeField({ promo, fitsNoSeat, disabled }: PromoCodeFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const noteId = `${id}-note`;
  const { applied, error } = promo;
  const describedBy = [error ? errorId : null, applied && fitsNoSeat ? noteId : null]
    .filter(Boolean)
    .join(' ');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!promo.isChecking) promo.apply();
  };

  return (
    <div className="mt-3 border-t border-white/5 pt-3" data-promo-code>
      {applied ? (
        <div className="flex flex-col gap-1.5">
          <span id={`${id}-label`} className="text-xs font-semibold text-zinc-300">
            {promoFieldTexts.label}
          </span>
          <div
            className="flex items-center gap-2 rounded-lg bg-emerald-400/10 px-3 py-2 ring-1 ring-emerald-400/30"
            aria-labelledby={`${id}-label`}
            aria-describedby={describedBy || undefined}
            role="group"
          >
            <span className="min-w-0 flex-1 truncate font-mono text-sm font-bold text-emerald-100">
              {applied.code}
            </span>
            <span className="flex items-center gap-1 text-xs font-semibold text-emerald-200">
              <Check className="size-3.5" aria-hidden />
              {promoFieldTexts.applied}
            </span>
            <button
              type="button"
              onClick={promo.remove}
              disabled={disabled}
              aria-label={promoFieldTexts.remove}
              className="flex size-8 shrink-0 items-center justify-center rounded-lg text-zinc-300 hover:bg-white/5 hover:text-white disabled:opacity-40"
            >
              <X className="size-4" aria-hidden />
            </button>
          </div>
        </div>
      ) : (
        <form onSubmit={onSubmit} className="flex flex-col gap-1.5" noValidate>
          <label htmlFor={id} className="text-xs font-semibold text-zinc-300">
            {promoFieldTexts.label}
          </label>
          <div className="flex gap-2">
            <input
              id={id}
              value={promo.input}
              onChange={(event) => promo.setInput(event.target.value)}
              placeholder={promoFieldTexts.placeholder}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={40}
              disabled={disabled}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy || undefined}
              className={clsx(
                'h-10 min-w-0 flex-1 rounded-lg border bg-surface-900 px-3 font-mono text-base text-zinc-50 uppercase tablet:text-sm placeholder:font-sans placeholder:text-zinc-400 placeholder:normal-case',
                'focus:border-rose-400 focus:ring-2 focus:ring-rose-500/30 focus:outline-none disabled:opacity-60',
                error ? 'border-rose-500/80' : 'border-surface-600 hover:border-surface-500',
              )}
            />
            <Button
              type="submit"
              variant="secondary"
              size="sm"
              className="h-10"
              isLoading={promo.isChecking}
              disabled={disabled || promo.input.trim() === ''}
            >
              {promoFieldTexts.apply}
            </Button>
          </div>
        </form>
      )}
      {applied && fitsNoSeat && (
        <p id={noteId} className="mt-1 text-xs text-amber-200">
          {promoMessages.noEligibleSeat}
        </p>
      )}
      <p id={errorId} role="alert" className="mt-1 text-xs text-rose-300 empty:hidden">
        {error}
      </p>
      <span className="sr-only" role="status">
        {applied ? promoMessages.applied : ''}
      </span>
    </div>
  );
}
