import { AI_SUMMARY_EMPTY } from '@curtaincall/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '@/lib/api-client';

/**
 * `GET /concerts/{id}/ai-summary`: the summary text, or exactly AI_SUMMARY_EMPTY when there is
 * none yet (api-contract.md §3). An absent or blank text means the same.
 */
export async function getAiSummary(concertId: number, signal?: AbortSignal): Promise<string> {
  const text = await apiFetch(`/concerts/${concertId}/ai-summary`, z.string().nullish(), {
    signal,
  });
  return text?.trim() ? text : AI_SUMMARY_EMPTY;
}

export function aiSummaryQueryOptions(concertId: number) {
  return queryOptions({
    queryKey: ['concerts', 'ai-summary', concertId] as const,
    queryFn: ({ signal }) => getAiSummary(concertId, signal),
  });
}

export function useAiSummary(concertId: number) {
  return useQuery(aiSummaryQueryOptions(concertId));
}
