import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers/test-app';
import { createLoggedInUser } from '../../test/helpers/factories';

/**
 * No request can produce a 500 by its shape: every API route in the generated OpenAPI document
 * gets malformed paths, queries and bodies in every content type, anonymous and logged in, and
 * must answer a 2xx/3xx or a JSON error envelope below 500.
 */
let ctx: TestContext;
let cookie: string;
let routes: Array<{ method: string; path: string }>;

beforeAll(async () => {
  ctx = await createTestContext();
  cookie = (await createLoggedInUser(ctx.app, ctx.database.db)).cookie;
  const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })),
  );
});
afterAll(async () => ctx?.close());

const paramValues = ['abc', '-1', '0', '1.5', '99999999999999999999', '%00', 'x'.repeat(300), '1'];
const queries = [
  '',
  '?page=-1&size=1000',
  '?page=1&page=2',
  '?sortBy[]=x',
  '?size=%00',
  `?query=${'가'.repeat(500)}`,
];
const bodies: Array<{ contentType?: string; payload?: string | Buffer }> = [
  {},
  { contentType: 'application/json', payload: '' },
  { contentType: 'application/json', payload: '{' },
  { contentType: 'application/json', payload: 'null' },
  { contentType: 'application/json', payload: '[1,2,3]' },
  { contentType: 'application/json', payload: '"text"' },
  {
    contentType: 'application/json',
    payload: '{"username":{"$gt":""},"password":[1],"rating":"five","id":-1}',
  },
  {
    contentType: 'application/x-www-form-urlencoded',
    payload: 'username=&password=&username=a%00&x=' + 'y'.repeat(5000),
  },
  {
    contentType: 'multipart/form-data; boundary=zzz',
    payload: '--zzz\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n',
  },
  { contentType: 'multipart/form-data', payload: 'not multipart' },
  { contentType: 'text/plain', payload: 'hello' },
  { contentType: 'application/octet-stream', payload: Buffer.from([0, 1, 2, 255]) },
];

function concretePaths(path: string): string[] {
  if (!path.includes('{')) return [path];
  return paramValues.map((value) => path.replace(/\{[^}]+\}/g, encodeURIComponent(value)));
}

/**
 * Every malformed query with no body, and every malformed body both without a query and with a
 * repeated one. The query and the body are parsed and validated by separate stages; their full
 * cross product was 4× the requests (a minute of the CI budget) for combinations of two stages
 * that do not look at each other.
 */
function shapesFor(method: string): Array<[string, (typeof bodies)[number]]> {
  const withoutBody = queries.map((query): [string, (typeof bodies)[number]] => [query, {}]);
  if (method === 'GET') return withoutBody;
  const withBody = ['', '?page=1&page=2'].flatMap((query) =>
    bodies.map((body): [string, (typeof bodies)[number]] => [query, body]),
  );
  return [...withoutBody, ...withBody];
}

describe('request shapes', () => {
  it('finds the API routes to probe', () => {
    expect(routes.length).toBeGreaterThanOrEqual(7);
    expect(routes).toContainEqual({ method: 'POST', path: '/api/auth/register' });
  });

  it('never answers 500 to a malformed request, anonymous or logged in', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      for (const path of concretePaths(route.path)) {
        for (const [query, body] of shapesFor(route.method)) {
          for (const headers of [{}, { cookie }]) {
            const response = await ctx.app.inject({
              method: route.method as 'GET',
              url: `${path}${query}`,
              headers: {
                ...headers,
                ...(body.contentType ? { 'content-type': body.contentType } : {}),
              },
              ...(body.payload !== undefined ? { payload: body.payload } : {}),
            });
            const label = `${route.method} ${path}${query} [${body.contentType ?? 'no body'}] -> ${response.statusCode}`;
            if (response.statusCode >= 500) failures.push(label);
            if (response.statusCode >= 400 && response.json().success !== false)
              failures.push(`${label} without envelope`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
