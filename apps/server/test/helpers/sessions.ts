import { randomBytes } from 'node:crypto';
import { sign } from '@fastify/cookie';
import { Redis } from 'ioredis';
import { createDatabaseSessionStore } from '../../src/adapters/session-store/database-session-store';
import { createRedisSessionStore } from '../../src/adapters/session-store/redis-session-store';
import type { TestContext } from './test-app';

/**
 * Logged-in sessions for many users at once, written straight into the app's session store
 * (Redis in scale-out, the database embedded) and signed with the app's secret: a race of
 * hundreds of buyers needs their cookies, not hundreds of password hashes.
 */
export async function sessionsFor(
  ctx: TestContext,
  users: ReadonlyArray<{ id: number }>,
): Promise<Array<{ id: number; cookie: string }>> {
  const secret = ctx.config.sessionSecret;
  if (!secret) throw new Error('the test app has no session secret');
  const redis = ctx.config.redisUrl ? new Redis(ctx.config.redisUrl) : null;
  try {
    const store = redis
      ? createRedisSessionStore({ redis, keyPrefix: ctx.config.redisKeyPrefix, idleSeconds: 3_600 })
      : createDatabaseSessionStore({ db: ctx.database.db, idleSeconds: 3_600, clock: ctx.clock });
    return await Promise.all(
      users.map(async (user) => {
        const sessionId = randomBytes(24).toString('base64url');
        await store.set(sessionId, { userId: user.id, touchedAt: Date.now() }, user.id);
        return { id: user.id, cookie: `cc_session=${encodeURIComponent(sign(sessionId, secret))}` };
      }),
    );
  } finally {
    redis?.disconnect();
  }
}
