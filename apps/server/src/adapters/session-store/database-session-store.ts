import { and, eq, gt, lte } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sessions } from '../../db/schema/index';
import type { Clock } from '../../lib/clock';
import { hashSessionId, type SessionData, type SessionStorePort } from './session-store';

/** Sessions kept in memory at most; beyond it the oldest are dropped (and read again if used). */
const MAX_CACHED_SESSIONS = 50_000;

/**
 * Sessions in the `sessions` table (embedded mode, or PostgreSQL without Redis). With
 * `cacheInMemory` (embedded PGlite, where this process is the only writer) sessions are also kept
 * in a bounded in-memory map, written through, so a request does not pay a query to find its
 * session. Several instances on one PostgreSQL must not cache: a logout on one would go unseen.
 */
export function createDatabaseSessionStore(options: {
  db: Database;
  idleSeconds: number;
  clock: Clock;
  cacheInMemory?: boolean;
}): SessionStorePort {
  const { db, idleSeconds, clock } = options;
  const cache = options.cacheInMemory
    ? new Map<string, { data: SessionData; userId: number | null; expiresAt: number }>()
    : null;
  const remember = (
    sessionId: string,
    data: SessionData,
    userId: number | null,
    expiresAt: Date,
  ) => {
    if (!cache) return;
    cache.delete(sessionId);
    if (cache.size >= MAX_CACHED_SESSIONS) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
    cache.set(sessionId, { data, userId, expiresAt: expiresAt.getTime() });
  };
  return {
    async get(sessionId) {
      const cached = cache?.get(sessionId);
      if (cached) {
        if (cached.expiresAt > clock.now().getTime()) return cached.data;
        cache?.delete(sessionId);
        return null;
      }
      const [row] = await db
        .select({ data: sessions.data, expiresAt: sessions.expiresAt })
        .from(sessions)
        .where(
          and(eq(sessions.idHash, hashSessionId(sessionId)), gt(sessions.expiresAt, clock.now())),
        )
        .limit(1);
      if (!row) return null;
      remember(sessionId, row.data as SessionData, null, row.expiresAt);
      return row.data as SessionData;
    },
    async set(sessionId, data, userId) {
      const expiresAt = new Date(clock.now().getTime() + idleSeconds * 1000);
      await db
        .insert(sessions)
        .values({ idHash: hashSessionId(sessionId), data, userId, expiresAt })
        .onConflictDoUpdate({ target: sessions.idHash, set: { data, userId, expiresAt } });
      remember(sessionId, data, userId, expiresAt);
    },
    async destroy(sessionId) {
      cache?.delete(sessionId);
      await db.delete(sessions).where(eq(sessions.idHash, hashSessionId(sessionId)));
    },
    async destroyAllForUser(userId) {
      if (cache) {
        for (const [id, entry] of cache) {
          if (entry.userId === userId || entry.data.userId === userId) cache.delete(id);
        }
      }
      await db.delete(sessions).where(eq(sessions.userId, userId));
    },
    async sweepExpired() {
      const nowMs = clock.now().getTime();
      if (cache) for (const [id, entry] of cache) if (entry.expiresAt <= nowMs) cache.delete(id);
      const deleted = await db
        .delete(sessions)
        .where(lte(sessions.expiresAt, clock.now()))
        .returning({ idHash: sessions.idHash });
      return deleted.length;
    },
  };
}
