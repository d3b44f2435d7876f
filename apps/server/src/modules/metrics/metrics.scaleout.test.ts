import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConcert, createLoggedInUser } from '../../../test/helpers/factories';
import { admit, holdSeats } from '../../../test/helpers/paid-booking';
import {
  createSecondInstance,
  createTestContext,
  type TestContext,
} from '../../../test/helpers/test-app';
import type { App } from '../../app';

/**
 * Two instances on one PostgreSQL and one Redis: each exposes its own counters (sum them), and
 * the gauges of shared state (`source="shared"`) say the same on both (take the max).
 */
const TOKEN = 'metrics-scaleout-token-0123456789';
let ctx: TestContext;
let other: Awaited<ReturnType<typeof createSecondInstance>>;

beforeAll(async () => {
  ctx = await createTestContext({ env: { METRICS_TOKEN: TOKEN, QUEUE_CAPACITY: '1' } });
  other = await createSecondInstance(ctx);
}, 120_000);
afterAll(async () => {
  await other?.close();
  await ctx?.close();
});

async function sampleOf(app: App, name: string, labels: Record<string, string>) {
  const response = await app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.statusCode).toBe(200);
  const wanted = `${name}{${Object.entries(labels)
    .map(([key, value]) => `${key}="${value}"`)
    .join(',')}} `;
  const line = response.body.split('\n').find((l) => l.startsWith(wanted));
  return line === undefined ? 0 : Number(line.slice(wanted.length));
}

describe('metrics of two instances', () => {
  it('counts per instance, and reports shared queue and seat gauges the same on both', async () => {
    const seller = await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_SELLER');
    const { id } = await createConcert(ctx.database.db, { sellerId: seller.id, totalSeats: 20 });
    const concert = String(id);
    // A enters and holds through instance A; B waits through instance B (one slot).
    const first = await createLoggedInUser(ctx.app, ctx.database.db);
    await holdSeats(ctx.app, id, await admit(ctx.app, id, first), 2);
    const second = await createLoggedInUser(other.app, ctx.database.db);
    const waiting = await other.app.inject({
      method: 'POST',
      url: `/api/queue/enter?concertId=${id}`,
      headers: { cookie: second.cookie },
    });
    expect(waiting.json().data).toMatchObject({ status: 'WAITING', rank: 1 });
    ctx.clock.advance(2_001);

    const granted = { concert_id: concert, outcome: 'granted' };
    expect(await sampleOf(ctx.app, 'curtaincall_seat_holds_total', granted)).toBe(2);
    expect(await sampleOf(other.app, 'curtaincall_seat_holds_total', granted)).toBe(0);
    const shared = { concert_id: concert, source: 'shared' };
    for (const app of [ctx.app, other.app]) {
      expect(await sampleOf(app, 'curtaincall_queue_waiting_users', shared)).toBe(1);
      expect(await sampleOf(app, 'curtaincall_queue_live_access_keys', shared)).toBe(1);
      expect(await sampleOf(app, 'curtaincall_concert_seats_held', shared)).toBe(2);
    }
  });
});
