import { eq, or, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
import { socialAccounts, users } from '../../db/schema/index';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/**
 * Who is calling: read on every authenticated request (roles are never cached), so only the
 * columns a request needs, in plain SQL (the query builder costs more than the query here).
 */
export async function findSessionUserRow(
  db: DbOrTx,
  id: number,
): Promise<Pick<UserRow, 'id' | 'username' | 'nickname' | 'name' | 'email' | 'role'> | undefined> {
  const [row] = await queryRows<
    Pick<UserRow, 'id' | 'username' | 'nickname' | 'name' | 'email' | 'role'>
  >(db, sql`select id, username, nickname, name, email, role from users where id = ${id}`);
  return row;
}

export async function findUserByUsername(
  db: DbOrTx,
  username: string,
): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.username, username)).limit(1);
  return row;
}

/** Which of username, e-mail and nickname are taken (by anyone, or by anyone but `exceptUserId`). */
export async function findTakenIdentifiers(
  db: DbOrTx,
  values: { username?: string; email?: string; nickname?: string },
): Promise<Array<Pick<UserRow, 'id' | 'username' | 'email' | 'nickname'>>> {
  const conditions = [
    values.username === undefined ? undefined : eq(users.username, values.username),
    values.email === undefined ? undefined : eq(users.email, values.email),
    values.nickname === undefined ? undefined : eq(users.nickname, values.nickname),
  ].filter((c) => c !== undefined);
  if (conditions.length === 0) return [];
  return db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      nickname: users.nickname,
    })
    .from(users)
    .where(or(...conditions));
}

export async function insertUser(db: DbOrTx, user: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(user).returning();
  if (!row) throw new Error('insert into users returned no row');
  return row;
}

export async function insertSocialAccount(
  db: DbOrTx,
  account: typeof socialAccounts.$inferInsert,
): Promise<void> {
  await db.insert(socialAccounts).values(account);
}
