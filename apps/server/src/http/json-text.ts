import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyReply } from 'fastify';

/** The callback API on the libuv thread pool: the sync one would block the event loop. */
const gzipAsync = promisify(gzip);

/** Below this, compressing costs more time than the smaller body saves. */
export const gzipMinBytes = 16 * 1024;
/** Seat status JSON shrinks about 27x at level 4, as at 6 (8 MB -> 0.3 MB, ~40 ms off-thread). */
const gzipLevel = 4;

/**
 * Whether an `Accept-Encoding` header allows gzip: `gzip` (or `x-gzip`) with q > 0, or `*` with
 * q > 0 when gzip is not named. No header means identity only.
 */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  if (header === undefined) return false;
  let gzipQuality: number | null = null;
  let anyQuality: number | null = null;
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [coding = '', ...params] = part.split(';').map((item) => item.trim().toLowerCase());
    const quality = params.find((param) => param.startsWith('q='));
    const q = quality === undefined ? 1 : Number(quality.slice(2));
    if (coding === 'gzip' || coding === 'x-gzip') gzipQuality = q;
    else if (coding === '*') anyQuality = q;
  }
  const q = gzipQuality ?? anyQuality ?? 0;
  return Number.isFinite(q) && q > 0;
}

/** Adds Accept-Encoding to Vary without dropping what another hook put there. */
function varyOnAcceptEncoding(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  const value = Array.isArray(current) ? current.join(', ') : String(current ?? '');
  if (value === '') reply.header('vary', 'Accept-Encoding');
  else if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(value)) {
    reply.header('vary', `${value}, Accept-Encoding`);
  }
}

/**
 * Sends JSON that is already serialised (a cached response). Fastify skips the schema serializer
 * for a string with a JSON content type, so the route's response schema documents the shape and
 * the code that built the string is what guarantees it. Big answers (a venue's seat status is
 * up to ~16 MB) go gzipped when the client allows it; they then vary by Accept-Encoding.
 */
export async function sendJsonText(reply: FastifyReply, json: string): Promise<FastifyReply> {
  reply.type('application/json; charset=utf-8');
  // `length` counts UTF-16 units, never more than the UTF-8 bytes: measure only when it may matter.
  if (json.length <= gzipMinBytes && Buffer.byteLength(json) <= gzipMinBytes) {
    return reply.send(json);
  }
  varyOnAcceptEncoding(reply);
  if (!acceptsGzip(reply.request.headers['accept-encoding'])) return reply.send(json);
  const body = await gzipAsync(json, { level: gzipLevel });
  return reply.header('content-encoding', 'gzip').send(body);
}
