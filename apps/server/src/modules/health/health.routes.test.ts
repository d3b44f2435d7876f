import { errorMessages } from '@curtaincall/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { createLoggedInUser } from '../../../test/helpers/factories';
import { createTestContext, isScaleOut, type TestContext } from '../../../test/helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

describe('GET /api/health (readiness)', () => {
  it('is 200 with every service this mode needs reported up', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      data: {
        status: 'up',
        mode: isScaleOut ? 'scale-out' : 'embedded',
        database: {
          status: 'up',
          kind: isScaleOut ? 'postgres' : 'pglite',
          latencyMs: expect.any(Number),
        },
        redis: isScaleOut
          ? { status: 'up', kind: 'redis', latencyMs: expect.any(Number) }
          : { status: 'disabled', kind: 'in-process' },
        uptimeSeconds: expect.any(Number),
      },
    });
  });

  describe('with the database not answering', () => {
    let broken: App;
    beforeAll(async () => {
      // The same app on the same database, whose ping fails as a stopped server's would.
      broken = await buildApp(ctx.config, {
        clock: ctx.clock,
        logger: false,
        startJobs: false,
        database: {
          ...ctx.database,
          ping: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432')),
        },
      });
    });
    afterAll(async () => broken?.close());

    it('is 503 as the error envelope, with the report as data', async () => {
      const response = await broken.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        success: false,
        status: 503,
        code: 'C012',
        message: errorMessages.C012,
        data: {
          status: 'down',
          mode: isScaleOut ? 'scale-out' : 'embedded',
          database: { status: 'down' },
        },
      });
    });

    it('leaves liveness at 200', async () => {
      const response = await broken.inject({ method: 'GET', url: '/api/health/live' });
      expect(response.statusCode).toBe(200);
    });
  });
});

describe('GET /api/health/live (liveness)', () => {
  it('answers 200 without reading the session a cookie names', async () => {
    const user = await createLoggedInUser(ctx.app, ctx.database.db);
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/health/live',
      headers: { cookie: user.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      data: { status: 'up', uptimeSeconds: expect.any(Number) },
    });
    // Not having read it, it neither refreshes nor clears the cookie.
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});
