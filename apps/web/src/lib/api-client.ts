import {
  errorEnvelopeSchema,
  isErrorCode,
  type ErrorCode,
  type FieldError,
} from '@curtaincall/contracts';
import type { z } from 'zod';
import { takeFirstLoadAnswer } from './first-load-answers';

/** Every REST path of the contract is relative to this base (api-contract.md §1.1). */
export const API_BASE = '/api';

export const networkErrorMessage = '네트워크 오류가 발생했습니다. 인터넷 연결을 확인해주세요.';
export const timeoutErrorMessage = '요청 시간이 초과되었습니다. 잠시 후 다시 시도해주세요.';
export const unknownErrorMessage = '알 수 없는 오류가 발생했습니다.';
export const invalidResponseMessage = '서버 응답 형식이 올바르지 않습니다.';

/** The client's fallback texts when an error answer carries no message (api-contract.md §1.4). */
export function fallbackMessageForStatus(status: number): string {
  switch (status) {
    case 400:
      return '잘못된 요청입니다.';
    case 401:
      return '인증이 필요합니다. 로그인해주세요.';
    case 403:
      return '접근 권한이 없습니다.';
    case 404:
      return '요청한 리소스를 찾을 수 없습니다.';
    case 500:
      return '서버에 오류가 발생했습니다.';
    default:
      return `서버 오류 (${status})`;
  }
}

interface ApiErrorInit {
  /** HTTP status; 0 when no response arrived (network failure or timeout). */
  status: number;
  code?: ErrorCode | null;
  message: string;
  fieldErrors?: FieldError[];
}

/** A failed call, with the server's Korean message ready to show. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ErrorCode | null;
  readonly fieldErrors: FieldError[];

  constructor({ status, code = null, message, fieldErrors = [] }: ApiErrorInit) {
    super(message);
    this.status = status;
    this.code = code;
    this.fieldErrors = fieldErrors;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The message to show for any thrown value: the server's text when there is one. */
export function getErrorMessage(error: unknown, fallback = unknownErrorMessage): string {
  if (error instanceof ApiError) return error.message;
  return fallback;
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Plain values are sent as JSON; FormData and URLSearchParams go as they are. */
  body?: unknown;
  params?: QueryParams;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Gives up after this many milliseconds with a timeout ApiError. No limit when absent. */
  timeoutMs?: number;
  /** Lets the request outlive the page (sent while the tab closes). */
  keepalive?: boolean;
}

/** What a successful call yields: the envelope's `data` (or the bare body) and its `message`. */
export interface ApiResult {
  data: unknown;
  message: string | undefined;
}

function buildUrl(path: string, params: QueryParams | undefined): string {
  const url = new URL(`${API_BASE}${path}`, window.location.origin);
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
  }
  // Same-origin requests keep a relative URL so the dev proxy and cookies behave identically.
  return url.origin === window.location.origin ? `${url.pathname}${url.search}` : url.toString();
}

function encodeBody(body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (body instanceof FormData || body instanceof URLSearchParams || body instanceof Blob) {
    // The browser sets the multipart boundary or the form-urlencoded type itself.
    return body;
  }
  headers.set('Content-Type', 'application/json');
  return JSON.stringify(body);
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const errorBodySchema = errorEnvelopeSchema.partial();

function toApiError(status: number, body: unknown, fallbackMessage: string): ApiError {
  const parsed = errorBodySchema.safeParse(body);
  const envelope = parsed.success ? parsed.data : {};
  const message = envelope.message?.trim() ? envelope.message : fallbackMessage;
  return new ApiError({
    status,
    code: isErrorCode(envelope.code) ? envelope.code : null,
    message,
    fieldErrors: envelope.errors ?? [],
  });
}

/**
 * Calls the API and returns the envelope's data, or the bare JSON body as it is.
 * Every failure becomes an ApiError; aborts by the caller are rethrown untouched.
 * No toasts or redirects here: callers decide what the user sees.
 */
export async function apiRequest(
  path: string,
  options: ApiRequestOptions = {},
): Promise<ApiResult> {
  const headers = new Headers({ Accept: 'application/json', ...options.headers });
  const body = encodeBody(options.body, headers);
  const timeoutSignal =
    options.timeoutMs === undefined ? undefined : AbortSignal.timeout(options.timeoutMs);
  const signals = [options.signal, timeoutSignal].filter((s): s is AbortSignal => s !== undefined);
  const signal = signals.length > 1 ? AbortSignal.any(signals) : signals[0];

  const url = buildUrl(path, options.params);
  const method = options.method ?? 'GET';
  // The answer index.html brought along, on a page's first load (first-load-answers.ts).
  const inline = method === 'GET' && body === undefined ? takeFirstLoadAnswer(url) : undefined;
  let status = 200;
  let json: unknown = inline;
  if (inline === undefined) {
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers,
        body,
        credentials: 'include',
        signal,
        ...(options.keepalive ? { keepalive: true } : {}),
      });
      json = await readJson(response);
    } catch (error) {
      // The signals say why fetch gave up; the error objects differ between browsers and realms.
      if (options.signal?.aborted) throw error;
      if (timeoutSignal?.aborted) throw new ApiError({ status: 0, message: timeoutErrorMessage });
      throw new ApiError({ status: 0, message: networkErrorMessage });
    }
    status = response.status;
    if (!response.ok) {
      throw toApiError(status, json, fallbackMessageForStatus(status));
    }
  }

  if (isRecord(json) && 'success' in json) {
    if (json.success === false) {
      // A 2xx carrying success:false is still a failure (api-contract.md §1.2).
      throw toApiError(
        typeof json.status === 'number' ? json.status : status,
        json,
        unknownErrorMessage,
      );
    }
    return {
      data: json.data,
      message: typeof json.message === 'string' ? json.message : undefined,
    };
  }
  return { data: json, message: undefined };
}

/**
 * The answer index.html brought for this GET (first-load-answers.ts), checked against its schema:
 * a query's `initialData`, so a page's first render already has its data (no loading state, no
 * second render when a fetch resolves). Undefined when there is none, and the query fetches.
 */
export function takeFirstLoadData<S extends z.ZodType>(
  path: string,
  schema: S,
  params?: QueryParams,
): z.infer<S> | undefined {
  const json = takeFirstLoadAnswer(buildUrl(path, params));
  if (!isRecord(json) || json.success !== true) return undefined;
  const parsed = schema.safeParse(json.data);
  return parsed.success ? parsed.data : undefined;
}

/** Like apiRequest, and checks the data against its contract schema. */
export async function apiFetch<S extends z.ZodType>(
  path: string,
  schema: S,
  options: ApiRequestOptions = {},
): Promise<z.infer<S>> {
  const { data } = await apiRequest(path, options);
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    console.error(`[api] ${path}: response does not match the contract`, parsed.error.issues);
    throw new ApiError({ status: 200, message: invalidResponseMessage });
  }
  return parsed.data;
}
