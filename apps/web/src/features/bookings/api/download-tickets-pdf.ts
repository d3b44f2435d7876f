import { errorEnvelopeSchema, isErrorCode } from '@curtaincall/contracts';
import { useMutation } from '@tanstack/react-query';
import {
  API_BASE,
  ApiError,
  fallbackMessageForStatus,
  invalidResponseMessage,
  networkErrorMessage,
} from '@/lib/api-client';
import { fileNameFromContentDisposition } from '../utils/content-disposition';

export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

export function ticketsPdfUrl(bookingNumber: string): string {
  return `${API_BASE}/bookings/${encodeURIComponent(bookingNumber)}/tickets.pdf`;
}

/** The server's name for the file, used when its header names none; safe for any number. */
export function defaultTicketsFileName(bookingNumber: string): string {
  return `curtaincall-${bookingNumber.replace(/[^\w-]/g, '_')}.pdf`;
}

const errorBodySchema = errorEnvelopeSchema.partial();

/** The error envelope of a failed answer as an ApiError, as the shared client would make it. */
async function toApiError(response: Response, fallbackMessage: string): Promise<ApiError> {
  let body: unknown;
  try {
    body = JSON.parse(await response.text()) as unknown;
  } catch {
    body = undefined;
  }
  const parsed = errorBodySchema.safeParse(body);
  const envelope = parsed.success ? parsed.data : {};
  return new ApiError({
    status: envelope.status ?? response.status,
    code: isErrorCode(envelope.code) ? envelope.code : null,
    message: envelope.message?.trim() ? envelope.message : fallbackMessage,
    fieldErrors: envelope.errors ?? [],
  });
}

/**
 * `GET /bookings/{bookingNumber}/tickets.pdf` (owner): the booking's tickets with their QR
 * codes as one PDF. The shared client reads JSON only, so this reads the body as a blob;
 * failures are the usual error envelope and become the same ApiError.
 */
export async function downloadTicketsPdf(bookingNumber: string): Promise<DownloadedFile> {
  let response: Response;
  try {
    response = await fetch(ticketsPdfUrl(bookingNumber), {
      credentials: 'include',
      headers: { Accept: 'application/pdf, application/json' },
    });
  } catch {
    throw new ApiError({ status: 0, message: networkErrorMessage });
  }
  if (!response.ok) {
    throw await toApiError(response, fallbackMessageForStatus(response.status));
  }
  if (response.headers.get('Content-Type')?.includes('application/json')) {
    // A 2xx JSON answer is no PDF: an envelope with success:false, or something unexpected.
    throw await toApiError(response, invalidResponseMessage);
  }
  const blob = await response.blob();
  const fileName =
    fileNameFromContentDisposition(response.headers.get('Content-Disposition')) ??
    defaultTicketsFileName(bookingNumber);
  return { blob, fileName };
}

export function useDownloadTicketsPdfMutation() {
  return useMutation({ mutationFn: downloadTicketsPdf });
}
