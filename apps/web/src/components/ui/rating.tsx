import { clsx } from 'clsx';
import { Star } from 'lucide-react';
import { useId, useState } from 'react';

export const RATING_MAX = 5;

/** The label of a 1-5 rating from a list of five, or '' when out of range. */
export function getRatingLabel(labels: readonly string[], rating: number): string {
  return labels[rating - 1] ?? '';
}

/** Five stars, `rating` of them filled, with the rating's label beside them. */
export function RatingStars({
  rating,
  label,
  size = 'sm',
  className,
}: {
  rating: number;
  label?: string;
  size?: 'sm' | 'md';
  className?: string;
}) {
  return (
    <span className={clsx('inline-flex items-center gap-1.5', className)}>
      <span className="inline-flex" role="img" aria-label={`5점 만점에 ${rating}점`}>
        {Array.from({ length: RATING_MAX }, (_, index) => (
          <Star
            key={index}
            aria-hidden
            className={clsx(
              size === 'sm' ? 'size-4' : 'size-5',
              index < rating
                ? 'fill-amber-400 text-amber-400'
                : 'fill-surface-700 text-surface-700',
            )}
          />
        ))}
      </span>
      {label && <span className="text-xs font-semibold text-amber-300">{label}</span>}
    </span>
  );
}

interface RatingPickerProps {
  value: number;
  onChange: (value: number) => void;
  /** Five labels, for 1 to 5. */
  labels: readonly string[];
  legend: string;
  error?: string | undefined;
}

/** Five star radio buttons with the label of the chosen (or hovered) rating. */
export function RatingPicker({ value, onChange, labels, legend, error }: RatingPickerProps) {
  const name = useId();
  const [hovered, setHovered] = useState<number | null>(null);
  const shown = hovered ?? value;

  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium text-zinc-200">{legend}</legend>
      <div className="flex flex-wrap items-center gap-3">
        <div className="flex" onMouseLeave={() => setHovered(null)}>
          {labels.slice(0, RATING_MAX).map((label, index) => {
            const rating = index + 1;
            return (
              <label
                key={rating}
                className="relative cursor-pointer rounded-md p-0.5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-rose-400"
                onMouseEnter={() => setHovered(rating)}
              >
                <input
                  type="radio"
                  name={name}
                  value={rating}
                  checked={value === rating}
                  onChange={() => onChange(rating)}
                  className="absolute inset-0 m-0 size-full cursor-pointer appearance-none opacity-0"
                  aria-label={`${rating}점 ${label}`}
                />
                <Star
                  aria-hidden
                  className={clsx(
                    'size-8 transition-colors',
                    rating <= shown
                      ? 'fill-amber-400 text-amber-400'
                      : 'fill-surface-700 text-surface-600',
                  )}
                />
              </label>
            );
          })}
        </div>
        <span className="min-w-24 text-sm font-semibold text-amber-300" aria-live="polite">
          {shown}점 · {getRatingLabel(labels, shown)}
        </span>
      </div>
      {error && <p className="text-sm text-rose-300">{error}</p>}
    </fieldset>
  );
}
