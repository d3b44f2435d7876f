import { eq } from 'drizzle-orm';
import { limits } from '@curtaincall/contracts';
import type { DbOrTx } from '../../db/client';
import { platformSettings } from '../../db/schema';

/**
 * 예매수수료 per seat for a booking made now (issue 27: a platform setting, 2,000원 unless an admin
 * changed it). Read inside the booking transaction, so a booking is priced with one value; each
 * ticket keeps the fee it was sold with.
 */
export async function readBookingFeePerSeat(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ fee: platformSettings.bookingFeePerSeat })
    .from(platformSettings)
    .where(eq(platformSettings.id, 1));
  return row?.fee ?? limits.bookingFeeWon;
}

/** The admin's new fee, for bookings made from now on (the row exists from migration 0006). */
export async function writeBookingFeePerSeat(db: DbOrTx, fee: number, now: Date): Promise<void> {
  await db
    .insert(platformSettings)
    .values({ id: 1, bookingFeePerSeat: fee, updatedAt: now })
    .onConflictDoUpdate({
      target: platformSettings.id,
      set: { bookingFeePerSeat: fee, updatedAt: now },
    });
}
