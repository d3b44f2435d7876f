import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error';
import { sendError } from './error-handler';

/** Methods that change nothing; everything else must come from one of our own pages. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * Whether an unsafe request may have been sent by a page of another origin. SameSite=Lax cookies
 * do not stop a page on a sibling subdomain or another port of our host (same site), so the
 * browser's own statement of where the request comes from decides:
 * - `Origin` when present (browsers send it on every cross-origin POST/PUT/PATCH/DELETE, and
 *   Chromium on same-origin ones too); `null` (sandboxed frames, redirects, no-referrer form
 *   posts) passes only with `Sec-Fetch-Site: same-origin`;
 * - else `Sec-Fetch-Site`: `same-origin`, or `none` (typed by the user), pass; `same-site` and
 *   `cross-site` do not, as no allowed Origin vouches for them;
 * - else `Referer`'s origin.
 * A request with none of the three is not from a browser's page (curl, server-to-server calls):
 * no browser sends an unsafe cross-origin request without Origin, so it cannot carry a victim's
 * cookie on an attacker's behalf.
 */
function isForeignRequest(
  headers: IncomingHttpHeaders,
  allowedOrigins: ReadonlySet<string>,
): boolean {
  const { origin, referer } = headers;
  const fetchSite = headers['sec-fetch-site'];
  // Our pages send `Referrer-Policy: no-referrer`, under which a browser sends `Origin: null` on
  // a form post even to its own origin (the sandbox payment window's form); the browser's own
  // Sec-Fetch-Site then says whether it came from our origin.
  if (origin === 'null') return fetchSite !== 'same-origin';
  if (origin !== undefined) return !allowedOrigins.has(origin);
  if (fetchSite !== undefined) return fetchSite !== 'same-origin' && fetchSite !== 'none';
  if (referer !== undefined) {
    const refererOrigin = originOf(referer);
    return refererOrigin === null || !allowedOrigins.has(refererOrigin);
  }
  return false;
}

/**
 * Whether an unsafe request's headers show a foreign page (isForeignRequest) for these allowed
 * URLs: the hook below, and the queue-entry fast lane, which answers before Fastify.
 */
export function foreignRequestCheck(
  allowed: readonly string[],
): (headers: IncomingHttpHeaders) => boolean {
  const allowedOrigins = new Set(
    allowed.map((url) => originOf(url)).filter((origin): origin is string => origin !== null),
  );
  return (headers) => isForeignRequest(headers, allowedOrigins);
}

/**
 * Refuses unsafe requests from foreign pages (CSRF) with 403 C009, before the body is read.
 * Allowed: the origins of PUBLIC_BASE_URL and FRONT_BASE_URL, and CORS_ORIGINS.
 */
export function registerOriginCheck(app: FastifyInstance, allowed: readonly string[]): void {
  const isForeign = foreignRequestCheck(allowed);
  app.addHook('onRequest', (request, reply, done) => {
    if (SAFE_METHODS.has(request.method) || !isForeign(request.headers)) {
      done();
      return;
    }
    void sendError(reply, new AppError('C009'));
  });
}
