import { formatSeatLabel, limits } from '@curtaincall/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { toast } from '@/components/ui/toast-store';
import { mergeSeatUpdates, refreshSeatStatus } from '../api/get-seat-status';
import { releaseSeat } from '../api/release-seat';
import { reserveSeat } from '../api/reserve-seat';
import { reserveStandingSlot } from '../api/reserve-standing-slot';
import { isAccessKeyError, seatErrorMessage, seatErrorTexts } from '../utils/seat-errors';
import type { SeatView } from '../utils/seat-layout';
import { releasedEntry } from '../utils/seat-records';

export interface SeatActions {
  /** A click (or Enter/Space) on a seat: hold a free one, release your own, explain the rest. */
  toggle: (seat: SeatView, heldCount: number) => void;
  release: (seat: SeatView) => Promise<void>;
  /** Releases every given seat; `silent` skips the error toasts (expiry, where 409s are normal). */
  releaseAll: (seats: readonly SeatView[], options?: { silent?: boolean }) => Promise<void>;
  /**
   * Holds the lowest free entry number of a standing zone (drawn venues), within the limit of
   * 2 places together with seats.
   */
  holdStanding: (section: string, heldCount: number) => void;
  /** Seats with a hold or release on its way (shown busy, not clickable twice). */
  pendingIds: ReadonlySet<number>;
  /** Standing zones with an entry-number hold on its way. */
  pendingZones: ReadonlySet<string>;
  /** The last hold or release that worked, in words, for a screen reader's live region. */
  announcement: string;
}

/**
 * Holds and releases (buyer-side.md §5 "Seat selection"): at most 2 seats, only AVAILABLE ones;
 * every failure becomes one of the toasts of §8, except a 403, which has already sent the user
 * back to the concert. After each call the status on screen is re-fetched.
 */
export interface SeatActionOptions {
  /** A seat the caller clicked is now held (a wheelchair seat's page tells of its companion). */
  onHeld?: (seat: SeatView) => void;
}

export function useSeatActions(concertId: number, options: SeatActionOptions = {}): SeatActions {
  const queryClient = useQueryClient();
  const pending = useRef(new Map<number, 'hold' | 'release'>());
  const zones = useRef(new Set<string>());
  const [pendingIds, setPendingIds] = useState<ReadonlySet<number>>(() => new Set());
  const [pendingZones, setPendingZones] = useState<ReadonlySet<string>>(() => new Set());
  const [announcement, setAnnouncement] = useState('');
  // Read when a hold succeeds, so a new callback does not rebuild the actions.
  const onHeldRef = useRef(options.onHeld);
  useEffect(() => {
    onHeldRef.current = options.onHeld;
  }, [options.onHeld]);

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
        onHeldRef.current?.(seat);
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

    const holdsUnderWay = () =>
      [...pending.current.values()].filter((action) => action === 'hold').length +
      zones.current.size;

    const holdStanding = async (section: string, heldCount: number) => {
      if (zones.current.has(section)) return;
      if (heldCount + holdsUnderWay() >= limits.maxHeldSeats) {
        toast.warning(seatErrorTexts.limit);
        return;
      }
      zones.current.add(section);
      setPendingZones(new Set(zones.current));
      try {
        const entry = await reserveStandingSlot(concertId, section);
        if (entry) {
          mergeSeatUpdates(queryClient, concertId, [entry]);
          setAnnouncement(`${formatSeatLabel(entry.seatInfo)}을 선점했습니다.`);
        }
      } catch (error) {
        showError(error);
      } finally {
        zones.current.delete(section);
        setPendingZones(new Set(zones.current));
        void refreshSeatStatus(queryClient, concertId);
      }
    };

    const toggle = (seat: SeatView, heldCount: number) => {
      if (pending.current.has(seat.record.seatId)) return;
      switch (seat.kind) {
        case 'mine':
          void releaseOne(seat, false);
          return;
        case 'available': {
          if (heldCount + holdsUnderWay() >= limits.maxHeldSeats) {
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
      holdStanding: (section: string, heldCount: number) => void holdStanding(section, heldCount),
      release: (seat: SeatView) => releaseOne(seat, false),
      releaseAll: async (seats: readonly SeatView[], { silent = false } = {}) => {
        await Promise.all(seats.map((seat) => releaseOne(seat, silent)));
      },
    };
  }, [concertId, queryClient]);

  return { ...actions, pendingIds, pendingZones, announcement };
}
