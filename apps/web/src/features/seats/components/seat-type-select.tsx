import {
  formatSeatLabel,
  PROOF_AT_ENTRY,
  ticketTypeKindLabels,
  type TicketType,
} from '@curtaincall/contracts';
import { clsx } from 'clsx';
import { useId } from 'react';
import { formatDateTime, formatPrice } from '@/lib/format';
import type { SeatPanelPricing } from '../hooks/use-seat-pricing';
import type { SeatView } from '../utils/seat-layout';
import {
  allowsCompanion,
  companionHolderFor,
  generalSelection,
  typesForSeat,
  type SeatTypeSelection,
} from '../utils/seat-pricing';

export const seatTypeTexts = {
  label: '권종',
  /** The select's name: which seat's 권종 ('A구역 1열 1번 권종'). */
  name: (place: string) => `${place} 권종`,
  companion: '동반자 (같은 할인)',
  remaining: (count: number) => `잔여 ${count}매`,
  until: (dateTime: string) => `${formatDateTime(dateTime)}까지`,
  companionOf: (place: string) => `${place} 좌석의 동반자로 같은 할인이 적용돼요.`,
  bringsCompanion: '함께 선택한 좌석을 동반자로 지정하면 같은 할인을 받을 수 있어요.',
} as const;

/** '장애인(심한) 50%', '청소년 5,000원 할인': the type's name and what it takes off. */
export function ticketTypeDiscountText(type: TicketType): string {
  return type.discountKind === 'PERCENT'
    ? `${type.name} ${type.discountValue}%`
    : `${type.name} ${formatPrice(type.discountValue)} 할인`;
}

/** An option's whole text: the discount, what is left of a quota, a 조기예매's end. */
export function ticketTypeOptionText(type: TicketType): string {
  const parts = [ticketTypeDiscountText(type)];
  if (type.remaining !== null) parts.push(seatTypeTexts.remaining(type.remaining));
  if (type.earlyUntil) parts.push(seatTypeTexts.until(type.earlyUntil));
  return parts.join(' · ');
}

const companionValue = 'companion';
const generalValue = 'general';

function valueOf(selection: SeatTypeSelection): string {
  if (selection.kind === 'type') return String(selection.ticketTypeId);
  return selection.kind === 'companion' ? companionValue : generalValue;
}

interface SeatTypeSelectProps {
  seat: SeatView;
  seats: readonly SeatView[];
  pricing: SeatPanelPricing;
  disabled: boolean;
}

/**
 * A held seat's 권종 (issue 27): 일반, the concert's types for the seat's grade, and when the
 * other held seat's type brings a companion, '동반자 (같은 할인)'. Under it what the choice
 * means (proof at entry, the companion) and any refusal, from pricing or from the server.
 * Nothing when the concert offers no type for this seat.
 */
export function SeatTypeSelect({ seat, seats, pricing, disabled }: SeatTypeSelectProps) {
  const id = useId();
  const seatId = seat.record.seatId;
  const offered = typesForSeat(pricing.types, seat);
  const holder = companionHolderFor(seat, seats, pricing.selections, pricing.types);
  const selection = pricing.selections.get(seatId) ?? generalSelection;
  if (offered.length === 0 && !holder && selection.kind === 'general') return null;

  const chosenType =
    selection.kind === 'type'
      ? pricing.types.find((type) => type.id === selection.ticketTypeId)
      : undefined;
  const problem = pricing.pricing.problem;
  const error =
    pricing.seatErrors.get(seatId) ?? (problem?.seatId === seatId ? problem.message : null);
  const holderPlace =
    selection.kind === 'companion' && holder ? formatSeatLabel(holder.record.seatInfo) : null;
  const notes: string[] = [];
  if (chosenType?.proofRequired) notes.push(PROOF_AT_ENTRY);
  if (holderPlace) notes.push(seatTypeTexts.companionOf(holderPlace));
  if (chosenType && allowsCompanion(chosenType) && seats.length > 1)
    notes.push(seatTypeTexts.bringsCompanion);
  const noteIds = notes.map((_, index) => `${id}-note-${index}`);
  const errorId = `${id}-error`;
  const describedBy = [...noteIds, ...(error ? [errorId] : [])].join(' ');

  const onChange = (value: string) => {
    if (value === generalValue) pricing.select(seatId, generalSelection);
    else if (value === companionValue && holder) {
      pricing.select(seatId, { kind: 'companion', holderSeatId: holder.record.seatId });
    } else pricing.select(seatId, { kind: 'type', ticketTypeId: Number(value) });
  };

  return (
    <div className="mt-2 flex flex-col gap-1" data-seat-type>
      <label htmlFor={id} className="text-xs font-semibold text-zinc-300">
        {seatTypeTexts.label}
      </label>
      <select
        id={id}
        aria-label={seatTypeTexts.name(formatSeatLabel(seat.record.seatInfo))}
        value={valueOf(selection)}
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={clsx(
          'h-10 w-full rounded-lg border bg-surface-900 px-2.5 text-base text-zinc-50 [color-scheme:dark] tablet:text-sm',
          'focus:border-rose-400 focus:ring-2 focus:ring-rose-500/30 focus:outline-none disabled:opacity-60',
          error ? 'border-rose-500/80' : 'border-surface-600 hover:border-surface-500',
        )}
      >
        <option value={generalValue}>{ticketTypeKindLabels.GENERAL}</option>
        {offered.map((type) => (
          <option
            key={type.id}
            value={type.id}
            // A sold-out quota stays listed (the buyer sees why) but cannot be chosen anew.
            disabled={type.remaining === 0 && chosenType?.id !== type.id}
          >
            {ticketTypeOptionText(type)}
          </option>
        ))}
        {holder && <option value={companionValue}>{seatTypeTexts.companion}</option>}
      </select>
      {notes.map((note, index) => (
        <p key={note} id={noteIds[index]} className="text-xs text-sky-200" data-seat-type-note>
          {note}
        </p>
      ))}
      {error && (
        <p id={errorId} className="text-xs text-rose-300" data-seat-type-error>
          {error}
        </p>
      )}
    </div>
  );
}
