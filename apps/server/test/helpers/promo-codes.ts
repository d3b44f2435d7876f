import { randomBytes } from 'node:crypto';
import type { Database } from '../../src/db/client';
import { bookings } from '../../src/db/schema/index';

/**
 * Unpaid bookings written straight into the database, one per user, for tests of a promo code's
 * uses: a redemption names a booking, and the booking journey itself is tested elsewhere. No
 * tickets, no seats; ids in the order of `userIds`.
 */
export async function insertPendingBookings(
  db: Database,
  concertId: number,
  userIds: readonly number[],
  now: Date,
): Promise<number[]> {
  if (userIds.length === 0) return [];
  const tag = randomBytes(4).toString('hex');
  const rows = await db
    .insert(bookings)
    .values(
      userIds.map((userId, index) => ({
        bookingNumber: `PROMO${tag}${index}`,
        userId,
        concertId,
        status: 'PENDING_PAYMENT',
        totalAmount: 50_000,
        bookedAt: now,
        updatedAt: now,
      })),
    )
    .returning({ id: bookings.id });
  return rows.map((row) => row.id);
}

/** A promo code body as the seller's form sends it; `overrides` replace its fields. */
export function promoCodeBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    code: `T-${randomBytes(4).toString('hex')}`,
    discountKind: 'PERCENT',
    discountValue: 10,
    gradeKeys: [],
    validFrom: null,
    validUntil: null,
    totalUses: 100,
    oncePerAccount: true,
    ...overrides,
  };
}
