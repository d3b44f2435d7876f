import type { Redis } from 'ioredis';
import { luaScript } from '../redis/lua-script';
import type { CounterStorePort } from './counter-store';

// KEYS: counter  ARGV: window seconds. The TTL is set only when the key has none (the first hit).
const increment = luaScript(`
local count = redis.call('INCR', KEYS[1])
if redis.call('TTL', KEYS[1]) < 0 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return count
`);

/**
 * Lua: `increment_each(keys, window)` raises each counter key and returns the counts. Shared
 * with scripts of other stores that count a rate limit in the same call (queue entry).
 */
export const INCREMENT_EACH_LUA = `
local function increment_each(keys, window)
  local counts = {}
  for i, key in ipairs(keys) do
    counts[i] = redis.call('INCR', key)
    if redis.call('TTL', key) < 0 then redis.call('EXPIRE', key, window) end
  end
  return counts
end
`;

// KEYS: counters  ARGV: window seconds. `increment` for each key, one round trip for all.
const incrementEach = luaScript(`${INCREMENT_EACH_LUA}
return increment_each(KEYS, ARGV[1])
`);

/** The Redis key of counter `key`: what CounterStorePort.increment(key) counts. */
export const counterKey = (keyPrefix: string, key: string) => `${keyPrefix}count:${key}`;

/** Counters shared by every instance: INCR, and the window's TTL set by the first hit only (one Lua script, atomic). */
export function createRedisCounterStore(redis: Redis, keyPrefix: string): CounterStorePort {
  const fullKey = (key: string) => counterKey(keyPrefix, key);
  return {
    async increment(key, windowSeconds) {
      // One script rather than MULTI/EXEC, so concurrent increments share a pipeline.
      return Number(await increment(redis, [fullKey(key)], [windowSeconds]));
    },
    async incrementEach(keys, windowSeconds) {
      const counts = (await incrementEach(redis, keys.map(fullKey), [windowSeconds])) as unknown[];
      return counts.map(Number);
    },
    async get(key) {
      return Number((await redis.get(fullKey(key))) ?? 0);
    },
    async reset(key) {
      await redis.del(fullKey(key));
    },
  };
}
