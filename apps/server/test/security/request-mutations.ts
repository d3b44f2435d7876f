import type { RouteRequest } from './security-world';

/**
 * Ways to put one hostile value into one place of an otherwise valid request: a path segment, a
 * query parameter, a JSON or form field, a multipart field or file name. Each mutation names the
 * place it changed, so a failure says exactly which input got through.
 */
export interface Mutation {
  place: string;
  /** Where the value went: a path id (answered 404 when refused) or anything else (400). */
  kind: 'path' | 'input';
  request: RouteRequest;
}

function headerValue(request: RouteRequest, name: string): string {
  const headers = (request.headers ?? {}) as Record<string, unknown>;
  const value = headers[name];
  return typeof value === 'string' ? value : '';
}

/** Every place of `request` that carries user input, given the route's template (`{id}` parts). */
export function mutationsOf(
  template: string,
  request: RouteRequest,
  hostile: (original: string) => unknown,
): Mutation[] {
  const mutations: Mutation[] = [];
  const url = new URL(request.url, 'http://localhost');
  const templateParts = template.split('/');
  const pathParts = url.pathname.split('/');

  templateParts.forEach((part, index) => {
    if (!part.startsWith('{')) return;
    const parts = [...pathParts];
    parts[index] = percentEncode(String(hostile(decodeURIComponent(parts[index] ?? ''))));
    mutations.push({
      place: `path ${part}`,
      kind: 'path',
      request: { ...request, url: `${parts.join('/')}${url.search}` },
    });
  });

  const queryKeys = [...new Set([...url.searchParams.keys(), 'extra'])];
  for (const key of queryKeys) {
    const search = new URLSearchParams(url.search);
    search.set(key, String(hostile(search.get(key) ?? '')));
    mutations.push({
      place: `query ${key}`,
      kind: 'input',
      request: { ...request, url: `${url.pathname}?${search.toString()}` },
    });
  }

  const contentType = headerValue(request, 'content-type');
  const payload = request.payload;
  if (contentType.startsWith('application/json') && payload && typeof payload === 'object') {
    const body = payload as Record<string, unknown>;
    for (const key of [...Object.keys(body), 'extra']) {
      mutations.push({
        place: `json ${key}`,
        kind: 'input',
        request: { ...request, payload: { ...body, [key]: hostile(String(body[key] ?? '')) } },
      });
    }
  } else if (contentType.startsWith('application/x-www-form-urlencoded')) {
    const form = new URLSearchParams(String(payload ?? ''));
    for (const key of [...new Set([...form.keys(), 'extra'])]) {
      const changed = new URLSearchParams(form);
      changed.set(key, String(hostile(form.get(key) ?? '')));
      mutations.push({
        place: `form ${key}`,
        kind: 'input',
        request: { ...request, payload: changed.toString() },
      });
    }
  } else if (contentType.startsWith('multipart/form-data') && Buffer.isBuffer(payload)) {
    mutations.push(...multipartMutations(request, payload, contentType, hostile));
  }
  return mutations;
}

/** A multipart body's text fields and file names, each changed in turn. */
function multipartMutations(
  request: RouteRequest,
  payload: Buffer,
  contentType: string,
  hostile: (original: string) => unknown,
): Mutation[] {
  const boundary = /boundary=(.+)$/.exec(contentType)?.[1];
  if (!boundary) return [];
  // latin1 keeps every byte of a file part as one character, so the body can be rebuilt exactly.
  const text = payload.toString('latin1');
  const parts = text.split(`--${boundary}`);
  const mutations: Mutation[] = [];
  parts.forEach((part, index) => {
    const name = /name="([^"]*)"/.exec(part)?.[1];
    if (!name) return;
    const isFile = /filename="/.test(part);
    const changed = isFile
      ? part.replace(/filename="([^"]*)"/, (_m, original: string) => {
          return `filename="${utf8AsLatin1(String(hostile(original)))}"`;
        })
      : part.replace(/\r\n\r\n([\s\S]*)\r\n$/, (_m, original: string) => {
          return `\r\n\r\n${utf8AsLatin1(String(hostile(original)))}\r\n`;
        });
    const rebuilt = [...parts];
    rebuilt[index] = changed;
    mutations.push({
      place: isFile ? `multipart file name of ${name}` : `multipart ${name}`,
      kind: 'input',
      request: { ...request, payload: Buffer.from(rebuilt.join(`--${boundary}`), 'latin1') },
    });
  });
  return mutations;
}

/** Every byte percent-encoded (encodeURIComponent throws on a lone surrogate). */
function percentEncode(value: string): string {
  return [...Buffer.from(value, 'utf8')]
    .map((byte) => `%${byte.toString(16).padStart(2, '0')}`)
    .join('');
}

function utf8AsLatin1(value: string): string {
  return Buffer.from(value, 'utf8').toString('latin1');
}
