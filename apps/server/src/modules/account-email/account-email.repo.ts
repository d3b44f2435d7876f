import { and, desc, eq, gt, ilike, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accountTokens, mailOutbox, socialAccounts, users } from '../../db/schema/index';

export type AccountTokenPurpose = 'verify_email' | 'change_email' | 'reset_password';
export type AccountTokenRow = typeof accountTokens.$inferSelect;

export interface MailUserRow {
  id: number;
  username: string;
  email: string;
  emailVerifiedAt: Date | null;
}

const mailUserColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  emailVerifiedAt: users.emailVerifiedAt,
};

export async function findMailUser(db: DbOrTx, userId: number): Promise<MailUserRow | undefined> {
  const [row] = await db.select(mailUserColumns).from(users).where(eq(users.id, userId));
  return row;
}

/** The user's row, locked until the transaction ends (two links of one user apply in turn). */
export async function lockMailUser(tx: DbOrTx, userId: number): Promise<MailUserRow | undefined> {
  const [row] = await tx
    .select(mailUserColumns)
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row;
}

/** The accounts of a (lower-cased) address: at most one, e-mails are unique. */
export async function findUsersByEmail(db: DbOrTx, email: string): Promise<MailUserRow[]> {
  return db.select(mailUserColumns).from(users).where(eq(users.email, email));
}

export async function findUserByUsernameAndEmail(
  db: DbOrTx,
  username: string,
  email: string,
): Promise<MailUserRow | undefined> {
  const [row] = await db
    .select(mailUserColumns)
    .from(users)
    .where(and(eq(users.username, username), eq(users.email, email)));
  return row;
}

/** Whether another account uses this address. */
export async function emailTakenByOther(
  db: DbOrTx,
  email: string,
  userId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), sql`${users.id} <> ${userId}`))
    .limit(1);
  return row !== undefined;
}

/**
 * Stores a new link of `purpose` for the user and drops the user's unused older ones of that
 * purpose: only the latest mail's link works.
 */
export async function replaceToken(
  tx: DbOrTx,
  token: Omit<typeof accountTokens.$inferInsert, 'id' | 'usedAt'>,
): Promise<void> {
  await tx
    .delete(accountTokens)
    .where(
      and(
        eq(accountTokens.userId, token.userId),
        eq(accountTokens.purpose, token.purpose),
        isNull(accountTokens.usedAt),
      ),
    );
  await tx.insert(accountTokens).values(token);
}

/**
 * Spends a link: one statement marks it used only while it is unused and unexpired, so of two
 * requests with the same link exactly one gets the row.
 */
export async function consumeToken(
  tx: DbOrTx,
  tokenHash: string,
  purposes: AccountTokenPurpose[],
  now: Date,
): Promise<AccountTokenRow | undefined> {
  const [row] = await tx
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTokens.tokenHash, tokenHash),
        inArray(accountTokens.purpose, purposes),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

export async function findToken(
  db: DbOrTx,
  tokenHash: string,
  purposes: AccountTokenPurpose[],
): Promise<AccountTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, tokenHash), inArray(accountTokens.purpose, purposes)));
  return row;
}

/** Drops the user's unused links of these purposes (a reset link after the address changed). */
export async function dropUnusedTokens(
  tx: DbOrTx,
  userId: number,
  purposes: AccountTokenPurpose[],
): Promise<void> {
  await tx
    .delete(accountTokens)
    .where(
      and(
        eq(accountTokens.userId, userId),
        inArray(accountTokens.purpose, purposes),
        isNull(accountTokens.usedAt),
      ),
    );
}

export async function markEmailVerified(tx: DbOrTx, userId: number, now: Date): Promise<void> {
  await tx
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now})`, updatedAt: now })
    .where(eq(users.id, userId));
}

export async function changeVerifiedEmail(
  tx: DbOrTx,
  userId: number,
  email: string,
  now: Date,
): Promise<void> {
  await tx
    .update(users)
    .set({ email, emailVerifiedAt: now, updatedAt: now })
    .where(eq(users.id, userId));
}

export async function setPasswordHash(
  tx: DbOrTx,
  userId: number,
  passwordHash: string,
  now: Date,
): Promise<void> {
  await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
}

export async function deleteSocialLinks(tx: DbOrTx, userId: number): Promise<number> {
  const deleted = await tx
    .delete(socialAccounts)
    .where(eq(socialAccounts.userId, userId))
    .returning({ id: socialAccounts.id });
  return deleted.length;
}

export async function listOutbox(
  db: DbOrTx,
  options: { to: string | undefined; limit: number },
): Promise<Array<typeof mailOutbox.$inferSelect>> {
  const escaped = options.to?.replace(/[\\%_]/g, (c) => `\\${c}`);
  return db
    .select()
    .from(mailOutbox)
    .where(escaped ? ilike(mailOutbox.toAddress, `%${escaped}%`) : undefined)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(options.limit);
}
