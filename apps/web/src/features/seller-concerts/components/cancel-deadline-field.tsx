import { cancelFeeTable } from '@curtaincall/contracts';
import { clsx } from 'clsx';
import { useId } from 'react';
import { sellerConcertTexts as texts } from '../utils/seller-concert-texts';

/**
 * 취소 마감 (issue 27): '공연 N일 전까지', 1-30 days (the spec's 3 by default), with the
 * consumer-dispute fee table from contracts, which a stricter cut-off never raises.
 */
export function CancelDeadlineField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1.5 tablet:col-span-2">
      <label htmlFor={id} className="text-sm font-medium text-zinc-200">
        {texts.cancelDeadline}
      </label>
      <div className="flex items-center gap-2 text-base text-zinc-200">
        <span aria-hidden>{texts.cancelDeadlineBefore}</span>
        <input
          id={id}
          name="cancelDeadlineDays"
          type="number"
          inputMode="numeric"
          min={1}
          max={30}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          className={clsx(
            'h-12 w-24 rounded-xl border bg-surface-900 px-4 text-base text-zinc-50 tabular-nums [color-scheme:dark] focus:border-rose-400 focus:ring-2 focus:ring-rose-500/30 focus:outline-none',
            error ? 'border-rose-500/80' : 'border-surface-700 hover:border-surface-600',
          )}
        />
        <span aria-hidden>{texts.cancelDeadlineAfter}</span>
      </div>
      <p id={hintId} className="text-xs text-zinc-400">
        {texts.cancelDeadlineHint(value.trim())}
      </p>
      {error && (
        <p id={errorId} className="text-sm text-rose-300">
          {error}
        </p>
      )}
      <div className="overflow-x-auto">
        <table className="w-full min-w-72 text-left text-xs text-zinc-300">
          <caption className="pb-1 text-left font-semibold text-zinc-400">
            {texts.cancelFeeCaption}
          </caption>
          <thead>
            <tr className="border-b border-white/10 text-zinc-400">
              <th scope="col" className="py-1.5 pr-3 font-medium">
                {texts.cancelFeeWhen}
              </th>
              <th scope="col" className="py-1.5 font-medium">
                {texts.cancelFeeAmount}
              </th>
            </tr>
          </thead>
          <tbody>
            {cancelFeeTable.map((row) => (
              <tr key={row.when} className="border-b border-white/5 last:border-b-0">
                <td className="py-1.5 pr-3 align-top">{row.when}</td>
                <td className="py-1.5 align-top">{row.fee}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
