import { formatSeatLabel, limits } from '@curtaincall/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { toast } from '@/components/ui/toast-store';
import { mergeSeatUpdates, refreshSeatStatus } from '../api/get-seat-status';
import { releaseSeat } from '../api/release-seat';
import { reserveSeat } from '../api/reserve-seat';
import { isAccessKeyError, seatErrorMessage, seatErrorTexts } from '../utils/seat-errors';
import type { SeatView } from '../utils/seat-layout';
import { releasedEntry } from '../utils/seat-records';

export interface SeatActions {
  /** A click (or Enter/Space) on a seat: hold a free one, release your own, explain the rest. */
  toggle: (seat: SeatView, heldCount: number) => void;
  release: (seat: SeatView) => Promise<void>;
  /** Releases every given seat; `silent` skips the error toasts (expiry, where 409s are normal). */
  releaseAll: (seats: readonly SeatView[], options?: { silent?: boolean }) => Promise<void>;
  /** Seats with a hold or release on its way (shown busy, not clickable twice). */
  pendingIds: ReadonlySet<number>;
  /** The last hold or release that worked, in words, for a screen reader's live region. */
  announcement: string;
}

/**
 * Holds and releases (buyer-side.md §5 "Seat selection"): at most 2 seats, only AVAILABLE ones;
 * every failure becomes one of the toasts of §8, except a 403, which has already sent the user
 * back to the concert. After each call the status on screen is re-fetched.
 */
export function useSeatActions(concertId: number): SeatActions {
  const queryClient = useQueryClient();
  const pending = useRef(new Map<number, 'hold' | 'release'>());
  const [pendingIds, setPendingIds] = useState<ReadonlySet<number>>(() => new Set());
  const [announcement, setAnnouncement] = useState('');

  // Stable across renders, so the memoised seat map does not redraw for nothing.
  const actions = useMemo(() => {
    const begin = (seatId: number, action: 'hold' | 'release'): boolean => {
      if (pending.current.has(seatId)) return false;
      pending.current.set(seatId, action);
      setPendingIds(new Set(pending.current.keys()));
      return true;
    };
    const end = (seatId: number) => {
      pending.current.delete(seatId);
      setPendingIds(new Set(pending.current.keys()));
      void refreshSeatStatus(queryClient, concertId);
    };
    const showError = (error: unknown) => {
      if (!isAccessKeyError(error)) toast.error(seatErrorMessage(error));
    };

    const hold = async (seat: SeatView) => {
      const { seatId } = seat.record;
      if (!begin(seatId, 'hold')) return;
      try {
        const entry = await reserveSeat(concertId, seatId);
        if (entry) mergeSeatUpdates(queryClient, concertId, [entry]);
        setAnnouncement(`${formatSeatLabel(seat.record.seatInfo)} 좌석을 선점했습니다.`);
      } catch (error) {
        showError(error);
      } finally {
        end(seatId);
      }
    };

    const releaseOne = async (seat: SeatView, silent: boolean) => {
      const { seatId } = seat.record;
      if (!begin(seatId, 'release')) return;
      try {
        await releaseSeat(concertId, seatId);
        mergeSeatUpdates(queryClient, concertId, [releasedEntry(seat.record)]);
        setAnnouncement(`${formatSeatLabel(seat.record.seatInfo)} 좌석 선택을 해제했습니다.`);
      } catch (error) {
        if (!silent) showError(error);
      } finally {
        end(seatId);
      }
    };

    const toggle = (seat: SeatView, heldCount: number) => {
      if (pending.current.has(seat.record.seatId)) return;
      switch (seat.kind) {
        case 'mine':
          void releaseOne(seat, false);
          return;
        case 'available': {
          const holding = [...pending.current.values()].filter(
            (action) => action === 'hold',
          ).length;
          if (heldCount + holding >= limits.maxHeldSeats) {
            toast.warning(seatErrorTexts.limit);
            return;
          }
          void hold(seat);
          return;
        }
        case 'held':
          toast.warning(seatErrorTexts.heldByOther);
          return;
        case 'booked':
          toast.info(seatErrorTexts.booked);
          return;
        case 'unavailable':
          toast.info(seatErrorTexts.unavailable);
      }
    };

    return {
      toggle,
      release: (seat: SeatView) => releaseOne(seat, false),
      releaseAll: async (seats: readonly SeatView[], { silent = false } = {}) => {
        await Promise.all(seats.map((seat) => releaseOne(seat, silent)));
      },
    };
  }, [concertId, queryClient]);

  return { ...actions, pendingIds, announcement };
}
