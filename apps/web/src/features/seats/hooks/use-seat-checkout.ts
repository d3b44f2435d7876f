import type { FieldError } from '@curtaincall/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { toast } from '@/components/ui/toast-store';
import { browser } from '@/lib/browser';
import { refreshSeatStatus } from '../api/get-seat-status';
import { refreshSeatSummary } from '../api/get-seat-summary';
import type { SeatView } from '../utils/seat-layout';
import type { BookingSeatType, SeatPricing } from '../utils/seat-pricing';
import type { SeatOrderExtras } from './use-seat-pricing';

/** buyer-side.md §8 "Queue, seats and payment": why 결제하기 does not go on. */
export const seatCheckoutTexts = {
  noSeats: '선택된 좌석이 없습니다.',
  holdExpired: '좌석 선점 시간이 만료되었습니다. 다시 선택해주세요.',
} as const;

/** What the page hands to checkout: every seat the caller holds, and the total it showed. */
export interface SeatCheckoutOrder {
  concertId: number;
  concertSeatIds: number[];
  /** The panel's 결제 예정 금액: priceBooking's total of the seats, types, code and fee. */
  expectedAmount: number;
  /** Present only when some seat is not 일반. */
  seatTypes?: BookingSeatType[];
  /** Present only when a code is applied. */
  promoCode?: string;
}

/** A booking the server refused, with the fields it named (`seatTypes[0].ticketTypeId`, …). */
export interface SeatCheckoutRefusal {
  fieldErrors: readonly FieldError[];
}

/** The panel's price and choices at the moment 결제하기 is pressed. */
export interface SeatCheckoutPricing {
  pricing: SeatPricing;
  extras: SeatOrderExtras;
}

/**
 * Books and pays for the held seats through `onCheckout` (the app passes the checkout
 * feature's): needs at least one seat and a running timer (buyer-side.md §5), and a price the
 * rules accept. One attempt at a time; when it ends (paid elsewhere, cancelled or failed) the
 * seats are fetched again, and a refusal's field errors go back next to the panel's controls.
 */
export function useSeatCheckout(
  concertId: number,
  onCheckout: (order: SeatCheckoutOrder) => Promise<SeatCheckoutRefusal | void>,
) {
  const queryClient = useQueryClient();
  const isBusy = useRef(false);
  const [isPaying, setIsPaying] = useState(false);

  const pay = useCallback(
    async (
      seats: readonly SeatView[],
      deadline: number | null,
      { pricing, extras }: SeatCheckoutPricing,
    ) => {
      if (isBusy.current) return;
      if (seats.length === 0) {
        toast.warning(seatCheckoutTexts.noSeats);
        return;
      }
      if (deadline === null || deadline <= Date.now()) {
        browser.alert(seatCheckoutTexts.holdExpired);
        return;
      }
      // A choice pricing refuses is already shown next to its seat: nothing goes to the server.
      if (pricing.problem) {
        toast.warning(pricing.problem.message);
        return;
      }
      isBusy.current = true;
      setIsPaying(true);
      try {
        const refusal = await onCheckout({
          concertId,
          concertSeatIds: seats.map((seat) => seat.record.seatId),
          expectedAmount: pricing.breakdown.total,
          ...(extras.seatTypes.length > 0 ? { seatTypes: extras.seatTypes } : {}),
          ...(extras.promoCode ? { promoCode: extras.promoCode } : {}),
        });
        if (refusal) extras.onRefused(refusal.fieldErrors);
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
