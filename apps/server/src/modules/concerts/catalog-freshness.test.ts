import type { Concert } from '@curtaincall/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { concerts } from '../../db/schema/index';
import { createConcert, createLoggedInUser } from '../../../test/helpers/factories';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';

/**
 * The catalogue snapshot with the production freshness (CATALOG_MAX_AGE_SECONDS=2): a change
 * another instance made (here: written straight to the database) shows within 2 s, and past 1 s
 * a read starts the check without waiting for it.
 */
let ctx: TestContext;
let concertId: number;

beforeAll(async () => {
  ctx = await createTestContext({
    configure: (config) => ({ ...config, catalogMaxAgeMs: 2_000 }),
  });
  const sellerId = (await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_SELLER')).id;
  concertId = (await createConcert(ctx.database.db, { sellerId, title: '처음 제목' })).id;
}, 120_000);
afterAll(async () => ctx?.close());

const titles = async () =>
  (
    (await ctx.app.inject({ method: 'GET', url: '/api/concerts?size=100' })).json().data
      .content as Concert[]
  ).map((c) => c.title);

/** A write this instance does not hear of, as another instance's would be. */
async function renameElsewhere(title: string) {
  await ctx.database.db
    .update(concerts)
    .set({ title, updatedAt: new Date(ctx.clock.now().getTime() + 1_000) })
    .where(eq(concerts.id, concertId));
}

describe("another instance's change to the catalogue", () => {
  it('shows once the snapshot is past its age, the read waiting for the check', async () => {
    expect(await titles()).toEqual(['처음 제목']);
    await renameElsewhere('두 번째 제목');
    expect(await titles()).toEqual(['처음 제목']);
    ctx.clock.advance(2_000);
    expect(await titles()).toEqual(['두 번째 제목']);
  });

  it('past half the age, shows without any read waiting: the check runs behind the answer', async () => {
    await renameElsewhere('세 번째 제목');
    ctx.clock.advance(1_000);
    expect(await titles()).toEqual(['두 번째 제목']);
    await vi.waitFor(async () => expect(await titles()).toEqual(['세 번째 제목']));
  });
});
