import { notificationMessages } from '@curtaincall/contracts';
import { clsx } from 'clsx';
import { BellRing, Info } from 'lucide-react';
import { useId } from 'react';
import { usePushConsent } from './use-push-consent';

export const pushConsentTexts = {
  label: '푸시 알림 수신',
  description:
    '알림을 신청한 공연의 예매 시작 5분 전, 예매 확정과 취소, 취소표 소식을 이 브라우저로 보내드려요.',
  inAppHint: '푸시를 켜지 않아도 모든 알림은 상단의 종 아이콘에서 볼 수 있어요.',
} as const;

/** Push notification consent (buyer-side.md §4 "Push consent", §7): our own Web Push. */
export function PushConsentToggle() {
  const labelId = useId();
  const descriptionId = useId();
  const hintId = useId();
  const push = usePushConsent();
  const hint = !push.supported
    ? notificationMessages.unsupported
    : push.permissionDenied
      ? notificationMessages.permissionDenied
      : pushConsentTexts.inAppHint;
  return (
    <section className="flex items-start gap-4 rounded-2xl border border-surface-700/70 bg-surface-900 p-5 tablet:p-6">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-surface-800 text-zinc-400">
        <BellRing className="size-5" aria-hidden />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h2 id={labelId} className="font-semibold text-zinc-100">
          {pushConsentTexts.label}
        </h2>
        <p id={descriptionId} className="text-sm text-zinc-400">
          {pushConsentTexts.description}
        </p>
        <p id={hintId} className="mt-1 flex items-start gap-1.5 text-xs text-zinc-400">
          <Info className="mt-px size-3.5 shrink-0" aria-hidden />
          {hint}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={push.checked}
        aria-labelledby={labelId}
        aria-describedby={`${descriptionId} ${hintId}`}
        aria-busy={push.isBusy || !push.isReady}
        disabled={push.isBusy || !push.isReady}
        onClick={() => void push.toggle()}
        className={clsx(
          'relative mt-1 inline-flex h-7 w-12 shrink-0 items-center rounded-full border transition-colors disabled:cursor-wait disabled:opacity-60',
          push.checked ? 'border-rose-400 bg-rose-600' : 'border-surface-600 bg-surface-800',
        )}
      >
        <span
          className={clsx(
            'size-5 rounded-full shadow transition-transform',
            push.checked ? 'translate-x-6 bg-white' : 'translate-x-1 bg-zinc-400',
          )}
          aria-hidden
        />
      </button>
    </section>
  );
}
