import { and, eq, gt, lte } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sessions } from '../../db/schema/index';
import type { Clock } from '../../lib/clock';
import { hashSessionId, type SessionData, type SessionStorePort } from './session-store';

/** Sessions in the `sessions` table (embedded mode, or PostgreSQL without Redis). */
export function createDatabaseSessionStore(options: {
  db: Database;
  idleSeconds: number;
  clock: Clock;
}): SessionStorePort {
  const { db, idleSeconds, clock } = options;
  return {
    async get(sessionId) {
      const [row] = await db
        .select({ data: sessions.data })
        .from(sessions)
        .where(
          and(eq(sessions.idHash, hashSessionId(sessionId)), gt(sessions.expiresAt, clock.now())),
        )
        .limit(1);
      return row ? (row.data as SessionData) : null;
    },
    async set(sessionId, data, userId) {
      const expiresAt = new Date(clock.now().getTime() + idleSeconds * 1000);
      await db
        .insert(sessions)
        .values({ idHash: hashSessionId(sessionId), data, userId, expiresAt })
        .onConflictDoUpdate({ target: sessions.idHash, set: { data, userId, expiresAt } });
    },
    async destroy(sessionId) {
      await db.delete(sessions).where(eq(sessions.idHash, hashSessionId(sessionId)));
    },
    async destroyAllForUser(userId) {
      await db.delete(sessions).where(eq(sessions.userId, userId));
    },
    async sweepExpired() {
      const deleted = await db
        .delete(sessions)
        .where(lte(sessions.expiresAt, clock.now()))
        .returning({ idHash: sessions.idHash });
      return deleted.length;
    },
  };
}
