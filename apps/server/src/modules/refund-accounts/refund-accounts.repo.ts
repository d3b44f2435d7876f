import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { refundAccounts } from '../../db/schema/index';

/** A stored refund account: the bank, the sealed number and holder, and their masked forms. */
export interface RefundAccountRow {
  userId: number;
  bankCode: string;
  accountNumberEncrypted: string;
  holderEncrypted: string;
  maskedNumber: string;
  maskedHolder: string;
  updatedAt: Date;
}

export async function findRefundAccount(
  db: DbOrTx,
  userId: number,
): Promise<RefundAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(refundAccounts)
    .where(eq(refundAccounts.userId, userId))
    .limit(1);
  return row;
}

/** One account per user: a second save replaces the first. */
export async function upsertRefundAccount(
  db: DbOrTx,
  row: RefundAccountRow,
): Promise<RefundAccountRow> {
  const [saved] = await db
    .insert(refundAccounts)
    .values(row)
    .onConflictDoUpdate({
      target: refundAccounts.userId,
      set: {
        bankCode: row.bankCode,
        accountNumberEncrypted: row.accountNumberEncrypted,
        holderEncrypted: row.holderEncrypted,
        maskedNumber: row.maskedNumber,
        maskedHolder: row.maskedHolder,
        updatedAt: row.updatedAt,
      },
    })
    .returning();
  if (!saved) throw new Error('refund account upsert returned no row');
  return saved;
}

/** Whether there was an account to delete. */
export async function deleteRefundAccount(db: DbOrTx, userId: number): Promise<boolean> {
  const deleted = await db
    .delete(refundAccounts)
    .where(eq(refundAccounts.userId, userId))
    .returning({ userId: refundAccounts.userId });
  return deleted.length > 0;
}
