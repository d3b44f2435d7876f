import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { clearRedisPrefix } from '../../../test/helpers/test-app';
import { describeJobLockContract } from './job-lock.contract';
import { createRedisJobLock } from './redis-job-lock';

const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefixes: string[] = [];
const a = new Redis(url);
const b = new Redis(url);
afterAll(async () => {
  for (const prefix of prefixes) await clearRedisPrefix(url, prefix);
  a.disconnect();
  b.disconnect();
});

// Redis keeps its own time: "time passes" by shortening every lock key's TTL by that much
// (a key whose TTL runs out is deleted, as Redis would expire it), not by sleeping.
const PASS_TIME = `for _, key in ipairs(KEYS) do
  local left = redis.call('pttl', key)
  if left > 0 then
    if left <= tonumber(ARGV[1]) then redis.call('del', key) else redis.call('pexpire', key, left - tonumber(ARGV[1])) end
  end
end
return 0`;

function newPrefix(): string {
  const prefix = `cctest:${randomBytes(4).toString('hex')}:`;
  prefixes.push(prefix);
  return prefix;
}

describeJobLockContract('redis', async () => {
  const prefix = newPrefix();
  return {
    a: createRedisJobLock(a, prefix),
    b: createRedisJobLock(b, prefix),
    async passTime(ms) {
      const keys = await a.keys(`${prefix}lock:*`);
      if (keys.length > 0) await a.eval(PASS_TIME, keys.length, ...keys, ms);
    },
  };
});

describe('redis job lock', () => {
  it('names its holder (host and process) in the key, for operators and the crash test', async () => {
    const prefix = newPrefix();
    const lease = await createRedisJobLock(a, prefix).tryAcquire('refunds', 10_000);
    expect(await b.get(`${prefix}lock:refunds`)).toMatch(
      new RegExp(`^${hostname().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/${process.pid}/`),
    );
    await lease?.release();
    expect(await b.get(`${prefix}lock:refunds`)).toBeNull();
  });

  it('renews with a real TTL: the key lives on for ttl from the renewal', async () => {
    const prefix = newPrefix();
    const lease = await createRedisJobLock(a, prefix).tryAcquire('refunds', 1_000);
    await a.pexpire(`${prefix}lock:refunds`, 100);
    expect(await lease?.renew()).toBe(true);
    expect(await b.pttl(`${prefix}lock:refunds`)).toBeGreaterThan(900);
    await lease?.release();
  });
});
