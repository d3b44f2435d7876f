import { formatSeatLabel } from '@curtaincall/contracts';
import { clsx } from 'clsx';
import { X } from 'lucide-react';
import { formatPrice } from '@/lib/format';
import type { SeatPanelPricing } from '../hooks/use-seat-pricing';
import { companionHint } from '../utils/drawn-layout';
import {
  seatGradeName,
  seatTagNames,
  swatchStyle,
  toneForGrade,
  type GradeInfo,
  type SeatView,
} from '../utils/seat-layout';
import { SeatTypeSelect } from './seat-type-select';

interface SelectedSeatItemProps {
  seat: SeatView;
  seats: readonly SeatView[];
  grades: readonly GradeInfo[];
  pricing: SeatPanelPricing;
  isRemoving: boolean;
  isPaying: boolean;
  onRemove: (seat: SeatView) => void;
}

/**
 * One held seat in the side panel: its place, grade and price, its layout tags, the wheelchair
 * seat's companion hint, its 권종 select, and the remove button.
 */
export function SelectedSeatItem({
  seat,
  seats,
  grades,
  pricing,
  isRemoving,
  isPaying,
  onRemove,
}: SelectedSeatItemProps) {
  const tone = toneForGrade(grades, seat.grade);
  const label = formatSeatLabel(seat.record.seatInfo);
  const tags = seatTagNames(seat);
  const hint = companionHint(seat, seats);
  return (
    <li className="flex items-start gap-3 rounded-xl bg-surface-850 px-3 py-2.5">
      <span
        className={clsx('mt-1.5 size-2.5 shrink-0 rounded-full', tone.swatch)}
        style={swatchStyle(tone)}
        aria-hidden
      />
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="truncate text-sm font-semibold text-zinc-100">{label}</span>
        <span className="text-xs text-zinc-400">
          {seatGradeName(seat)} · {formatPrice(seat.price)}
        </span>
        {tags.length > 0 && (
          <span className="mt-1 flex flex-wrap gap-1">
            {tags.map((tag) => (
              <span
                key={tag}
                className="rounded-md bg-sky-400/15 px-1.5 py-0.5 text-[11px] font-semibold text-sky-100"
                data-seat-badge
              >
                {tag}
              </span>
            ))}
          </span>
        )}
        {hint && (
          <span className="mt-1 text-xs text-sky-200" data-companion-hint>
            {hint}
          </span>
        )}
        <SeatTypeSelect seat={seat} seats={seats} pricing={pricing} disabled={isPaying} />
      </span>
      <button
        type="button"
        onClick={() => onRemove(seat)}
        disabled={isPaying || isRemoving}
        aria-label={`${label} 선택 해제`}
        className="flex size-8 shrink-0 items-center justify-center rounded-lg text-zinc-400 hover:bg-white/5 hover:text-white disabled:opacity-40"
      >
        <X className="size-4" aria-hidden />
      </button>
    </li>
  );
}
