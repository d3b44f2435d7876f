import { clsx } from 'clsx';
import { useId } from 'react';

/** A checkbox with its label, a line of help and its error, both read with it. */
export function CheckboxField({
  label,
  name,
  checked,
  onChange,
  hint,
  error,
  disabled,
}: {
  label: string;
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: string;
  error?: string | undefined;
  disabled?: boolean;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1">
      <label
        htmlFor={id}
        className={clsx(
          'flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border bg-surface-900/60 px-4 py-3 text-sm text-zinc-100',
          error ? 'border-rose-500/80' : 'border-surface-700',
        )}
      >
        <input
          id={id}
          name={name}
          type="checkbox"
          className="size-5 shrink-0 cursor-pointer accent-rose-500"
          checked={checked}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
        {label}
      </label>
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
