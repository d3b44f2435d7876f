import type { InboxItem } from '@curtaincall/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { BellOff, CalendarClock, CircleCheck, Landmark, Ticket, Undo2 } from 'lucide-react';
import { Link } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import {
  inboxQueryOptions,
  markNotificationsRead,
  notificationKeys,
} from '../api/notifications-api';

const kindIcon = {
  BOOKING_OPENS_SOON: CalendarClock,
  BOOKING_CONFIRMED: CircleCheck,
  BOOKING_CANCELLED: Undo2,
  CONCERT_CANCELLED: Undo2,
  SEATS_RELEASED: Ticket,
  DEPOSIT_REQUESTED: Landmark,
  REFUND_ACCOUNT_NEEDED: Landmark,
} as const;

const timeFormat = new Intl.DateTimeFormat('ko-KR', {
  month: 'numeric',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Asia/Seoul',
});

/** The bell's list (loaded on first open): newest first, a click opens the page and marks it read. */
export function NotificationPanel({ onNavigate }: { onNavigate: () => void }) {
  const queryClient = useQueryClient();
  const inbox = useQuery(inboxQueryOptions());
  const markRead = useMutation({
    mutationFn: markNotificationsRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });

  const open = (item: InboxItem) => {
    if (!item.read) markRead.mutate([item.id]);
    onNavigate();
  };

  return (
    <div className="flex max-h-[70vh] flex-col">
      <div className="flex items-center justify-between border-b border-white/5 px-4 py-3">
        <h2 className="text-sm font-bold text-white">알림</h2>
        <button
          type="button"
          className="rounded-lg px-2 py-1 text-xs font-semibold text-rose-300 hover:bg-white/5 disabled:text-zinc-400"
          disabled={!inbox.data || inbox.data.unreadCount === 0 || markRead.isPending}
          onClick={() => markRead.mutate(undefined)}
        >
          모두 읽음
        </button>
      </div>
      {inbox.isPending ? (
        <div className="flex justify-center p-6">
          <Spinner />
        </div>
      ) : inbox.isError ? (
        <p className="p-6 text-center text-sm text-zinc-300">알림을 불러오지 못했습니다.</p>
      ) : inbox.data.items.length === 0 ? (
        <p className="flex flex-col items-center gap-2 p-8 text-center text-sm text-zinc-400">
          <BellOff className="size-6" aria-hidden />새 알림이 없습니다.
        </p>
      ) : (
        <ul className="overflow-y-auto">
          {inbox.data.items.map((item) => {
            const Icon = kindIcon[item.kind];
            return (
              <li key={item.id} className="border-b border-white/5 last:border-0">
                <Link
                  to={item.url}
                  onClick={() => open(item)}
                  className={clsx(
                    'flex gap-3 px-4 py-3 hover:bg-white/5',
                    !item.read && 'bg-rose-500/5',
                  )}
                >
                  <Icon
                    className={clsx(
                      'mt-0.5 size-5 shrink-0',
                      item.read ? 'text-zinc-400' : 'text-rose-300',
                    )}
                    aria-hidden
                  />
                  <span className="flex min-w-0 flex-col gap-0.5">
                    <span className="text-sm font-semibold text-zinc-100">
                      {!item.read && <span className="sr-only">읽지 않음: </span>}
                      {item.title}
                    </span>
                    <span className="text-sm break-keep text-zinc-300">{item.body}</span>
                    <time dateTime={item.createdAt} className="text-xs text-zinc-400">
                      {timeFormat.format(new Date(item.createdAt))}
                    </time>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
