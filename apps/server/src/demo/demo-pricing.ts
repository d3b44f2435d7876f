import { ticketTypeKindLabels, type TicketTypeKind } from '@curtaincall/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Transaction } from '../db/client';
import { appMeta, concerts, promoCodes, ticketTypes } from '../db/schema/index';
import type { Clock } from '../lib/clock';

/**
 * 권종 and a promo code in the demo (issue 27), so a visitor can try discounts right away: the
 * usual Korean types on every demo concert on sale or scheduled, and the code WELCOME10 (10 %,
 * once per account) on each. Seeded once per database under its own marker, after the catalogue
 * and its shows, so an older demo database gets them too. No 조기예매: its end is an instant the
 * demo's calendar shift would have to move as well.
 */
const META_KEY = 'demo-pricing';

const demoTypes: ReadonlyArray<{
  kind: TicketTypeKind;
  percent: number;
  proofRequired: boolean;
  companionAllowed: boolean;
}> = [
  { kind: 'DISABLED_SEVERE', percent: 50, proofRequired: true, companionAllowed: true },
  { kind: 'DISABLED_MILD', percent: 30, proofRequired: true, companionAllowed: false },
  { kind: 'NATIONAL_MERIT', percent: 50, proofRequired: true, companionAllowed: true },
  { kind: 'SENIOR', percent: 30, proofRequired: true, companionAllowed: false },
  { kind: 'YOUTH', percent: 20, proofRequired: true, companionAllowed: false },
];

export const DEMO_PROMO_CODE = 'WELCOME10';

export async function seedDemoPricing(tx: Transaction, deps: { clock: Clock }): Promise<void> {
  const [done] = await tx.select().from(appMeta).where(eq(appMeta.key, META_KEY));
  if (done) return;
  const now = deps.clock.now();
  const open = await tx
    .select({ id: concerts.id })
    .from(concerts)
    .where(and(eq(concerts.isDemo, true), inArray(concerts.status, ['ON_SALE', 'SCHEDULED'])));
  if (open.length > 0) {
    await tx.insert(ticketTypes).values(
      open.flatMap(({ id }) =>
        demoTypes.map((type, index) => ({
          concertId: id,
          kind: type.kind,
          name: ticketTypeKindLabels[type.kind],
          discountKind: 'PERCENT',
          discountValue: type.percent,
          proofRequired: type.proofRequired,
          companionAllowed: type.companionAllowed,
          sortOrder: index,
          createdAt: now,
          updatedAt: now,
        })),
      ),
    );
    await tx.insert(promoCodes).values(
      open.map(({ id }) => ({
        concertId: id,
        code: DEMO_PROMO_CODE,
        discountKind: 'PERCENT',
        discountValue: 10,
        totalUses: 1_000,
        oncePerAccount: true,
        createdAt: now,
        updatedAt: now,
      })),
    );
  }
  await tx.insert(appMeta).values({ key: META_KEY, value: { seededAt: now.toISOString() } });
}
