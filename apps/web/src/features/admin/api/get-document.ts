import { useQuery } from '@tanstack/react-query';
import { ApiError, fallbackMessageForStatus, networkErrorMessage } from '@/lib/api-client';

export interface LicenceDocument {
  url: string;
  /** 'application/pdf', 'image/jpeg', 'image/png' or 'image/webp', detected by the server. */
  type: string;
}

/**
 * Asks for a licence document's headers only (HEAD), to learn whether it is a PDF or an image
 * before showing it. The document itself is then shown straight from its admin-only path: the
 * site's policy frames only its own origin (no blob: frames), and the server sends the file
 * sandboxed, for our pages only.
 */
export async function getLicenceDocument(
  url: string,
  signal?: AbortSignal,
): Promise<LicenceDocument> {
  let response: Response;
  try {
    response = await fetch(url, { method: 'HEAD', credentials: 'include', signal });
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
  const type = (response.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
  return { url, type };
}

export function useLicenceDocument(url: string | null) {
  return useQuery({
    queryKey: ['admin', 'document', url],
    queryFn: ({ signal }) => getLicenceDocument(url ?? '', signal),
    enabled: url !== null,
    staleTime: 60_000,
  });
}
