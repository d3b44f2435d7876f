import { demoArenaLayout, demoHallLayout, type VenueLayout } from '@curtaincall/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Transaction } from '../db/client';
import { appMeta, concerts, users, venues } from '../db/schema/index';
import type { Clock } from '../lib/clock';
import { venueCounts } from '../modules/venues/venues.service';

/** Its own marker: a database seeded before venues existed gets the demo venues once too. */
const META_KEY = 'demo-venues';

/**
 * The demo's two halls (issue 25), drawn in the documented format: a 1,500-seat hall with
 * VIP/R/S, wheelchair and companion seats, and an arena with floor standing P/R around which
 * two tiers are seated. The demo concerts that use them name their `layout`.
 */
export const demoVenues: Record<
  'hall' | 'arena',
  { name: string; address: string; layout: () => VenueLayout }
> = {
  hall: {
    name: '한빛 아트홀',
    address: '서울특별시 중구 별빛로 21',
    layout: () => ({ ...demoHallLayout(), name: '한빛 아트홀' }),
  },
  arena: {
    name: '인천 하모니 파크 야외무대',
    address: '인천광역시 연수구 하모니로 77',
    layout: () => ({ ...demoArenaLayout(), name: '하모니 파크 아레나' }),
  },
};

/**
 * Saves the demo venues as the demo seller's, and points the demo concerts drawn from them at
 * them. Once per database; a database without the demo seller gets none.
 */
export async function seedDemoVenues(tx: Transaction, options: { clock: Clock }): Promise<void> {
  const [done] = await tx.select().from(appMeta).where(eq(appMeta.key, META_KEY));
  if (done) return;
  const [seller] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.username, 'seller'), eq(users.role, 'ROLE_SELLER')));
  if (seller) {
    const now = options.clock.now();
    for (const venue of Object.values(demoVenues)) {
      const layout = venue.layout();
      const [row] = await tx
        .insert(venues)
        .values({
          sellerId: seller.id,
          name: venue.name,
          address: venue.address,
          layout,
          summary: venueCounts(layout),
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: venues.id });
      if (!row) continue;
      await tx
        .update(concerts)
        .set({ venueId: row.id })
        .where(
          and(
            eq(concerts.isDemo, true),
            eq(concerts.sellerId, seller.id),
            sql`${concerts.seatLayout} ->> 'name' = ${layout.name}`,
          ),
        );
    }
  }
  await tx.insert(appMeta).values({ key: META_KEY, value: { version: 1 } });
}
