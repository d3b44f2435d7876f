import {
  approvalHistoryEntrySchema,
  approvalHistoryPageSchema,
  type ApprovalHistoryEntry,
  type ApprovalHistoryType,
  type Page,
} from '@curtaincall/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '@/lib/api-client';
import { adminQueryKeys } from './admin-query-keys';

export interface HistoryPageParams {
  /** 0-based. */
  page: number;
  size: number;
  typeFilter?: ApprovalHistoryType | undefined;
  keyword?: string | undefined;
}

/** `GET /admin/approvals/history`: newest first, filtered by type and keyword (api §12). */
export function getApprovalHistory(
  { page, size, typeFilter, keyword }: HistoryPageParams,
  signal?: AbortSignal,
): Promise<Page<ApprovalHistoryEntry>> {
  return apiFetch('/admin/approvals/history', approvalHistoryPageSchema, {
    params: { page, size, typeFilter, keyword, sort: 'createdAt,desc' },
    signal,
  });
}

export function useApprovalHistory(params: HistoryPageParams, enabled = true) {
  return useQuery({
    queryKey: adminQueryKeys.history(params),
    queryFn: ({ signal }) => getApprovalHistory(params, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** `GET /admin/sellers/{userId}/approval-history`: one user's entries, newest first. */
export function getUserApprovalHistory(
  userId: number,
  signal?: AbortSignal,
): Promise<ApprovalHistoryEntry[]> {
  return apiFetch(
    `/admin/sellers/${userId}/approval-history`,
    z.array(approvalHistoryEntrySchema),
    { signal },
  );
}

export function useUserApprovalHistory(userId: number | null) {
  return useQuery({
    queryKey: adminQueryKeys.userHistory(userId ?? 0),
    queryFn: ({ signal }) => getUserApprovalHistory(userId ?? 0, signal),
    enabled: userId !== null && userId >= 1,
  });
}
