import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error';
import { isServerPath, sendError } from './error-handler';

/**
 * Serves uploaded files under /uploads/ and the built SPA with history fallback (every GET that is
 * not a server path and not a file answers index.html); unknown server paths answer the envelope.
 */
export async function registerWebApp(
  app: FastifyInstance,
  options: { webDistDir: string; uploadsDir: string },
): Promise<void> {
  mkdirSync(options.uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: options.uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    maxAge: '7d',
  });

  const indexFile = path.join(options.webDistDir, 'index.html');
  const hasWebApp = existsSync(indexFile);
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: options.webDistDir,
      prefix: '/',
      // Looked up per request, not listed once at start: a rebuilt web app is served without a
      // restart. A missing file falls through to the not-found handler below.
      wildcard: true,
      index: 'index.html',
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
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    if (isServerPath(request.url) || !isPageRequest) {
      return sendError(reply, new AppError('C005'));
    }
    if (!hasWebApp) {
      return reply
        .status(503)
        .type('text/html; charset=utf-8')
        .send(
          '<!doctype html><meta charset="utf-8"><title>커튼콜</title><p>웹 앱이 아직 빌드되지 않았습니다. <code>npm run build</code> 후 다시 시작해주세요.</p>',
        );
    }
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile('index.html', options.webDistDir);
  });
}
