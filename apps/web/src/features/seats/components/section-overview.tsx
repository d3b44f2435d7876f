import { clsx } from 'clsx';
import { ChevronRight } from 'lucide-react';
import { formatNumber, formatPrice } from '@/lib/format';
import { toneForGrade, type GradeInfo, type SeatMapSection } from '../utils/seat-layout';

export interface SectionAvailability {
  /** Free seats, or null when the section's seats have not been loaded yet. */
  available: number | null;
  /** Seats the caller holds there. */
  mine: number;
}

interface SectionOverviewProps {
  sections: readonly SeatMapSection[];
  grades: GradeInfo[];
  availability: ReadonlyMap<string, SectionAvailability>;
  onSelect: (section: string) => void;
}

/**
 * A big venue's first view: one tile per section in seat order (the stage end first) with its
 * grade, price and free seats; choosing one opens that section's seats.
 */
export function SectionOverview({
  sections,
  grades,
  availability,
  onSelect,
}: SectionOverviewProps) {
  return (
    <ul
      aria-label="구역 선택"
      className="grid grid-cols-2 gap-2.5 tablet:grid-cols-4 desktop:grid-cols-5"
    >
      {sections.map((section) => {
        const tone = toneForGrade(grades, section.grade);
        const info = availability.get(section.section);
        const available = info?.available ?? null;
        const isSoldOut = available === 0;
        const countText =
          available === null
            ? `${formatNumber(section.seatCount)}석`
            : `잔여 ${formatNumber(available)} / ${formatNumber(section.seatCount)}석`;
        return (
          <li key={section.section}>
            <button
              type="button"
              onClick={() => onSelect(section.section)}
              // No aria-label: the name is the tile's own text (WCAG 2.5.3, label in name), which
              // already says section, grade, price, free seats and the buyer's seats there; the
              // spaces between its lines keep the words apart in that name.
              className={clsx(
                'group flex w-full flex-col gap-1.5 rounded-xl border bg-surface-900/80 px-3 py-3 text-left transition-colors hover:border-rose-400/60 hover:bg-surface-850',
                info && info.mine > 0 ? 'border-rose-400/70' : 'border-surface-700',
                isSoldOut && 'opacity-60',
              )}
            >
              <span className="flex items-center justify-between gap-2">
                <span className="text-base font-bold text-white">{section.section}구역</span>
                <ChevronRight
                  className="size-4 text-zinc-400 group-hover:text-rose-300"
                  aria-hidden
                />
              </span>{' '}
              <span className="flex items-center gap-1.5 text-xs font-semibold">
                <span className={clsx('size-2.5 rounded-full', tone.swatch)} aria-hidden />
                <span className={tone.text}>{section.grade}</span>{' '}
                <span className="text-zinc-300 tabular-nums">{formatPrice(section.price)}</span>
              </span>{' '}
              <span
                className={clsx(
                  'text-xs tabular-nums',
                  isSoldOut ? 'font-semibold text-zinc-400' : 'text-zinc-400',
                )}
              >
                {isSoldOut ? '매진' : countText}
              </span>{' '}
              {info && info.mine > 0 && (
                <span className="text-xs font-semibold text-rose-300">내 좌석 {info.mine}석</span>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
