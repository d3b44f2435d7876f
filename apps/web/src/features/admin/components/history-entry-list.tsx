import type { ApprovalHistoryEntry } from '@curtaincall/contracts';
import { Link } from 'react-router';
import { Badge } from '@/components/console/console-page';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/format';
import { historyTypeLabels, historyTypeTones, truncateReason } from '../utils/admin-texts';
import { historySearchPath } from '../utils/history-params';

/** Who decided: the admin's username, or the user themself for requests and withdrawals. */
export function deciderText(entry: ApprovalHistoryEntry): string {
  if (entry.adminUsername) return entry.adminUsername;
  return entry.type === 'REQUEST' || entry.type === 'WITHDRAWN' ? '본인' : '-';
}

export function HistoryTypeBadge({ type }: { type: ApprovalHistoryEntry['type'] }) {
  return <Badge tone={historyTypeTones[type]}>{historyTypeLabels[type]}</Badge>;
}

interface HistoryEntryListProps {
  entries: ApprovalHistoryEntry[];
  caption: string;
  /** Opens the detail of an entry; without it there is no detail button. */
  onSelect?: (entry: ApprovalHistoryEntry) => void;
  /** Links each user to /admin/history?userId=… (the dashboard's recent activity). */
  linkUsers?: boolean;
}

function UserCell({ entry, linkUsers }: { entry: ApprovalHistoryEntry; linkUsers: boolean }) {
  const name = (
    <>
      <span className="font-semibold text-white">{entry.userNickname}</span>
      <span className="ml-1 text-xs text-zinc-400">({entry.username})</span>
    </>
  );
  if (!linkUsers) return name;
  return (
    <Link
      to={historySearchPath({ userId: entry.userId, userNickname: entry.userNickname })}
      className="rounded underline-offset-4 hover:underline"
      aria-label={`${entry.userNickname} (${entry.username}) 이력 보기`}
    >
      {name}
    </Link>
  );
}

/**
 * Approval history entries: a table on desktops, cards below. Reasons are cut at 20 characters
 * with the full text as a tooltip (seller-admin-side.md §9).
 */
export function HistoryEntryList({
  entries,
  caption,
  onSelect,
  linkUsers = false,
}: HistoryEntryListProps) {
  return (
    <>
      <div className="hidden overflow-x-auto rounded-2xl border border-surface-700 desktop:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-surface-900 text-xs text-zinc-400">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">
                일시
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                유형
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                사용자
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                사유
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                처리자
              </th>
              {onSelect && (
                <th scope="col" className="px-4 py-3 font-semibold">
                  <span className="sr-only">상세</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody className="divide-y divide-white/5">
            {entries.map((entry) => (
              <tr key={entry.id} className="hover:bg-white/[0.02]">
                <td className="px-4 py-3 whitespace-nowrap text-zinc-300">
                  {formatDateTime(entry.createdAt)}
                </td>
                <td className="px-4 py-3">
                  <HistoryTypeBadge type={entry.type} />
                </td>
                <td className="px-4 py-3">
                  <UserCell entry={entry} linkUsers={linkUsers} />
                </td>
                <td className="px-4 py-3 text-zinc-300" title={entry.reason ?? undefined}>
                  {truncateReason(entry.reason)}
                </td>
                <td className="px-4 py-3 text-zinc-300">{deciderText(entry)}</td>
                {onSelect && (
                  <td className="px-4 py-3 text-right">
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => onSelect(entry)}
                      aria-label={`${entry.userNickname} ${historyTypeLabels[entry.type]} 이력 상세`}
                    >
                      상세
                    </Button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="flex flex-col gap-2 desktop:hidden" aria-label={caption}>
        {entries.map((entry) => (
          <li
            key={entry.id}
            className="flex flex-col gap-2 rounded-2xl border border-surface-700 bg-surface-900/70 p-4"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <HistoryTypeBadge type={entry.type} />
              <span className="text-xs text-zinc-400">{formatDateTime(entry.createdAt)}</span>
            </div>
            <p className="text-sm">
              <UserCell entry={entry} linkUsers={linkUsers} />
            </p>
            {entry.reason && (
              <p className="text-sm text-zinc-300" title={entry.reason}>
                사유: {truncateReason(entry.reason, 15)}
              </p>
            )}
            <div className="flex items-center justify-between gap-2">
              <p className="text-xs text-zinc-400">처리자: {deciderText(entry)}</p>
              {onSelect && (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => onSelect(entry)}
                  aria-label={`${entry.userNickname} ${historyTypeLabels[entry.type]} 이력 상세`}
                >
                  상세
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
