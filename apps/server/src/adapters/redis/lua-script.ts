import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * A Lua script called by its SHA1 (EVALSHA): 40 bytes on the wire instead of the whole source on
 * every call, which matters at thousands of calls a second. The first call on a server that has
 * not seen the script (or after a SCRIPT FLUSH / restart) falls back to EVAL, which caches it.
 */
export function luaScript(source: string) {
  const sha = createHash('sha1').update(source).digest('hex');
  // Not an async function: the queue entry calls this thousands of times a second, and each
  // async layer is one more promise and microtask per call.
  return (redis: Redis, keys: string[], args: Array<string | number>): Promise<unknown> =>
    redis.evalsha(sha, keys.length, ...keys, ...args).catch((error: unknown) => {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return redis.eval(source, keys.length, ...keys, ...args);
    });
}
