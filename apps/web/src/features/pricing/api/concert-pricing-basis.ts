import {
  concertDetailSchema,
  concertGradeAvailabilitySchema,
  ticketTypeListSchema,
} from '@curtaincall/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '@/lib/api-client';
import { concertPricingKey, freshHeaders } from './pricing-query-keys';

/**
 * What the 권종·할인 page prices with: the concert (its title and status for the heading), its
 * grades with their prices (the keys a type or code applies to), and today's booking fee per
 * seat from the buyers' own ticket-type list, so the preview is what the seat panel will show.
 */

/** `GET /concerts/{id}`: the heading's title, date and status. */
export function getPricingConcert(concertId: number, signal?: AbortSignal) {
  return apiFetch(`/concerts/${concertId}`, concertDetailSchema, { signal });
}

/** `GET /concerts/{id}/grades`: each grade's key (`code`), name and price, in the seller's order. */
export function getPricingGrades(concertId: number, signal?: AbortSignal) {
  return apiFetch(`/concerts/${concertId}/grades`, z.array(concertGradeAvailabilitySchema), {
    signal,
    headers: freshHeaders,
  });
}

/** `GET /concerts/{id}/ticket-types`: read here for `bookingFeePerSeat` only. */
export async function getBookingFeePerSeat(concertId: number, signal?: AbortSignal) {
  const list = await apiFetch(`/concerts/${concertId}/ticket-types`, ticketTypeListSchema, {
    signal,
    headers: freshHeaders,
  });
  return list.bookingFeePerSeat;
}

export function pricingConcertQueryOptions(concertId: number) {
  return queryOptions({
    queryKey: concertPricingKey(concertId, 'concert'),
    queryFn: ({ signal }) => getPricingConcert(concertId, signal),
  });
}

export function pricingGradesQueryOptions(concertId: number) {
  return queryOptions({
    queryKey: concertPricingKey(concertId, 'grades'),
    queryFn: ({ signal }) => getPricingGrades(concertId, signal),
  });
}

export function bookingFeeQueryOptions(concertId: number) {
  return queryOptions({
    queryKey: concertPricingKey(concertId, 'booking-fee'),
    queryFn: ({ signal }) => getBookingFeePerSeat(concertId, signal),
  });
}

export function usePricingConcert(concertId: number, isEnabled: boolean) {
  return useQuery({ ...pricingConcertQueryOptions(concertId), enabled: isEnabled });
}

export function usePricingGrades(concertId: number, isEnabled: boolean) {
  return useQuery({ ...pricingGradesQueryOptions(concertId), enabled: isEnabled });
}

export function useBookingFee(concertId: number, isEnabled: boolean) {
  return useQuery({ ...bookingFeeQueryOptions(concertId), enabled: isEnabled });
}
