import { clsx } from 'clsx';
import { CircleAlert, CircleCheck, Info, TriangleAlert, X } from 'lucide-react';
import { useSyncExternalStore, type ComponentType } from 'react';
import { toast, toastStore, type Toast, type ToastPosition, type ToastType } from './toast-store';

const positions: readonly ToastPosition[] = [
  'top-left',
  'top-center',
  'top-right',
  'bottom-left',
  'bottom-center',
  'bottom-right',
];

const positionClass: Record<ToastPosition, string> = {
  'top-left': 'top-4 left-4 items-start',
  'top-center': 'top-4 left-1/2 -translate-x-1/2 items-center',
  'top-right': 'top-4 right-4 items-end',
  'bottom-left': 'bottom-4 left-4 items-start',
  'bottom-center': 'bottom-4 left-1/2 -translate-x-1/2 items-center',
  'bottom-right': 'bottom-4 right-4 items-end',
};

const typeStyle: Record<
  ToastType,
  { icon: ComponentType<{ className?: string }>; className: string; label: string }
> = {
  info: { icon: Info, className: 'border-sky-400/40 text-sky-300', label: '안내' },
  success: {
    icon: CircleCheck,
    className: 'border-emerald-400/40 text-emerald-300',
    label: '성공',
  },
  warning: { icon: TriangleAlert, className: 'border-amber-400/40 text-amber-300', label: '주의' },
  error: { icon: CircleAlert, className: 'border-rose-400/50 text-rose-300', label: '오류' },
};

function ToastItem({ item }: { item: Toast }) {
  const style = typeStyle[item.type];
  const Icon = style.icon;
  return (
    <div
      role={item.type === 'error' ? 'alert' : 'status'}
      data-type={item.type}
      data-state={item.phase}
      className={clsx(
        'pointer-events-auto flex w-[min(92vw,24rem)] items-start gap-3 rounded-xl border bg-surface-850/95 px-4 py-3 shadow-2xl shadow-black/50 backdrop-blur',
        'transition-all duration-300 ease-out',
        item.phase === 'leaving' ? 'opacity-0 -translate-y-1' : 'animate-fade-in opacity-100',
        style.className,
      )}
    >
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden />
      <p className="flex-1 text-sm leading-relaxed text-zinc-100">
        <span className="sr-only">{style.label}: </span>
        {item.message}
      </p>
      <button
        type="button"
        onClick={() => toast.dismiss(item.id)}
        className="-mr-1 rounded-md p-1 text-zinc-400 hover:bg-white/10 hover:text-zinc-100"
        aria-label="알림 닫기"
      >
        <X className="size-4" aria-hidden />
      </button>
    </div>
  );
}

/** Renders every toast of the store, grouped by position. Mount once near the root. */
export function Toaster() {
  const items = useSyncExternalStore(
    toastStore.subscribe,
    toastStore.getSnapshot,
    toastStore.getSnapshot,
  );
  return (
    <>
      {positions.map((position) => {
        const group = items.filter((item) => item.position === position);
        return (
          <div
            key={position}
            aria-live="polite"
            data-position={position}
            className={clsx(
              'pointer-events-none fixed z-[100] flex flex-col gap-2',
              positionClass[position],
            )}
          >
            {group.map((item) => (
              <ToastItem key={item.id} item={item} />
            ))}
          </div>
        );
      })}
    </>
  );
}
