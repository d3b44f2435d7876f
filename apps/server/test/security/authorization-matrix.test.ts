import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/test-app';
import { callerOf, isOutsideSuite, routeRules, type Access } from './route-rules';
import { actors, buildSecurityWorld, type Actor, type SecurityWorld } from './security-world';

/**
 * The authorization matrix: every route the app registers (the OpenAPI document's and the hidden
 * ones) x anonymous, the owning user, another user, the concert's seller, another seller and an
 * admin. A route without a rule in route-rules.ts fails the first test.
 */
let ctx: TestContext;
let world: SecurityWorld;

beforeAll(async () => {
  ctx = await createTestContext({
    env: {
      QUEUE_CAPACITY: '1000',
      QUEUE_RATE_PER_MINUTE: '100000',
      SEAT_RATE_PER_MINUTE: '100000',
    },
  });
  world = await buildSecurityWorld(ctx);
});
afterAll(async () => ctx?.close());

/** `/api/concerts/:concertId` -> `/api/concerts/{concertId}`, as the OpenAPI document writes it. */
function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z]+)/g, '{$1}');
}

function registeredRouteKeys(): string[] {
  const keys = ctx.app.registeredRoutes
    .filter((route) => route.method !== 'HEAD' && !isOutsideSuite(route.url))
    .map((route) => `${route.method} ${openApiPath(route.url)}`);
  return [...new Set(keys)].sort();
}

/** Which actors a rule lets through; the rest must be refused. */
const allowedActors: Record<Access, Actor[]> = {
  public: [...actors],
  user: ['user', 'anotherUser', 'seller', 'anotherSeller', 'admin'],
  owner: ['user'],
  ownerOrAdmin: ['user', 'admin'],
  verifier: ['seller', 'admin'],
  seller: ['seller', 'anotherSeller'],
  concertSeller: ['seller'],
  admin: ['admin'],
  nonAdmin: ['user', 'anotherUser', 'seller', 'anotherSeller'],
};

/** What refusing an actor looks like: 401 for nobody, 403 (or 404: "not yours") for others. */
function refusedStatuses(access: Access, actor: Actor): number[] {
  if (actor === 'anonymous') return [401];
  return access === 'owner' || access === 'ownerOrAdmin' ? [403, 404] : [403];
}

describe('authorization matrix', () => {
  it('has a rule for every registered route, and no rule for a route that is gone', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const registered = registeredRouteKeys();
    expect(registered).toEqual(expect.arrayContaining(documented));
    expect(registered.filter((key) => !routeRules[key])).toEqual([]);
    expect(Object.keys(routeRules).filter((key) => !registered.includes(key))).toEqual([]);
  });

  for (const [key, rule] of Object.entries(routeRules)) {
    it(`${key} (${rule.access})`, async () => {
      const [method] = key.split(' ');
      const allowed = allowedActors[rule.access];
      const outcomes: string[] = [];
      const expected: string[] = [];
      // Refused actors first: a resource they could reach would still be there to be changed.
      const ordered = [...actors].sort(
        (a, b) => Number(allowed.includes(a)) - Number(allowed.includes(b)),
      );
      for (const actor of ordered) {
        const request = await rule.request(world, actor);
        const response = await ctx.app.inject({ ...request, method: method as 'GET' });
        const isAllowed = allowed.includes(actor);
        const okStatuses = rule.allowedStatuses;
        const fits = isAllowed
          ? okStatuses
            ? okStatuses.includes(response.statusCode)
            : response.statusCode >= 200 && response.statusCode < 400
          : refusedStatuses(rule.access, actor).includes(response.statusCode);
        const outcome = `${actor}: ${isAllowed ? 'allowed' : 'refused'}`;
        expected.push(outcome);
        outcomes.push(
          fits
            ? outcome
            : `${outcome} but got ${response.statusCode} ${response.body.slice(0, 200)}`,
        );
        if (response.statusCode >= 400) {
          expect(response.json(), `${key} as ${actor}`).toMatchObject({
            success: false,
            status: response.statusCode,
          });
        }
      }
      expect(outcomes).toEqual(expected);
    });
  }
});

describe('cross-site requests', () => {
  it('every unsafe route refuses a page of another origin, even a sibling port (403 C009)', async () => {
    const failures: string[] = [];
    const unsafe = Object.entries(routeRules).filter(([key]) => !key.startsWith('GET '));
    expect(unsafe.length).toBeGreaterThan(10);
    for (const [key, rule] of unsafe) {
      const [method] = key.split(' ');
      const request = await rule.request(world, callerOf[rule.access]);
      for (const origin of ['https://evil.example', 'http://localhost:1']) {
        const response = await ctx.app.inject({
          ...request,
          method: method as 'POST',
          headers: { ...request.headers, origin },
        });
        const code = (response.json() as { code?: string }).code;
        if (response.statusCode !== 403 || code !== 'C009') {
          failures.push(`${key} from ${origin}: ${response.statusCode} ${code ?? ''}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('every route that takes JSON refuses the body of a plain HTML form (415 C006)', async () => {
    const failures: string[] = [];
    let probed = 0;
    for (const [key, rule] of Object.entries(routeRules)) {
      const [method] = key.split(' ');
      const request = await rule.request(world, callerOf[rule.access]);
      const contentType = String((request.headers as Record<string, unknown>)?.['content-type']);
      if (!contentType.startsWith('application/json') || request.payload === undefined) continue;
      probed += 1;
      const form = new URLSearchParams(
        Object.entries(request.payload as Record<string, unknown>).map(
          ([k, v]): [string, string] => [k, String(v)],
        ),
      ).toString();
      for (const type of ['application/x-www-form-urlencoded', 'text/plain']) {
        const response = await ctx.app.inject({
          ...request,
          method: method as 'POST',
          headers: { ...request.headers, 'content-type': type },
          payload: form,
        });
        if (response.statusCode !== 415) failures.push(`${key} as ${type}: ${response.statusCode}`);
      }
    }
    expect(probed).toBeGreaterThan(3);
    expect(failures).toEqual([]);
  });
});
