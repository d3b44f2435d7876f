import { useQuery, useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Bell } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { notificationKeys, unreadCountQueryOptions } from '../api/notifications-api';

// The list and its calls load only when the bell is opened: the header's first load stays tiny.
const NotificationPanel = lazy(async () => ({
  default: (await import('./notification-panel')).NotificationPanel,
}));

/**
 * The header's bell (in-app notifications): the unread count, fetched once the session is known
 * (after the first paint), and the list on click. Pushes received by our service worker refresh
 * the count at once.
 */
export function NotificationBell({ className }: { className?: string }) {
  const queryClient = useQueryClient();
  const { data } = useQuery(unreadCountQueryOptions());
  const unread = data?.unreadCount ?? 0;
  const location = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  // The panel belongs to the page it was opened on: following one of its links closes it.
  const isOpen = openOn === location.pathname;
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const onMessage = (event: MessageEvent) => {
      if ((event.data as { type?: string } | null)?.type === 'notification-received') {
        void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      }
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [queryClient]);

  useEffect(() => {
    if (!isOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpenOn(null);
        buttonRef.current?.focus();
      }
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpenOn(null);
    };
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener('pointerdown', onPointerDown);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('pointerdown', onPointerDown);
    };
  }, [isOpen]);

  const shown = unread > 99 ? '99+' : String(unread);
  return (
    <div ref={rootRef} className={clsx('relative', className)}>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={isOpen}
        aria-controls={isOpen ? panelId : undefined}
        onClick={() => setOpenOn(isOpen ? null : location.pathname)}
        className="relative flex size-10 items-center justify-center rounded-xl text-zinc-200 hover:bg-white/5"
      >
        <Bell className="size-5" aria-hidden />
        {/* The name is read from the content, so the visible count is part of it (WCAG 2.5.3):
            '알림' or '알림, 읽지 않은 알림 3개'. */}
        <span className="sr-only">{unread > 0 ? '알림, 읽지 않은 알림 ' : '알림'}</span>
        {unread > 0 && (
          <span
            data-testid="unread-count"
            className="absolute top-1 right-1 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-rose-600 px-1 text-[11px] leading-none font-bold text-white"
          >
            {shown}
          </span>
        )}
        {unread > 0 && <span className="sr-only">개</span>}
      </button>
      {isOpen && (
        <div
          id={panelId}
          role="dialog"
          aria-label="알림"
          className="fixed inset-x-3 top-[68px] z-50 max-h-[70vh] overflow-hidden rounded-2xl border border-white/10 bg-surface-900 shadow-2xl shadow-black/60 tablet:absolute tablet:inset-x-auto tablet:top-12 tablet:right-0 tablet:w-96"
        >
          <Suspense
            fallback={
              <div className="flex justify-center p-6">
                <Spinner />
              </div>
            }
          >
            <NotificationPanel onNavigate={() => setOpenOn(null)} />
          </Suspense>
        </div>
      )}
    </div>
  );
}
