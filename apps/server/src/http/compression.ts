import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import {
  brotliCompress,
  constants as zlibConstants,
  createBrotliCompress,
  createGzip,
  gzip,
} from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The callback APIs run on the libuv thread pool: the sync ones would block the event loop. */
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below this, the bytes saved do not pay for the work (and a poll answer fits in one packet). */
export const compressMinBytes = 1024;

/**
 * Quality 4 / level 4: most of the size gain (API JSON shrinks 5-10x) at a few ms per 100 KB;
 * the best ratios cost ten times as much and are for files compressed once at build time.
 */
const brotliOptions = {
  params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 },
};
const gzipOptions = { level: 4 };

/** Text that shrinks; images, fonts, PDFs and archives are compressed already. */
const compressibleType =
  // Not event streams: a compressor holds back what each event must deliver at once.
  /^(?:text\/(?!event-stream)|application\/(?:json|javascript|xml|manifest\+json)|image\/svg\+xml)/i;

export type ContentCoding = 'br' | 'gzip' | 'identity';

/**
 * The best coding an `Accept-Encoding` header allows: br, else gzip (x-gzip alike), by their
 * q-values, with `*` standing for a coding not named. No header (or q=0 for both) is identity.
 */
export function negotiateEncoding(header: string | string[] | undefined): ContentCoding {
  if (header === undefined) return 'identity';
  const qualities = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [coding = '', ...params] = part.split(';').map((item) => item.trim().toLowerCase());
    if (coding === '') continue;
    const quality = params.find((param) => param.startsWith('q='));
    const q = quality === undefined ? 1 : Number(quality.slice(2));
    qualities.set(coding === 'x-gzip' ? 'gzip' : coding, Number.isFinite(q) ? q : 0);
  }
  const any = qualities.get('*') ?? 0;
  const br = qualities.get('br') ?? any;
  const gz = qualities.get('gzip') ?? any;
  if (br > 0 && br >= gz) return 'br';
  if (gz > 0) return 'gzip';
  return 'identity';
}

/** Adds Accept-Encoding to Vary without dropping what another hook put there. */
export function varyOnAcceptEncoding(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  const value = Array.isArray(current) ? current.join(', ') : String(current ?? '');
  if (value === '') reply.header('vary', 'Accept-Encoding');
  else if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(value)) {
    reply.header('vary', `${value}, Accept-Encoding`);
  }
}

function headerText(reply: FastifyReply, name: string): string {
  const value = reply.getHeader(name);
  return Array.isArray(value) ? value.join(', ') : String(value ?? '');
}

function shouldConsider(request: FastifyRequest, reply: FastifyReply): boolean {
  if (request.method === 'HEAD') return false;
  const status = reply.statusCode;
  if (status < 200 || status === 204 || status === 206 || status === 304) return false;
  if (reply.hasHeader('content-encoding')) return false;
  if (/\bno-transform\b/i.test(headerText(reply, 'cache-control'))) return false;
  return compressibleType.test(headerText(reply, 'content-type'));
}

/**
 * Compresses text answers over `compressMinBytes` (br or gzip, by Accept-Encoding): API JSON as
 * Fastify serialised it, and static files that have no build-time .br/.gz beside them
 * (@fastify/static's preCompressed serves those, and marks them with Content-Encoding, which this
 * leaves alone, as it does the big seat JSON `sendJsonText` gzips itself). The direct poll writer
 * skips onSend hooks and stays as it is.
 */
export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (payload === null || payload === undefined || !shouldConsider(request, reply)) {
      return payload;
    }
    if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
      const bytes = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
      if (bytes < compressMinBytes) return payload;
      varyOnAcceptEncoding(reply);
      const coding = negotiateEncoding(request.headers['accept-encoding']);
      if (coding === 'identity') return payload;
      const body =
        coding === 'br'
          ? await brotliAsync(payload, brotliOptions)
          : await gzipAsync(payload, gzipOptions);
      reply.header('content-encoding', coding);
      reply.removeHeader('content-length');
      return body;
    }
    if (payload instanceof Readable) {
      // A file stream: @fastify/static has set its length.
      const length = Number(headerText(reply, 'content-length'));
      if (Number.isFinite(length) && length > 0 && length < compressMinBytes) return payload;
      varyOnAcceptEncoding(reply);
      const coding = negotiateEncoding(request.headers['accept-encoding']);
      if (coding === 'identity') return payload;
      reply.header('content-encoding', coding);
      reply.removeHeader('content-length');
      // Byte ranges would count the compressed bytes; a file compressed here is sent whole.
      reply.removeHeader('accept-ranges');
      // The file's weak ETag stays: W/ allows the same tag for its br, gzip and plain bytes.
      const encoder =
        coding === 'br' ? createBrotliCompress(brotliOptions) : createGzip(gzipOptions);
      payload.on('error', (error) => encoder.destroy(error));
      return payload.pipe(encoder);
    }
    return payload;
  });
}
