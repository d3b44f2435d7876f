import { useId, useState } from 'react';
import { compactInputClass, compactLabelClass } from './field-classes';

interface NumberFieldProps {
  label: string;
  value: number;
  onCommit: (value: number) => void;
  min?: number;
  max?: number;
  error?: string | undefined;
  className?: string;
}

/**
 * A whole number typed freely: the text is kept while it is not a number yet ('-', ''), and
 * every value in range is handed on at once; leaving the field shows the value again.
 */
export function NumberField({
  label,
  value,
  onCommit,
  min = -100_000,
  max = 100_000,
  error,
  className,
}: NumberFieldProps) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <div className={`flex flex-col gap-1 ${className ?? ''}`}>
      <label htmlFor={id} className={compactLabelClass}>
        {label}
      </label>
      <input
        id={id}
        className={`${compactInputClass} tabular-nums`}
        inputMode="numeric"
        value={draft ?? String(value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => {
          const text = event.target.value.trim();
          setDraft(text);
          if (/^-?\d+$/.test(text)) {
            const number = Number(text);
            if (number >= min && number <= max) onCommit(number);
          }
        }}
        onBlur={() => setDraft(null)}
      />
      {error && (
        <p id={`${id}-error`} className="text-xs text-rose-300">
          {error}
        </p>
      )}
    </div>
  );
}
