import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { appMeta } from '../../db/schema/index';

/**
 * A user's device-cookie generation lives in app_meta (one row per user who ever revoked their
 * devices), so revoking needs no schema change and holds in both runtimes and across restarts.
 */
function generationKey(userId: number): string {
  return `device-cookie-generation:${userId}`;
}

/** The generation a device cookie of this user must carry to count; 0 until first revoked. */
export async function findDeviceCookieGeneration(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ value: appMeta.value })
    .from(appMeta)
    .where(eq(appMeta.key, generationKey(userId)))
    .limit(1);
  const generation = (row?.value as { generation?: unknown } | undefined)?.generation;
  return typeof generation === 'number' && Number.isInteger(generation) ? generation : 0;
}

/** Moves the user to the next generation in one statement: every earlier device cookie is void. */
export async function bumpDeviceCookieGeneration(db: DbOrTx, userId: number): Promise<void> {
  await db
    .insert(appMeta)
    .values({ key: generationKey(userId), value: { generation: 1 } })
    .onConflictDoUpdate({
      target: appMeta.key,
      set: {
        value: sql`jsonb_build_object('generation', coalesce((${appMeta.value} ->> 'generation')::int, 0) + 1)`,
        updatedAt: sql`now()`,
      },
    });
}
