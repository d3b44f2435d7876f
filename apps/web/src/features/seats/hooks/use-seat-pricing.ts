import {
  limits,
  promoCodeTextSchema,
  promoMessages,
  type FieldError,
  type PromoCheck,
  type TicketType,
} from '@curtaincall/contracts';
import { useCallback, useMemo, useState } from 'react';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { useCheckPromoCodeMutation } from '../api/check-promo-code';
import { useTicketTypes } from '../api/get-ticket-types';
import type { SeatView } from '../utils/seat-layout';
import {
  noCheckoutFieldErrors,
  placeFieldErrors,
  priceSeats,
  seatTypeChoices,
  standingSelections,
  type BookingSeatType,
  type CheckoutFieldErrors,
  type SeatPricing,
  type SeatSelections,
  type SeatTypeSelection,
} from '../utils/seat-pricing';

const noTypes: TicketType[] = [];

/** The 할인 코드 field: what is typed, the code applied, and why the last try failed. */
export interface PromoCodeState {
  input: string;
  applied: PromoCheck | null;
  /** The check's refusal (or the booking's, for an applied code), next to the input. */
  error: string | null;
  isChecking: boolean;
  setInput: (value: string) => void;
  apply: () => void;
  remove: () => void;
}

/** Everything the side panel needs to offer 권종 and a code, and to price the seats. */
export interface SeatPanelPricing {
  types: readonly TicketType[];
  bookingFeePerSeat: number;
  selections: SeatSelections;
  select: (seatId: number, selection: SeatTypeSelection) => void;
  promo: PromoCodeState;
  pricing: SeatPricing;
  /** The server's refusal of the last booking, by seat (its 권종 select). */
  seatErrors: ReadonlyMap<number, string>;
}

/** What 결제하기 sends besides the seats, and how a refusal is placed back on the panel. */
export interface SeatOrderExtras {
  seatTypes: BookingSeatType[];
  promoCode: string | null;
  /** Places the refusal's field errors next to the controls (the choices stay as they were). */
  onRefused: (fieldErrors: readonly FieldError[]) => void;
}

/** The check's words for a refusal: 429's own text, else the server's (its field's first). */
function promoCheckError(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 429) return promoMessages.tooManyTries;
    const field = error.fieldErrors.find((entry) => entry.field === 'code');
    if (field) return field.message;
  }
  return getErrorMessage(error);
}

/**
 * The seat panel's money (issue 27): the concert's 권종 and booking fee, each held seat's
 * chosen type (or 동반자), the applied promo code, and the price of it all by pricing.ts's
 * `priceBooking`; plus what 결제하기 sends and where the server's field errors go.
 */
export function useSeatPricing(concertId: number, seats: readonly SeatView[]) {
  const typesQuery = useTicketTypes(concertId);
  const types = typesQuery.data?.ticketTypes ?? noTypes;
  // Until the list arrives (or if it cannot), the spec's fee: the server's amount wins anyway.
  const bookingFeePerSeat = typesQuery.data?.bookingFeePerSeat ?? limits.bookingFeeWon;

  const [chosen, setChosen] = useState<SeatSelections>(new Map());
  const selections = useMemo(
    () => standingSelections(seats, chosen, types),
    [seats, chosen, types],
  );
  const [serverErrors, setServerErrors] = useState<CheckoutFieldErrors>(noCheckoutFieldErrors);

  const select = useCallback((seatId: number, selection: SeatTypeSelection) => {
    setChosen((current) => new Map(current).set(seatId, selection));
    setServerErrors((current) => {
      if (!current.seats.has(seatId)) return current;
      const seatErrors = new Map(current.seats);
      seatErrors.delete(seatId);
      return { ...current, seats: seatErrors };
    });
  }, []);

  const [input, setInputValue] = useState('');
  const [applied, setApplied] = useState<PromoCheck | null>(null);
  const [checkError, setCheckError] = useState<string | null>(null);
  const { mutate: runCheck, isPending: isChecking } = useCheckPromoCodeMutation(concertId);

  const setInput = useCallback((value: string) => {
    setInputValue(value);
    setCheckError(null);
  }, []);
  const apply = useCallback(() => {
    const parsed = promoCodeTextSchema.safeParse(input);
    if (!parsed.success) {
      setCheckError(parsed.error.issues[0]?.message ?? promoMessages.code);
      return;
    }
    setCheckError(null);
    runCheck(parsed.data, {
      onSuccess: (terms) => {
        setApplied(terms);
        setInputValue(terms.code);
        setServerErrors((current) => ({ ...current, promoCode: null }));
      },
      onError: (error) => setCheckError(promoCheckError(error)),
    });
  }, [input, runCheck]);
  const remove = useCallback(() => {
    setApplied(null);
    setInputValue('');
    setCheckError(null);
    setServerErrors((current) => ({ ...current, promoCode: null }));
  }, []);

  const pricing = useMemo(
    () => priceSeats({ seats, selections, types, promo: applied, bookingFeePerSeat }),
    [seats, selections, types, applied, bookingFeePerSeat],
  );

  const panel: SeatPanelPricing = {
    types,
    bookingFeePerSeat,
    selections,
    select,
    promo: {
      input,
      applied,
      error: checkError ?? serverErrors.promoCode,
      isChecking,
      setInput,
      apply,
      remove,
    },
    pricing,
    seatErrors: serverErrors.seats,
  };

  /** Read at 결제하기: the choices as they stand for the seats held then. */
  const orderExtras = (held: readonly SeatView[]): SeatOrderExtras => {
    const sent = seatTypeChoices(held, standingSelections(held, chosen, types));
    return {
      seatTypes: sent,
      promoCode: applied?.code ?? null,
      onRefused: (fieldErrors) => setServerErrors(placeFieldErrors(fieldErrors, sent)),
    };
  };

  return { panel, orderExtras };
}
