import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { concerts } from '../../db/schema/index';

/** A performance's owner, state and deposit rules (issue 28). */
export interface DepositSettingsRow {
  sellerId: number;
  status: string;
  virtualAccountEnabled: boolean;
  depositDueDays: number;
  cultureExpense: boolean;
}

export async function findDepositSettings(
  db: DbOrTx,
  concertId: number,
  options: { lock?: boolean } = {},
): Promise<DepositSettingsRow | null> {
  const query = db
    .select({
      sellerId: concerts.sellerId,
      status: concerts.status,
      virtualAccountEnabled: concerts.virtualAccountEnabled,
      depositDueDays: concerts.depositDueDays,
      cultureExpense: concerts.cultureExpense,
    })
    .from(concerts)
    .where(eq(concerts.id, concertId))
    .limit(1);
  // NO KEY UPDATE: the change takes turns with the concert's own edit and cancel (FOR UPDATE)
  // but never waits for bookings, whose foreign keys only share the row.
  const [row] = options.lock ? await query.for('no key update') : await query;
  return row ?? null;
}

export async function updateDepositSettings(
  db: DbOrTx,
  concertId: number,
  values: {
    virtualAccountEnabled: boolean;
    depositDueDays: number;
    cultureExpense: boolean;
    updatedAt: Date;
  },
): Promise<void> {
  await db.update(concerts).set(values).where(eq(concerts.id, concertId));
}
