import type { ConcertGradeAvailability } from '@curtaincall/contracts';
import { clsx } from 'clsx';
import { useId } from 'react';
import { formatPrice } from '@/lib/format';
import { pricingTexts } from '../utils/pricing-texts';

/**
 * 적용 등급: a checkbox per grade of the concert (none chosen = every grade). A chosen key the
 * concert no longer has is listed too, so the seller can drop it; the server's `gradeKeys[i]`
 * problem marks the very checkbox it is about.
 */
export function GradeCheckboxes({
  grades,
  chosen,
  onToggle,
  error,
  invalidKeys,
}: {
  grades: readonly ConcertGradeAvailability[];
  chosen: readonly string[];
  onToggle: (key: string) => void;
  error?: string | undefined;
  invalidKeys: readonly string[];
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const options = [
    ...grades.map((grade) => ({
      key: grade.code,
      label: `${grade.name} (${formatPrice(grade.price)})`,
    })),
    ...chosen
      .filter((key) => !grades.some((grade) => grade.code === key))
      .map((key) => ({ key, label: key })),
  ];
  // A problem of the whole list (no item named) marks the first box, where the focus goes.
  const marked = new Set(
    error === undefined
      ? []
      : invalidKeys.length > 0
        ? invalidKeys
        : options.slice(0, 1).map((option) => option.key),
  );
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={hintId}>
      <legend className="mb-1.5 text-sm font-medium text-zinc-200">{pricingTexts.grades}</legend>
      <div className="grid grid-cols-2 gap-2 tablet:grid-cols-3">
        {options.map((option) => {
          const isMarked = marked.has(option.key);
          return (
            <label
              key={option.key}
              className={clsx(
                'flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border bg-surface-900/60 px-3 py-2 text-sm text-zinc-100 has-[:checked]:bg-rose-500/10',
                isMarked
                  ? 'border-rose-500/80'
                  : 'border-surface-700 has-[:checked]:border-rose-400',
              )}
            >
              <input
                type="checkbox"
                name="gradeKeys"
                value={option.key}
                checked={chosen.includes(option.key)}
                onChange={() => onToggle(option.key)}
                aria-invalid={isMarked ? true : undefined}
                aria-describedby={isMarked ? errorId : undefined}
                className="size-4 shrink-0 accent-rose-500"
              />
              {option.label}
            </label>
          );
        })}
      </div>
      <p id={hintId} className="text-xs text-zinc-400">
        {pricingTexts.gradesHint}
      </p>
      {error && (
        <p id={errorId} className="text-sm text-rose-300">
          {error}
        </p>
      )}
    </fieldset>
  );
}
