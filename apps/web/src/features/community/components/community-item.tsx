import { Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { ExpandableText } from '@/components/ui/expandable-text';
import { RatingStars } from '@/components/ui/rating';
import { formatShortDate } from '@/lib/format';

/** Long texts are cut at 100 characters, 80 on mobile, behind 더보기 (buyer-side.md §9). */
export const ITEM_TEXT_LIMIT = 100;
export const ITEM_TEXT_LIMIT_MOBILE = 80;

interface CommunityItemProps {
  nickname: string;
  createdAt: string;
  rating: number;
  ratingLabel: string;
  title?: string;
  text: string;
  textLimit: number;
  /** Shown only on the viewer's own items. */
  isOwn: boolean;
  /** A mark after the author, such as the 예매자 관람평 badge. */
  badge?: ReactNode;
  /** '관람평' or '기대평', for the buttons' accessible names. */
  noun: string;
  onEdit: () => void;
  onDelete: () => void;
}

function ActionButton({
  onClick,
  label,
  children,
}: {
  onClick: () => void;
  label: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className="inline-flex h-8 items-center gap-1 rounded-lg px-2.5 text-xs font-semibold text-zinc-400 hover:bg-white/5 hover:text-white"
    >
      {children}
    </button>
  );
}

/** One review or expectation: author, date, stars with their label, and the text. */
export function CommunityItem({
  nickname,
  createdAt,
  rating,
  ratingLabel,
  title,
  text,
  textLimit,
  isOwn,
  badge,
  noun,
  onEdit,
  onDelete,
}: CommunityItemProps) {
  return (
    <article className="rounded-xl border border-surface-700/50 bg-surface-850/80 p-4">
      <header className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <div className="flex min-w-0 items-center gap-2">
          <span
            className="flex size-8 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-rose-500/40 to-fuchsia-500/40 text-xs font-bold text-white"
            aria-hidden
          >
            {Array.from(nickname)[0] ?? '?'}
          </span>
          <span className="truncate text-sm font-semibold text-zinc-100">{nickname}</span>
          {isOwn && (
            <span className="shrink-0 rounded-md bg-rose-500/15 px-1.5 py-0.5 text-[10px] font-bold text-rose-200">
              내 {noun}
            </span>
          )}
          {badge}
          <time dateTime={createdAt} className="shrink-0 text-xs text-zinc-400">
            {formatShortDate(createdAt)}
          </time>
        </div>
        {isOwn && (
          <div className="-mr-1 flex items-center">
            <ActionButton onClick={onEdit} label={`${noun} 수정`}>
              <Pencil className="size-3.5" aria-hidden />
              수정
            </ActionButton>
            <ActionButton onClick={onDelete} label={`${noun} 삭제`}>
              <Trash2 className="size-3.5" aria-hidden />
              삭제
            </ActionButton>
          </div>
        )}
      </header>
      <RatingStars rating={rating} label={ratingLabel} className="mt-3" />
      {title && <h3 className="mt-2 text-[15px] font-bold break-words text-white">{title}</h3>}
      <ExpandableText
        text={text}
        limit={textLimit}
        label={`${noun} 내용`}
        className="mt-1.5 text-sm leading-relaxed text-zinc-300"
      />
    </article>
  );
}
