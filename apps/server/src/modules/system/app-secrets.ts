import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { appMeta } from '../../db/schema/index';

const SESSION_SECRET_KEY = 'session-secret';

/**
 * The session-signing secret shared by every instance on one database: the first instance to
 * start generates it, the insert race is settled by the primary key, and everyone reads the winner.
 */
export async function readOrCreateSharedSessionSecret(db: Database): Promise<string> {
  await db
    .insert(appMeta)
    .values({ key: SESSION_SECRET_KEY, value: { secret: randomBytes(32).toString('hex') } })
    .onConflictDoNothing({ target: appMeta.key });
  const [row] = await db.select().from(appMeta).where(eq(appMeta.key, SESSION_SECRET_KEY));
  const secret = (row?.value as { secret?: unknown } | undefined)?.secret;
  if (typeof secret !== 'string' || secret.length < 32) {
    throw new Error('app_meta session-secret is missing or too short');
  }
  return secret;
}
