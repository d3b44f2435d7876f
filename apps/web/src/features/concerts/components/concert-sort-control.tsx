import { concertSortLabels } from '@curtaincall/contracts';
import { clsx } from 'clsx';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { catalogSortKeys, type CatalogSortKey, type SortDirection } from '../utils/catalog';

interface ConcertSortControlProps {
  sortBy: CatalogSortKey;
  sortDir: SortDirection;
  onChoose: (sortBy: CatalogSortKey) => void;
  onDirectionChange: (sortDir: SortDirection) => void;
  /** Small screens get a dropdown instead of the buttons. */
  isCompact: boolean;
}

const directionText: Record<SortDirection, string> = { asc: '오름차순', desc: '내림차순' };

/**
 * 공연일순, 제목순, 아티스트순 (buyer-side.md §2); choosing the active sort again flips its
 * direction. On small screens a dropdown plus a direction button.
 */
export function ConcertSortControl({
  sortBy,
  sortDir,
  onChoose,
  onDirectionChange,
  isCompact,
}: ConcertSortControlProps) {
  const DirectionIcon = sortDir === 'asc' ? ArrowUp : ArrowDown;
  const flipped: SortDirection = sortDir === 'asc' ? 'desc' : 'asc';

  if (isCompact) {
    return (
      <div className="flex items-center gap-1.5">
        <label htmlFor="catalog-sort" className="sr-only">
          정렬 기준
        </label>
        <select
          id="catalog-sort"
          value={sortBy}
          onChange={(event) => {
            const next = catalogSortKeys.find((key) => key === event.target.value);
            if (next) onChoose(next);
          }}
          className="h-9 rounded-lg border border-surface-700 bg-surface-900 pr-8 pl-3 text-sm font-semibold text-zinc-100 [color-scheme:dark] focus:border-rose-400 focus:outline-none"
        >
          {catalogSortKeys.map((key) => (
            <option key={key} value={key}>
              {concertSortLabels[key]}
            </option>
          ))}
        </select>
        <button
          type="button"
          onClick={() => onDirectionChange(flipped)}
          aria-label={`정렬 방향: ${directionText[sortDir]} (눌러서 ${directionText[flipped]})`}
          className="flex size-9 items-center justify-center rounded-lg border border-surface-700 bg-surface-900 text-zinc-200 hover:border-zinc-500"
        >
          <DirectionIcon className="size-4" aria-hidden />
        </button>
      </div>
    );
  }

  return (
    <div
      role="group"
      aria-label="정렬"
      className="flex items-center gap-1 rounded-xl bg-surface-900 p-1"
    >
      {catalogSortKeys.map((key) => {
        const isActive = key === sortBy;
        const Icon = isActive ? DirectionIcon : ArrowUpDown;
        return (
          <button
            key={key}
            type="button"
            onClick={() => onChoose(key)}
            aria-pressed={isActive}
            title={
              isActive
                ? `${directionText[sortDir]} · 다시 누르면 ${directionText[flipped]}`
                : undefined
            }
            className={clsx(
              'inline-flex h-8 items-center gap-1 rounded-lg px-3 text-sm font-semibold transition-colors',
              isActive ? 'bg-surface-700 text-white' : 'text-zinc-400 hover:text-zinc-100',
            )}
          >
            {concertSortLabels[key]}
            <Icon className={clsx('size-3.5', !isActive && 'opacity-40')} aria-hidden />
            {isActive && <span className="sr-only">({directionText[sortDir]})</span>}
          </button>
        );
      })}
    </div>
  );
}
