import type { FastifyReply } from 'fastify';
import type { SellerDocument } from './sellers.service';

/**
 * The policy a licence document is served under. `sandbox` puts the document in a unique origin
 * with no scripts, forms or plugins' access to our cookies or pages, even when opened directly;
 * nothing may be fetched; and only our own pages may frame it (the admin's document viewer).
 */
export const documentContentSecurityPolicy =
  "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'";

/**
 * Sends a private document: the type detected from its bytes when it was stored, shown inline
 * (PDF viewer or image in the page's frame), never sniffed, never kept by a shared cache or the
 * browser's back-forward history.
 */
export function sendSellerDocument(reply: FastifyReply, document: SellerDocument) {
  return reply
    .type(document.contentType)
    .header('content-disposition', 'inline')
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .header('content-security-policy', documentContentSecurityPolicy)
    .header('x-frame-options', 'SAMEORIGIN')
    .header('cross-origin-resource-policy', 'same-origin')
    .send(document.body);
}
