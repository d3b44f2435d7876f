import {
  onSaleConcertSchema,
  onSaleRefreshMs,
  onSaleSnapshotSchema,
  type OnSaleConcert,
  type OnSaleSnapshot,
} from '@curtaincall/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '@/lib/api-client';
import { adminQueryKeys } from './admin-query-keys';

/** `GET /admin/on-sale/concerts?keyword=`: concerts to watch, on sale first. */
export function getOnSaleConcerts(keyword: string, signal?: AbortSignal): Promise<OnSaleConcert[]> {
  return apiFetch('/admin/on-sale/concerts', z.array(onSaleConcertSchema), {
    params: { keyword: keyword || undefined },
    signal,
  });
}

export function useOnSaleConcerts(keyword: string) {
  return useQuery({
    queryKey: adminQueryKeys.onSaleConcerts(keyword),
    queryFn: ({ signal }) => getOnSaleConcerts(keyword, signal),
    placeholderData: keepPreviousData,
  });
}

/** `GET /admin/on-sale/concerts/{concertId}`: one live snapshot (at most 2 s old). */
export function getOnSaleSnapshot(
  concertId: number,
  signal?: AbortSignal,
): Promise<OnSaleSnapshot> {
  return apiFetch(`/admin/on-sale/concerts/${concertId}`, onSaleSnapshotSchema, { signal });
}

/**
 * The selected concert's figures, asked again every few seconds while the tab is visible (a
 * hidden tab stops asking); the last figures stay on screen while the next ones load. Another
 * concert starts from its own loading state, never from the previous concert's figures.
 */
export function useOnSaleSnapshot(concertId: number | null) {
  return useQuery({
    queryKey: adminQueryKeys.onSale(concertId ?? 0),
    queryFn: ({ signal }) => getOnSaleSnapshot(concertId ?? 0, signal),
    enabled: concertId !== null,
    refetchInterval: onSaleRefreshMs,
  });
}
