import { createHash } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type FileStoragePort, isStorageKey } from '../adapters/storage/file-storage';
import { AppError } from './app-error';
import { isServerPath, sendError } from './error-handler';
import { createFirstLoadPage, type FirstLoadHintsFor } from './first-load-page';

/**
 * Serves uploaded files under /uploads/ (from a folder, or streamed from the file storage when it
 * is an object store) and the built SPA with history fallback (every GET that is
 * not a server path and not a file answers index.html); unknown server paths answer the envelope.
 * Pages that `firstLoadHints` knows get index.html with their data and LCP image hinted in it
 * (first-load-page.ts); every other page gets the built file as it is.
 */
export async function registerWebApp(
  app: FastifyInstance,
  options: {
    webDistDir: string;
    uploads: { dir: string } | { storage: FileStoragePort };
    firstLoadHints?: FirstLoadHintsFor;
  },
): Promise<void> {
  if ('dir' in options.uploads) {
    mkdirSync(options.uploads.dir, { recursive: true });
    await app.register(fastifyStatic, {
      root: options.uploads.dir,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      maxAge: '7d',
    });
  } else {
    registerStoredUploads(app, options.uploads.storage);
  }

  const indexFile = path.join(options.webDistDir, 'index.html');
  const hasWebApp = existsSync(indexFile);
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: options.webDistDir,
      prefix: '/',
      // Looked up per request, not listed once at start: a rebuilt web app is served without a
      // restart. A missing file falls through to the not-found handler below.
      wildcard: true,
      // `/` is a page like any other, answered below, where it may get first-load hints.
      index: false,
      // The .br and .gz files `vite build` writes beside each asset, picked by Accept-Encoding
      // (with Vary); a file without them is compressed on the fly (http/compression.ts).
      preCompressed: true,
      setHeaders(res, filePath) {
        // Vite's hashed assets never change; everything else is revalidated.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        } else {
          res.header('Cache-Control', 'no-cache');
        }
        // Our push service worker (apps/web/public/sw.js) controls the whole site; no-cache
        // above lets browsers see a new version on their next check.
        if (path.basename(filePath).startsWith('sw.js')) {
          res.header('Service-Worker-Allowed', '/');
        }
      },
    });
  }

  /** A page of the SPA: index.html, with first-load hints when the page has some. */
  async function sendPage(request: FastifyRequest, reply: FastifyReply) {
    if (!hasWebApp) {
      return reply
        .status(503)
        .type('text/html; charset=utf-8')
        .send(
          '<!doctype html><meta charset="utf-8"><title>커튼콜</title><p>웹 앱이 아직 빌드되지 않았습니다. <code>npm run build</code> 후 다시 시작해주세요.</p>',
        );
    }
    // Revalidated every time: a new build, and the hinted answers, show on the next load.
    reply.header('Cache-Control', 'no-cache');
    const html = await hintedPage(request);
    if (html !== null) return reply.type('text/html; charset=utf-8').send(html);
    return reply.sendFile('index.html', options.webDistDir);
  }

  // The home page, which the static files would otherwise answer with index.html as built (a
  // page, not part of the API documentation).
  app.get('/', { schema: { hide: true } }, sendPage);
  app.setNotFoundHandler(async (request, reply) => {
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    if (isServerPath(request.url) || !isPageRequest) {
      return sendError(reply, new AppError('C005'));
    }
    // A missing script, style sheet, image or font is not a page: index.html with 200 would be
    // parsed as JavaScript or CSS (a blank screen after a deploy instead of a clear 404) and
    // would let caches keep HTML under an asset's URL.
    if (isStaticFilePath(request.url)) {
      return sendError(reply, new AppError('C005', '요청한 파일을 찾을 수 없습니다.'));
    }
    return sendPage(request, reply);
  });

  const firstLoadPage = createFirstLoadPage(options.webDistDir);
  async function hintedPage(request: FastifyRequest): Promise<string | null> {
    if (!options.firstLoadHints) return null;
    const url = request.url;
    const pathname = url.split('?')[0] ?? url;
    // A page with parameters (a search, another page of the list) asks for its own data.
    if (pathname !== url) return null;
    try {
      const hints = await options.firstLoadHints(pathname);
      // Wall time, not the app clock: the browser compares it with its own.
      return hints ? await firstLoadPage.render(hints, new Date()) : null;
    } catch (error) {
      // Hints only speed the page up: without them it loads its data itself.
      request.log.warn({ err: error }, 'first-load hints failed; serving index.html as built');
      return null;
    }
  }
}

/** Extensions of the files a web build serves (and browsers ask for); no page path ends so. */
const STATIC_FILE_EXTENSION =
  /\.(?:m?js|cjs|css|map|json|webmanifest|txt|xml|html?|png|jpe?g|gif|svg|ico|webp|avif|bmp|woff2?|ttf|otf|eot|wasm|br|gz|mp3|mp4|webm|ogg|wav|pdf|zip)$/i;

/**
 * A path the SPA can never be asked for as a page: Vite's `/assets/` folder, or a name with a
 * static file's extension (`/sw.js`, `/favicon.ico`, `/robots.txt`, `/old-chunk.js.map`).
 */
export function isStaticFilePath(url: string): boolean {
  const pathname = (url.split('?')[0] ?? url).split('#')[0] ?? '';
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // A malformed escape is matched as sent.
  }
  return (
    decoded === '/assets' || decoded.startsWith('/assets/') || STATIC_FILE_EXTENSION.test(decoded)
  );
}

/**
 * /uploads/<key> from an object store (STORAGE_DRIVER=s3 without S3_PUBLIC_BASE_URL): the same
 * URLs as the local folder, so the bucket may stay wholly private and every instance answers
 * every file. Only public-storage keys are reachable: the path must be one of our keys, and the
 * public storage adds its own prefix, so no path leads to a private file.
 */
function registerStoredUploads(app: FastifyInstance, storage: FileStoragePort): void {
  app.get('/uploads/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const file = isStorageKey(key) ? await storage.get(key) : null;
    if (!file) return sendError(reply, new AppError('C005'));
    // Keys are never reused for other bytes (a new upload gets a new key), as with the folder.
    const etag = `"${createHash('sha1').update(file.body).digest('base64url')}"`;
    reply
      .header('cache-control', 'public, max-age=604800')
      .header('etag', etag)
      .header('x-content-type-options', 'nosniff');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type(file.contentType).send(file.body);
  });
}
