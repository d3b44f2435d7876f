import { clsx } from 'clsx';
import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** Shown after the label, e.g. '(선택)'. */
  labelSuffix?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its hint and its error message tied to it for screen readers. */
export function TextField({
  label,
  error,
  hint,
  labelSuffix,
  id,
  className,
  ref,
  readOnly,
  ...rest
}: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');

  return (
    <div className={clsx('flex flex-col gap-1.5', className)}>
      <label htmlFor={inputId} className="text-sm font-medium text-zinc-200">
        {label}
        {labelSuffix && (
          <span className="ml-1 text-xs font-normal text-zinc-400">{labelSuffix}</span>
        )}
      </label>
      <input
        ref={ref}
        id={inputId}
        readOnly={readOnly}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={clsx(
          'h-12 w-full rounded-xl border bg-surface-900 px-4 text-base text-zinc-50 transition-colors placeholder:text-zinc-400',
          'focus:border-rose-400 focus:ring-2 focus:ring-rose-500/30 focus:outline-none',
          error ? 'border-rose-500/80' : 'border-surface-700 hover:border-surface-600',
          readOnly && 'cursor-not-allowed bg-surface-850 text-zinc-300',
        )}
        {...rest}
      />
      {hint && (
        <p id={hintId} className="text-xs text-zinc-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-rose-300">
          {error}
        </p>
      )}
    </div>
  );
}
