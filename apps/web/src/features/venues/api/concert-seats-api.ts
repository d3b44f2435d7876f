import {
  concertDetailSchema,
  concertGradeAvailabilitySchema,
  sellerSeatSchema,
  venueLayoutSchema,
  type GradePrice,
} from '@curtaincall/contracts';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch, apiRequest } from '@/lib/api-client';

/**
 * A drawn concert's seats for its seller (issue 25, point 6): the drawing, the places per grade,
 * every seat with its id, and the promoter's actions (release held seats, stop selling seats,
 * change grade prices). The session says whose concert it is; another seller's answers 403.
 */

export const concertSeatsQueryKey = ['seller', 'concert-seats'] as const;

/**
 * `/concerts/{id}/layout` and `/grades` are public and cached for 2 s (`max-age=2`): the seller
 * reads them right after a change, so the browser must not answer from its cache.
 */
const freshHeaders = { 'Cache-Control': 'no-cache' };

/** `GET /concerts/{id}`: the concert's title and status for the page's heading. */
export function getManagedConcert(concertId: number, signal?: AbortSignal) {
  return apiFetch(`/concerts/${concertId}`, concertDetailSchema, { signal });
}

/** `GET /concerts/{id}/layout`: the layout with HELD/KILLED kept current; null for a quick plan. */
export function getManagedLayout(concertId: number, signal?: AbortSignal) {
  return apiFetch(`/concerts/${concertId}/layout`, venueLayoutSchema.nullable(), {
    signal,
    headers: freshHeaders,
  });
}

/** `GET /concerts/{id}/grades`: places, available and held per grade, in the seller's order. */
export function getManagedGrades(concertId: number, signal?: AbortSignal) {
  return apiFetch(`/concerts/${concertId}/grades`, z.array(concertGradeAvailabilitySchema), {
    signal,
    headers: freshHeaders,
  });
}

/** `GET /seller/concerts/{id}/seats`: every seat with its id, status and block. */
export function getSellerSeats(concertId: number, signal?: AbortSignal) {
  return apiFetch(`/seller/concerts/${concertId}/seats`, z.array(sellerSeatSchema), {
    signal,
    headers: freshHeaders,
  });
}

const part = (concertId: number, name: string) =>
  [...concertSeatsQueryKey, concertId, name] as const;

export function managedConcertQueryOptions(concertId: number) {
  return queryOptions({
    queryKey: part(concertId, 'concert'),
    queryFn: ({ signal }) => getManagedConcert(concertId, signal),
  });
}

export function managedLayoutQueryOptions(concertId: number) {
  return queryOptions({
    queryKey: part(concertId, 'layout'),
    queryFn: ({ signal }) => getManagedLayout(concertId, signal),
    // The drawing changes only through this page's own actions (refetched after each).
    refetchOnWindowFocus: false,
  });
}

export function managedGradesQueryOptions(concertId: number) {
  return queryOptions({
    queryKey: part(concertId, 'grades'),
    queryFn: ({ signal }) => getManagedGrades(concertId, signal),
  });
}

export function sellerSeatsQueryOptions(concertId: number) {
  return queryOptions({
    queryKey: part(concertId, 'seats'),
    queryFn: ({ signal }) => getSellerSeats(concertId, signal),
  });
}

export function useManagedConcert(concertId: number) {
  return useQuery(managedConcertQueryOptions(concertId));
}

export function useManagedLayout(concertId: number) {
  return useQuery(managedLayoutQueryOptions(concertId));
}

export function useManagedGrades(concertId: number) {
  return useQuery(managedGradesQueryOptions(concertId));
}

/** Seat ids are asked for only when there is a drawing to pick seats on. */
export function useSellerSeats(concertId: number, isEnabled: boolean) {
  return useQuery({ ...sellerSeatsQueryOptions(concertId), enabled: isEnabled });
}

/** What every action answers: the server's Korean sentence, and how many seats changed. */
export interface SeatActionResult {
  message: string;
  count: number | null;
}

const countSchema = z.object({ count: z.number().int() });

async function postSeats(
  concertId: number,
  action: 'release' | 'kill',
  body: { seatIds: number[] } | { all: true },
  fallback: string,
): Promise<SeatActionResult> {
  const { data, message } = await apiRequest(`/seller/concerts/${concertId}/seats/${action}`, {
    method: 'POST',
    body,
  });
  const parsed = countSchema.safeParse(data);
  return { message: message ?? fallback, count: parsed.success ? parsed.data.count : null };
}

/** `POST /seller/concerts/{id}/seats/release`: held seats go on sale at once; fans are alerted. */
export function releaseSeats(concertId: number, body: { seatIds: number[] } | { all: true }) {
  return postSeats(concertId, 'release', body, '홀드석을 판매로 전환했습니다.');
}

/** `POST /seller/concerts/{id}/seats/kill`: all or nothing; a sold or buyer-held seat refuses it. */
export function killSeats(concertId: number, seatIds: number[]) {
  return postSeats(concertId, 'kill', { seatIds }, '좌석을 판매 중지했습니다.');
}

/** `PUT /seller/concerts/{id}/grades`: new prices for places not sold yet. */
export async function updateGradePrices(
  concertId: number,
  prices: GradePrice[],
): Promise<SeatActionResult> {
  const { message } = await apiRequest(`/seller/concerts/${concertId}/grades`, {
    method: 'PUT',
    body: { prices },
  });
  return {
    message: message ?? '등급 가격을 변경했습니다. 이미 예매된 좌석은 결제한 금액 그대로입니다.',
    count: null,
  };
}

/**
 * After an action: this page's reads, the public ones (detail, seat map, grades) and the
 * seller's concert list, whose sold/total and seat counts may have moved.
 */
export async function invalidateConcertSeats(
  queryClient: QueryClient,
  concertId: number,
): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: [...concertSeatsQueryKey, concertId] }),
    queryClient.invalidateQueries({ queryKey: ['concerts'] }),
    queryClient.invalidateQueries({ queryKey: ['seller', 'concerts'] }),
  ]);
}
