import { clsx } from 'clsx';
import { Check, Lock, Minus, X } from 'lucide-react';
import type { Ref } from 'react';
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
      return 'bg-surface-850 text-zinc-600 ring-1 ring-inset ring-surface-700';
  }
}

/** The mark inside a seat: its number when free, otherwise an icon for its state. */
export function SeatMark({ kind, number }: { kind: SeatKind; number?: number }) {
  switch (kind) {
    case 'available':
      return number === undefined ? null : (
        // Drawn, not text: the button's label already says "N번", and a bare digit as its
        // visible text would not match that label (WCAG 2.5.3, label in name).
        <span
          data-number={number}
          className="text-[10px] leading-none font-bold tabular-nums before:content-[attr(data-number)]"
          aria-hidden
        />
      );
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

interface SeatButtonProps {
  seatId: number;
  kind: SeatKind;
  number: number;
  tone: GradeTone;
  label: string;
  isActive: boolean;
  isPending: boolean;
  isCompact: boolean;
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
  isActive,
  isPending,
  isCompact,
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
        'flex shrink-0 items-center justify-center rounded-t-lg rounded-b-sm transition-[transform,background-color] duration-150',
        'focus-visible:z-10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white',
        isCompact ? 'size-6 tablet:size-7' : 'size-6 tablet:size-8',
        kind === 'available' && 'cursor-pointer hover:-translate-y-0.5',
        kind === 'mine' && 'cursor-pointer',
        (kind === 'held' || kind === 'booked' || kind === 'unavailable') && 'cursor-not-allowed',
        isPending && 'animate-pulse',
        seatKindClass(kind, tone),
      )}
    >
      <SeatMark kind={kind} number={isCompact ? undefined : number} />
    </button>
  );
}
