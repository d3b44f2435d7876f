import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers/test-app';

/** The push service worker, as the web build ships it (apps/web/public/sw.js). */
const serviceWorkerSource = path.resolve(import.meta.dirname, '../../../web/public/sw.js');

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    configure: (config) => {
      const webDistDir = path.join(config.dataDir, 'web');
      mkdirSync(path.join(webDistDir, 'assets'), { recursive: true });
      writeFileSync(path.join(webDistDir, 'index.html'), '<!doctype html><div id="root"></div>');
      copyFileSync(serviceWorkerSource, path.join(webDistDir, 'sw.js'));
      return { ...config, webDistDir };
    },
  });
});
afterAll(async () => ctx?.close());

it('serves /sw.js as JavaScript for the whole site, revalidated on every check (never immutable)', async () => {
  const response = await ctx.app.inject({ method: 'GET', url: '/sw.js' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
  expect(response.headers['cache-control']).toBe('no-cache');
  expect(response.headers['service-worker-allowed']).toBe('/');
  expect(response.body).toContain("addEventListener('notificationclick'");
});
