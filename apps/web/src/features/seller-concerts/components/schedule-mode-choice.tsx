import { useId } from 'react';
import type { ScheduleMode } from '../utils/show-schedule';

const modeLabels: Record<ScheduleMode, string> = {
  shared: '모든 회차 동일',
  each: '회차별 설정',
};

/**
 * 모든 회차 동일 / 회차별 설정 for one thing the performances may share (예매 기간, 좌석 가격): two
 * radios under a legend, with a line on what the choice means.
 */
export function ScheduleModeChoice({
  legend,
  value,
  onChange,
  eachHint,
}: {
  legend: string;
  value: ScheduleMode;
  onChange: (mode: ScheduleMode) => void;
  /** Where the per-performance values are typed, shown while 회차별 설정 is chosen. */
  eachHint: string;
}) {
  const name = useId();
  return (
    <fieldset className="flex flex-col gap-2 rounded-xl border border-surface-700 bg-surface-900/60 p-3">
      <legend className="sr-only">{legend}</legend>
      <p aria-hidden className="text-sm font-semibold text-zinc-100">
        {legend}
      </p>
      <div className="flex flex-col gap-2 tablet:flex-row tablet:gap-5">
        {(Object.keys(modeLabels) as ScheduleMode[]).map((mode) => (
          <label key={mode} className="flex min-h-6 items-center gap-2 text-sm text-zinc-200">
            <input
              type="radio"
              name={name}
              checked={value === mode}
              onChange={() => onChange(mode)}
              className="accent-rose-500"
            />
            {modeLabels[mode]}
          </label>
        ))}
      </div>
      {value === 'each' && <p className="text-xs text-zinc-400">{eachHint}</p>}
    </fieldset>
  );
}
