import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { toast } from '@/components/ui/toast-store';
import { browser } from '@/lib/browser';
import { refreshSeatStatus } from '../api/get-seat-status';
import { refreshSeatSummary } from '../api/get-seat-summary';
import type { SeatView } from '../utils/seat-layout';
import { computeOrderTotals } from '../utils/order-totals';

/** buyer-side.md §8 "Queue, seats and payment": why 결제하기 does not go on. */
export const seatCheckoutTexts = {
  noSeats: '선택된 좌석이 없습니다.',
  holdExpired: '좌석 선점 시간이 만료되었습니다. 다시 선택해주세요.',
} as const;

/** What the page hands to checkout: every seat the caller holds, and the total it showed. */
export interface SeatCheckoutOrder {
  concertId: number;
  concertSeatIds: number[];
  /** Grade prices plus the 2,000원 fee per seat, as the side panel shows it. */
  expectedAmount: number;
}

/**
 * Books and pays for the held seats through `onCheckout` (the app passes the checkout
 * feature's): needs at least one seat and a running timer (buyer-side.md §5). One attempt at a
 * time; when it ends (paid elsewhere, cancelled or failed) the seats are fetched again.
 */
export function useSeatCheckout(
  concertId: number,
  onCheckout: (order: SeatCheckoutOrder) => Promise<void>,
) {
  const queryClient = useQueryClient();
  const isBusy = useRef(false);
  const [isPaying, setIsPaying] = useState(false);

  const pay = useCallback(
    async (seats: readonly SeatView[], deadline: number | null) => {
      if (isBusy.current) return;
      if (seats.length === 0) {
        toast.warning(seatCheckoutTexts.noSeats);
        return;
      }
      if (deadline === null || deadline <= Date.now()) {
        browser.alert(seatCheckoutTexts.holdExpired);
        return;
      }
      isBusy.current = true;
      setIsPaying(true);
      try {
        await onCheckout({
          concertId,
          concertSeatIds: seats.map((seat) => seat.record.seatId),
          expectedAmount: computeOrderTotals(seats).total,
        });
      } finally {
        isBusy.current = false;
        setIsPaying(false);
        // Booking extended the holds (or a failure freed them): show what the server has now.
        void refreshSeatStatus(queryClient, concertId);
        void refreshSeatSummary(queryClient, concertId);
      }
    },
    [concertId, onCheckout, queryClient],
  );

  return { pay, isPaying };
}
