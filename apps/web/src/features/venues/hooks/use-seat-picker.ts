import type { VenueLayout } from '@curtaincall/contracts';
import { useCallback, useMemo, useState, type KeyboardEvent } from 'react';
import type { SeatGesture } from '../components/layout-canvas';
import { clampCursor, moveCursor } from '../utils/layout-cursor';
import type { SeatRef } from '../utils/layout-geometry';
import {
  addGroups,
  describeSeats,
  emptySelection,
  groupsBetween,
  isSeatSelected,
  selectionToGroups,
  toggleSeat,
  type SeatSelection,
} from '../utils/layout-selection';

/**
 * Picking seats on a drawing without editing it (the seller's seat management): the builder's
 * pointer and keys for choosing seats. Drag a rectangle or click (Shift/Ctrl adds); arrows,
 * Home/End and PageUp/PageDown move the cursor, Space picks the cursor's seat, Shift+arrows a
 * range, Ctrl+A the section, Esc clears. Each step is announced through `announce`.
 */
export function useSeatPicker({
  layout,
  describeSeat,
  announce,
}: {
  layout: VenueLayout;
  /** One seat read out, state included. */
  describeSeat: (ref: SeatRef) => string;
  announce: (text: string) => void;
}) {
  const [selection, setSelection] = useState<SeatSelection>(emptySelection);
  const [cursor, setCursor] = useState<SeatRef | null>(null);
  const [anchor, setAnchor] = useState<SeatRef | null>(null);
  const groups = useMemo(() => selectionToGroups(selection), [selection]);

  const clear = useCallback(() => {
    setSelection(emptySelection);
    setAnchor(null);
  }, []);

  const onSeatGesture = (gesture: SeatGesture) => {
    if (gesture.clicked) {
      const clicked = gesture.clicked;
      const next = gesture.isAdditive
        ? toggleSeat(selection, clicked)
        : addGroups(selection, gesture.groups, true);
      setSelection(next);
      setCursor(clicked);
      setAnchor(clicked);
      announce(
        `${describeSeat(clicked)} ${isSeatSelected(next, clicked) ? '선택함' : '선택 해제함'}`,
      );
      return;
    }
    setSelection(addGroups(selection, gesture.groups, !gesture.isAdditive));
    announce(
      gesture.groups.length > 0
        ? `${describeSeats(layout, gesture.groups)} 선택함`
        : '고른 영역에 좌석이 없습니다',
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLCanvasElement>) => {
    const { key } = event;
    const current = clampCursor(layout, cursor);
    if (!current) return;
    const moved = moveCursor(layout, current, key);
    if (moved) {
      event.preventDefault();
      setCursor(moved);
      if (event.shiftKey && key.startsWith('Arrow')) {
        const from = anchor ?? current;
        setAnchor(from);
        const range = groupsBetween(layout, from, moved);
        setSelection(addGroups(emptySelection, range, true));
        announce(`${describeSeats(layout, range)} 선택함`);
      } else {
        announce(`${describeSeat(moved)}${isSeatSelected(selection, moved) ? ', 선택됨' : ''}`);
      }
      return;
    }
    if (key === ' ') {
      event.preventDefault();
      const isOn = !isSeatSelected(selection, current);
      setSelection(toggleSeat(selection, current));
      setCursor(current);
      setAnchor(current);
      announce(`${describeSeat(current)} ${isOn ? '선택함' : '선택 해제함'}`);
    } else if (key === 'Escape') {
      if (groups.length > 0) {
        event.preventDefault();
        clear();
        announce('선택을 해제함');
      }
    } else if ((event.ctrlKey || event.metaKey) && key.toLowerCase() === 'a') {
      event.preventDefault();
      const section = layout.sections[current.section];
      if (section?.kind !== 'SEATED') return;
      const all = section.rows.map((row, r) => ({
        section: current.section,
        row: r,
        seats: row.seats.map((_, i) => i),
      }));
      setSelection(addGroups(emptySelection, all, true));
      announce(`${describeSeats(layout, all)} 선택함`);
    }
  };

  return { selection, groups, cursor, clear, onSeatGesture, onKeyDown };
}
