import { clsx } from 'clsx';
import type { SeatTag } from '@curtaincall/contracts';
import { Check, EyeOff, Lock, Minus, X } from 'lucide-react';
import type { CSSProperties, Ref } from 'react';
import type { GradeTone, SeatKind } from '../utils/seat-layout';

/** The look of each seat kind: a colour AND a mark, so colour is never the only cue. */
export function seatKindClass(kind: SeatKind, tone: GradeTone): string {
  switch (kind) {
    case 'available':
      return clsx(tone.seat, 'shadow-sm shadow-black/30');
    case 'mine':
      return 'bg-white text-rose-600 ring-2 ring-rose-400 ring-offset-1 ring-offset-surface-900 shadow-lg shadow-rose-500/30';
    case 'held':
      return 'bg-surface-600 text-zinc-300';
    case 'booked':
      return 'bg-surface-800 text-zinc-400 ring-1 ring-inset ring-surface-600';
    case 'unavailable':
      return 'bg-surface-850 text-zinc-500 ring-1 ring-inset ring-surface-700';
  }
}

/** A free seat in a drawn grade's own colour (the classes give the rest of its look). */
export function seatKindStyle(kind: SeatKind, tone: GradeTone): CSSProperties | undefined {
  return kind === 'available' && tone.color
    ? { backgroundColor: tone.color, color: tone.ink }
    : undefined;
}

/** The wheelchair symbol a wheelchair seat shows instead of its number. */
export const wheelchairSymbol = '♿';

/**
 * The mark of a tagged seat in its lower-left corner: 동 for a companion seat (sold with the
 * wheelchair seat beside it), an eye struck through for restricted view.
 */
export function SeatTagMark({ tags }: { tags: readonly SeatTag[] | undefined }) {
  if (tags?.includes('COMPANION')) {
    return (
      <span
        className="absolute -bottom-1 -left-1 flex size-3.5 items-center justify-center rounded-full bg-sky-200 text-[9px] leading-none font-black text-sky-950 ring-1 ring-surface-900"
        aria-hidden
        data-seat-mark="companion"
      >
        동
      </span>
    );
  }
  if (tags?.includes('RESTRICTED_VIEW')) {
    return (
      <span
        className="absolute -bottom-1 -left-1 flex size-3.5 items-center justify-center rounded-full bg-surface-950 text-amber-200 ring-1 ring-amber-300/70"
        aria-hidden
        data-seat-mark="restricted"
      >
        <EyeOff className="size-2.5" strokeWidth={3} />
      </span>
    );
  }
  return null;
}

/** The legend's mark of a seat kind: an icon for each state (a free seat shows nothing). */
export function SeatMark({ kind }: { kind: SeatKind }) {
  switch (kind) {
    case 'available':
      return null;
    case 'mine':
      return <Check className="size-4" strokeWidth={3.5} aria-hidden />;
    case 'held':
      return <Lock className="size-3" strokeWidth={2.75} aria-hidden />;
    case 'booked':
      return <X className="size-3.5" strokeWidth={3} aria-hidden />;
    case 'unavailable':
      return <Minus className="size-3.5" strokeWidth={3} aria-hidden />;
  }
}

/** The small badge in a taken or chosen seat's corner: its state, while the number stays. */
function SeatBadge({ kind }: { kind: SeatKind }) {
  if (kind === 'available') return null;
  const Icon = kind === 'mine' ? Check : kind === 'held' ? Lock : kind === 'booked' ? X : Minus;
  return (
    <span
      className={clsx(
        'absolute -top-1 -right-1 flex size-3.5 items-center justify-center rounded-full ring-1',
        kind === 'mine'
          ? 'bg-rose-500 text-white ring-surface-900'
          : 'bg-surface-950 text-zinc-300 ring-surface-600',
      )}
      aria-hidden
    >
      <Icon className="size-2.5" strokeWidth={3.5} />
    </span>
  );
}

interface SeatButtonProps {
  seatId: number;
  kind: SeatKind;
  number: number;
  tone: GradeTone;
  label: string;
  /** A drawn seat's tags: a wheelchair seat shows ♿, companion and restricted seats a mark. */
  tags?: readonly SeatTag[];
  isActive: boolean;
  isPending: boolean;
  buttonRef: Ref<HTMLButtonElement>;
  onActivate: () => void;
  onFocus: () => void;
}

export function SeatButton({
  seatId,
  kind,
  number,
  tone,
  label,
  tags,
  isActive,
  isPending,
  buttonRef,
  onActivate,
  onFocus,
}: SeatButtonProps) {
  return (
    <button
      ref={buttonRef}
      type="button"
      data-seat-id={seatId}
      data-seat-kind={kind}
      tabIndex={isActive ? 0 : -1}
      aria-label={label}
      aria-busy={isPending || undefined}
      onClick={onActivate}
      onFocus={onFocus}
      className={clsx(
        // The size and number size come from the map's zoom (--seat-size, --seat-font).
        'relative flex size-(--seat-size) shrink-0 items-center justify-center rounded-t-lg rounded-b-sm text-(length:--seat-font) transition-[transform,background-color] duration-150',
        'focus-visible:z-10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white',
        kind === 'available' && 'cursor-pointer hover:-translate-y-0.5',
        kind === 'mine' && 'cursor-pointer',
        (kind === 'held' || kind === 'booked' || kind === 'unavailable') && 'cursor-not-allowed',
        isPending && 'animate-pulse',
        seatKindClass(kind, tone),
      )}
      style={seatKindStyle(kind, tone)}
    >
      {/* Drawn, not text: the button's label already says "N번", and a bare digit as its
          visible text would not match that label (WCAG 2.5.3, label in name). */}
      {/* A wheelchair seat shows the symbol; its number stays in the label and data-number. */}
      <span
        data-number={number}
        data-symbol={tags?.includes('WHEELCHAIR') ? wheelchairSymbol : undefined}
        className={clsx(
          'leading-none font-bold tabular-nums',
          tags?.includes('WHEELCHAIR')
            ? 'before:content-[attr(data-symbol)]'
            : 'before:content-[attr(data-number)]',
        )}
        aria-hidden
      />
      <SeatBadge kind={kind} />
      <SeatTagMark tags={tags} />
    </button>
  );
}
