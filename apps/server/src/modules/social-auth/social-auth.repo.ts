import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { socialAccounts, users } from '../../db/schema/index';

export type SocialAccountRow = typeof socialAccounts.$inferSelect;

/** The account a provider's user is linked to, if any. */
export async function findLinkedUserId(
  db: DbOrTx,
  provider: string,
  providerUserId: string,
): Promise<number | null> {
  const [row] = await db
    .select({ userId: socialAccounts.userId })
    .from(socialAccounts)
    .where(
      and(eq(socialAccounts.provider, provider), eq(socialAccounts.providerUserId, providerUserId)),
    )
    .limit(1);
  return row?.userId ?? null;
}

/** The user with this (lower-cased) e-mail, and whether its owner proved the address. */
export async function findUserByEmail(
  db: DbOrTx,
  email: string,
): Promise<{ id: number; emailVerified: boolean } | null> {
  const [row] = await db
    .select({ id: users.id, emailVerified: sql<boolean>`${users.emailVerifiedAt} is not null` })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return row ?? null;
}

export async function listSocialAccounts(
  db: DbOrTx,
  userId: number,
): Promise<Array<Pick<SocialAccountRow, 'provider' | 'providerUserId' | 'email' | 'createdAt'>>> {
  return db
    .select({
      provider: socialAccounts.provider,
      providerUserId: socialAccounts.providerUserId,
      email: socialAccounts.email,
      createdAt: socialAccounts.createdAt,
    })
    .from(socialAccounts)
    .where(eq(socialAccounts.userId, userId))
    .orderBy(asc(socialAccounts.id));
}

/**
 * Locks the user's row for the rest of the transaction and tells whether it has a password:
 * two unlinks of one account then run one after the other, so together they cannot remove its
 * last way to log in.
 */
export async function lockUserForLoginMethods(
  tx: DbOrTx,
  userId: number,
): Promise<{ hasPassword: boolean } | null> {
  const [row] = await tx
    .select({ hasPassword: sql<boolean>`${users.passwordHash} is not null` })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row ?? null;
}

export async function userHasPassword(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ hasPassword: sql<boolean>`${users.passwordHash} is not null` })
    .from(users)
    .where(eq(users.id, userId));
  return row?.hasPassword ?? false;
}

export async function deleteSocialAccount(
  tx: DbOrTx,
  userId: number,
  provider: string,
): Promise<number> {
  const deleted = await tx
    .delete(socialAccounts)
    .where(and(eq(socialAccounts.userId, userId), eq(socialAccounts.provider, provider)))
    .returning({ id: socialAccounts.id });
  return deleted.length;
}

/** Links a provider account to a user (unique per provider account). */
export async function insertLinkedAccount(
  db: DbOrTx,
  account: typeof socialAccounts.$inferInsert,
): Promise<void> {
  await db.insert(socialAccounts).values(account);
}
