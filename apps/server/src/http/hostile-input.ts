import type { FieldError } from '@curtaincall/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error';

/**
 * PostgreSQL (and PGlite) refuse U+0000 in text, so a NUL byte anywhere in a string that reaches
 * a query would end as a 500. Strings are refused here, at the validation stage of every route
 * (present and future), instead of in each schema: a route that forgets a refinement cannot
 * reintroduce the 500. Multipart fields and file names are checked where they are read
 * (`lib/multipart.ts`), since their bodies are parsed inside the handler.
 */
const NUL = '\u0000';

export function hasNul(text: string): boolean {
  return text.includes(NUL);
}

/** Objects nested deeper than this are not walked; no contract shape comes near it. */
const MAX_DEPTH = 16;

/** The dotted path of the first string (key or value) holding a NUL, or null. */
export function findNulPath(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes(NUL) ? path || 'body' : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = findNulPath(value[i], path ? `${path}.${i}` : String(i), depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const key of Object.keys(value)) {
    const keyPath = path ? `${path}.${key}` : key;
    if (key.includes(NUL)) return keyPath.replaceAll(NUL, '');
    const found = findNulPath((value as Record<string, unknown>)[key], keyPath, depth + 1);
    if (found) return found;
  }
  return null;
}

export const nulCharacterMessage = '입력값에 허용되지 않는 문자(NUL)가 포함되어 있습니다.';

export function nulCharacterError(field: string): AppError {
  const errors: FieldError[] = [{ field, message: nulCharacterMessage }];
  return new AppError('C001', nulCharacterMessage, errors);
}

function refuseNul(request: FastifyRequest): void {
  // A path id with a NUL can name no resource: 404, as any other unknown id.
  if (findNulPath(request.params)) throw new AppError('C002');
  const inQuery = findNulPath(request.query);
  if (inQuery) throw nulCharacterError(inQuery);
  const inBody = findNulPath(request.body);
  if (inBody) throw nulCharacterError(inBody);
}

export function registerHostileInputGuard(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every request, the seat rush included.
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      refuseNul(request);
      done();
    } catch (error) {
      done(error as AppError);
    }
  });
}
