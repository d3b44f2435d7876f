import { clsx } from 'clsx';
import { useId } from 'react';
import { seatLabelOf, type MoneyTicket } from '../utils/booking-money';

export const cancelSeatTexts = {
  legend: '취소할 좌석',
  companionNote: '동반자 좌석도 함께 취소됩니다',
} as const;

interface CancelSeatPickerProps {
  tickets: readonly MoneyTicket[];
  /** Ticket ids that will be cancelled (the checked ones and the companions they take). */
  selected: readonly number[];
  /** Companions taken along by their selected holder: checked, not to be unchecked alone. */
  takenAlong: ReadonlySet<number>;
  onToggle: (ticketId: number) => void;
  disabled: boolean;
}

/** A checkbox per seat still booked, named by its place; its grade and 권종 describe it. */
export function CancelSeatPicker({
  tickets,
  selected,
  takenAlong,
  onToggle,
  disabled,
}: CancelSeatPickerProps) {
  const id = useId();
  return (
    <fieldset className="mt-4" data-cancel-seats>
      <legend className="mb-2 text-sm font-semibold text-zinc-200">{cancelSeatTexts.legend}</legend>
      <ul className="flex flex-col gap-2">
        {tickets.map((ticket) => {
          const isTakenAlong = takenAlong.has(ticket.ticketId);
          const place = seatLabelOf(ticket.seatInfo);
          const detailId = `${id}-${ticket.ticketId}-detail`;
          const noteId = `${id}-${ticket.ticketId}-note`;
          return (
            <li key={ticket.ticketId}>
              <label
                className={clsx(
                  'flex items-start gap-3 rounded-xl bg-surface-850 px-3 py-2.5 ring-1 ring-white/5',
                  isTakenAlong ? 'cursor-not-allowed' : 'cursor-pointer hover:ring-white/15',
                )}
              >
                <input
                  type="checkbox"
                  checked={selected.includes(ticket.ticketId)}
                  onChange={() => onToggle(ticket.ticketId)}
                  disabled={disabled || isTakenAlong}
                  aria-label={place}
                  aria-describedby={isTakenAlong ? `${detailId} ${noteId}` : detailId}
                  className="mt-0.5 size-4 shrink-0 accent-rose-500"
                />
                <span className="flex min-w-0 flex-col">
                  <span className="text-sm font-semibold text-zinc-100">{place}</span>
                  <span id={detailId} className="text-xs text-zinc-400">
                    {ticket.gradeName} · {ticket.ticketTypeName}
                  </span>
                  {isTakenAlong && (
                    <span id={noteId} className="mt-0.5 text-xs text-sky-200">
                      {cancelSeatTexts.companionNote}
                    </span>
                  )}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
