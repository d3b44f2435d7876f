import { useQuery } from '@tanstack/react-query';
import { ApiError, fallbackMessageForStatus, networkErrorMessage } from '@/lib/api-client';

export interface LicenceDocument {
  blob: Blob;
  /** 'application/pdf', 'image/jpeg', 'image/png' or 'image/webp', detected by the server. */
  type: string;
}

/**
 * Loads a licence document from its admin-only path. It is shown from a blob: the server sends
 * the file under a sandboxing policy that would keep the browser's PDF viewer out of a frame.
 */
export async function getLicenceDocument(
  url: string,
  signal?: AbortSignal,
): Promise<LicenceDocument> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'include', signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError({ status: 0, message: networkErrorMessage });
  }
  if (!response.ok) {
    throw new ApiError({
      status: response.status,
      message: fallbackMessageForStatus(response.status),
    });
  }
  const blob = await response.blob();
  const type = (response.headers.get('content-type') ?? blob.type).split(';')[0]?.trim() ?? '';
  return { blob: type && blob.type !== type ? new Blob([blob], { type }) : blob, type };
}

export function useLicenceDocument(url: string | null) {
  return useQuery({
    queryKey: ['admin', 'document', url],
    queryFn: ({ signal }) => getLicenceDocument(url ?? '', signal),
    enabled: url !== null,
    staleTime: 60_000,
    gcTime: 60_000,
  });
}
