import type { Redis } from 'ioredis';
import { hashSessionId, type SessionData, type SessionStorePort } from './session-store';

/** Sessions as Redis strings with a TTL (scale-out mode): every instance sees every session. */
export function createRedisSessionStore(options: {
  redis: Redis;
  keyPrefix: string;
  idleSeconds: number;
}): SessionStorePort {
  const { redis, keyPrefix, idleSeconds } = options;
  const sessionKey = (id: string) => `${keyPrefix}sess:${hashSessionId(id)}`;
  const userKey = (userId: number) => `${keyPrefix}user-sessions:${userId}`;
  return {
    async get(sessionId) {
      const raw = await redis.get(sessionKey(sessionId));
      return raw ? (JSON.parse(raw) as SessionData) : null;
    },
    async set(sessionId, data, userId) {
      const multi = redis
        .multi()
        .set(sessionKey(sessionId), JSON.stringify(data), 'EX', idleSeconds);
      if (userId !== null) {
        multi.sadd(userKey(userId), hashSessionId(sessionId)).expire(userKey(userId), idleSeconds);
      }
      await multi.exec();
    },
    async destroy(sessionId) {
      await redis.del(sessionKey(sessionId));
    },
    async destroyAllForUser(userId) {
      const hashes = await redis.smembers(userKey(userId));
      const keys = hashes.map((hash) => `${keyPrefix}sess:${hash}`);
      await redis.del(userKey(userId), ...keys);
    },
    // Redis expires keys by itself.
    sweepExpired: async () => 0,
    liveKey: sessionKey,
  };
}
