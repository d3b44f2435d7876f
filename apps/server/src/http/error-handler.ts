import {
  errorMessages,
  type ErrorCode,
  type ErrorEnvelope,
  type FieldError,
} from '@curtaincall/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDependencyOutage } from '../lib/outage';
import { AppError } from './app-error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Error codes for validation failures of particular fields, e.g. `{ sortBy: 'T010' }`. */
    validationCodes?: Partial<Record<string, ErrorCode>>;
  }
}

/** Paths owned by the server: an unknown one answers the JSON envelope, never the SPA. */
export const SERVER_PATH_PREFIXES = ['/api/', '/ws/', '/oauth2/', '/login/oauth2/', '/uploads/'];

export function isServerPath(url: string): boolean {
  const pathOnly = url.split('?')[0] ?? url;
  return pathOnly === '/api' || SERVER_PATH_PREFIXES.some((prefix) => pathOnly.startsWith(prefix));
}

export function sendError(reply: FastifyReply, error: AppError): FastifyReply {
  const body: ErrorEnvelope = {
    success: false,
    status: error.status,
    code: error.code,
    message: error.message,
    ...(error.fieldErrors && error.fieldErrors.length > 0 ? { errors: error.fieldErrors } : {}),
  };
  if (error.retryAfterSeconds !== undefined) {
    reply.header('retry-after', String(error.retryAfterSeconds));
  }
  return reply.status(error.status).type('application/json; charset=utf-8').send(body);
}

/** Fastify's own errors that a client can cause by the shape of its request. */
const fastifyErrorCodes: Record<string, { code: ErrorCode; message?: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'C004' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'C006' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'C007' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'C007', message: '요청 본문이 비어 있습니다.' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'C007', message: 'JSON 형식이 올바르지 않습니다.' },
  FST_REQ_FILE_TOO_LARGE: { code: 'F002' },
  FST_PARTS_LIMIT: { code: 'C004' },
  FST_FILES_LIMIT: { code: 'C004' },
  FST_FIELDS_LIMIT: { code: 'C004' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { code: 'C006' },
  FST_ERR_VALIDATION: { code: 'C001' },
};

/**
 * A validation issue's place as the services name theirs: `/performances/2/startTime` ->
 * `performances[2].startTime` (array items in brackets, as `gradePrices[0].code` and layout
 * paths are); the whole body when it has none.
 */
function fieldPath(instancePath: string): string {
  const path = instancePath
    .split('/')
    .filter((segment) => segment !== '')
    .reduce(
      (joined, segment) =>
        /^\d+$/.test(segment) ? `${joined}[${segment}]` : joined ? `${joined}.${segment}` : segment,
      '',
    );
  return path || 'body';
}

/**
 * Turns any error into an AppError; a database or Redis outage becomes C012 (503), other unknown
 * errors C003, logged.
 */
export function toAppError(error: unknown, request: FastifyRequest): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fieldErrors: FieldError[] = error.validation.map((issue) => ({
      field: fieldPath(issue.instancePath),
      message: issue.message ?? errorMessages.C001,
    }));
    // A route may give some fields a code of their own (sortBy -> T010), per the contract.
    const codes = request.routeOptions.config.validationCodes;
    const special = fieldErrors.find((f) => codes?.[f.field]);
    const specialCode = special ? codes?.[special.field] : undefined;
    if (special && specialCode) return new AppError(specialCode, special.message, fieldErrors);
    return new AppError('C001', fieldErrors[0]?.message, fieldErrors);
  }
  const fastifyError = error as Partial<FastifyError> | null;
  const known = fastifyError?.code ? fastifyErrorCodes[fastifyError.code] : undefined;
  if (known) return new AppError(known.code, known.message);
  if (error instanceof SyntaxError && fastifyError?.statusCode === 400) {
    return new AppError('C007', 'JSON 형식이 올바르지 않습니다.');
  }
  const status = fastifyError?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    if (status === 413) return new AppError('C004');
    if (status === 415) return new AppError('C006');
    if (status === 429) return new AppError('Q004');
    if (status === 404) return new AppError('C002');
    return new AppError('C007');
  }
  if (isDependencyOutage(error)) {
    // Expected while PostgreSQL or Redis is down: one short line, not a stack per request.
    const reason = error instanceof Error ? error.message : String(error);
    request.log.warn({ reqId: request.id, reason }, 'dependency unavailable');
    return new AppError('C012');
  }
  request.log.error({ err: error, reqId: request.id }, 'unhandled error');
  return new AppError('C003');
}

/** The one place errors become the envelope (api-contract.md §1.3). */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => sendError(reply, toAppError(error, request)));
}
