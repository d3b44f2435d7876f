import { BellRing, Info } from 'lucide-react';
import { useId } from 'react';
import { mypageTexts } from '../utils/mypage-forms';

/**
 * Push notification consent (buyer-side.md §4 "Push consent"). The push service is wired in a
 * later step, so the switch is shown off and disabled, with a note saying it is coming.
 */
export function PushConsentToggle() {
  const labelId = useId();
  const descriptionId = useId();
  const hintId = useId();
  return (
    <section className="flex items-start gap-4 rounded-2xl border border-surface-700/70 bg-surface-900 p-5 tablet:p-6">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-surface-800 text-zinc-400">
        <BellRing className="size-5" aria-hidden />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h2 id={labelId} className="font-semibold text-zinc-100">
          {mypageTexts.pushLabel}
        </h2>
        <p id={descriptionId} className="text-sm text-zinc-400">
          {mypageTexts.pushDescription}
        </p>
        <p id={hintId} className="mt-1 flex items-start gap-1.5 text-xs text-amber-200/90">
          <Info className="mt-px size-3.5 shrink-0" aria-hidden />
          {mypageTexts.pushComingSoon}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={false}
        aria-labelledby={labelId}
        aria-describedby={`${descriptionId} ${hintId}`}
        disabled
        className="relative mt-1 inline-flex h-7 w-12 shrink-0 cursor-not-allowed items-center rounded-full border border-surface-600 bg-surface-800 opacity-60"
      >
        <span className="ml-1 size-5 rounded-full bg-zinc-500 shadow" aria-hidden />
      </button>
    </section>
  );
}
