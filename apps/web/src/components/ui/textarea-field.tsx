import { clsx } from 'clsx';
import { useId, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react';

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string | undefined;
  /** Shown at the right under the field, e.g. a character counter. */
  aside?: ReactNode;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line field with its error tied to it for screen readers. */
export function TextAreaField({
  label,
  error,
  aside,
  id,
  className,
  ref,
  rows = 5,
  ...rest
}: TextAreaFieldProps) {
  const generatedId = useId();
  const fieldId = id ?? generatedId;
  const errorId = `${fieldId}-error`;
  return (
    <div className={clsx('flex flex-col gap-1.5', className)}>
      <label htmlFor={fieldId} className="text-sm font-medium text-zinc-200">
        {label}
      </label>
      <textarea
        ref={ref}
        id={fieldId}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={clsx(
          'w-full resize-y rounded-xl border bg-surface-950/60 px-4 py-3 text-base leading-relaxed text-zinc-50 transition-colors placeholder:text-zinc-400',
          'focus:border-rose-400 focus:ring-2 focus:ring-rose-500/30 focus:outline-none',
          error ? 'border-rose-500/80' : 'border-surface-700 hover:border-surface-600',
        )}
        {...rest}
      />
      <div className="flex items-start justify-between gap-3">
        <p id={errorId} className="text-sm text-rose-300">
          {error}
        </p>
        {aside}
      </div>
    </div>
  );
}
