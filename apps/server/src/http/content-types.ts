import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error';
import { sendError } from './error-handler';

const JSON_ONLY: readonly string[] = ['application/json'];
const BODYLESS_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The client labels body-less calls `application/json` too (api-contract.md §1.2): no body, no type to check. */
function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (
    request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0')
  );
}

/**
 * Each route accepts only the body types its OpenAPI `consumes` names (JSON when it names none),
 * so the document and the server cannot disagree. A form or multipart body is what a plain HTML
 * form on another site can send without a preflight; JSON routes refuse it with 415 C006 before
 * anything reads it.
 */
export function registerContentTypeCheck(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    const contentType = request.headers['content-type'];
    if (contentType === undefined || BODYLESS_METHODS.has(request.method) || !hasBody(request)) {
      done();
      return;
    }
    // Unknown paths answer 404 C005, whatever they were sent.
    if (request.is404) {
      done();
      return;
    }
    const mediaType = (contentType.split(';')[0] ?? '').trim().toLowerCase();
    const accepted = request.routeOptions.schema?.consumes ?? JSON_ONLY;
    if (accepted.includes(mediaType)) {
      done();
      return;
    }
    void sendError(reply, new AppError('C006'));
  });
}
