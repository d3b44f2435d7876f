import type { Redis } from 'ioredis';
import { counterKey, INCREMENT_EACH_LUA } from '../counter-store/redis-counter-store';
import { luaScript } from '../redis/lua-script';
import { newAccessKey } from './memory-queue-store';
import type {
  EnterResult,
  QueueSettings,
  QueueStatusResult,
  QueueStorePort,
  TickResult,
} from './queue-store';

/*
 * Keys of one concert's waiting room (prefix p, concert c):
 *   p q:c:wait    ZSET  waiting users, score = arrival sequence (FIFO)
 *   p q:c:seq     STR   arrival counter
 *   p q:c:seen    HASH  waiting user -> last seen (ms)
 *   p q:c:keys    HASH  user -> "accessKey|admittedAt|expiresAt" (live or released keys)
 *   p q:c:active  ZSET  users holding a slot, score = key expiry: ZCOUNT(now, +inf) = slots taken
 *   p q:concerts  SET   concerts with a waiting room, for the admission job
 * Every step that reads and then writes is one Lua script, so instances never race.
 */

const PARSE_KEY = `
local function parse(raw)
  if not raw then return nil end
  local key, admitted, expires = string.match(raw, '([^|]+)|([^|]+)|([^|]+)')
  return key, tonumber(admitted), tonumber(expires)
end
`;

// KEYS: wait seq seen keys active concerts [guard] counter...
// ARGV: user now capacity ttl hardCap newKey concert window guarded max...
// With ARGV[9] = 1, KEYS[7] must exist or nothing happens (KEY_GONE). Then the rate-limit
// counters (the keys after, one max each from ARGV[10..]) rise; over any max, the entry stops.
const ENTER = `${PARSE_KEY}${INCREMENT_EACH_LUA}
local guarded = tonumber(ARGV[9])
if guarded == 1 and redis.call('EXISTS', KEYS[7]) == 0 then return {'KEY_GONE'} end
local counterKeys = {}
for i = 7 + guarded, #KEYS do counterKeys[#counterKeys + 1] = KEYS[i] end
if #counterKeys > 0 then
  local counts = increment_each(counterKeys, ARGV[8])
  for i, count in ipairs(counts) do
    if count > tonumber(ARGV[9 + i]) then return {'RATE_LIMITED'} end
  end
end
local uid, now, cap = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3])
local ttl, hard, newKey = tonumber(ARGV[4]), tonumber(ARGV[5]), ARGV[6]
redis.call('SADD', KEYS[6], ARGV[7])
local key, admitted, expires = parse(redis.call('HGET', KEYS[4], uid))
local live = key and expires > now
if live and redis.call('ZSCORE', KEYS[5], uid) then return {'IMMEDIATE_ENTRY', key} end
if redis.call('ZSCORE', KEYS[1], uid) then
  redis.call('HSET', KEYS[3], uid, now)
  return {'WAITING', redis.call('ZRANK', KEYS[1], uid) + 1}
end
local taken = redis.call('ZCOUNT', KEYS[5], '(' .. now, '+inf')
if redis.call('ZCARD', KEYS[1]) == 0 and taken < cap then
  if live then
    redis.call('ZADD', KEYS[5], expires, uid)
    return {'IMMEDIATE_ENTRY', key}
  end
  local exp = now + math.min(ttl, hard)
  redis.call('HSET', KEYS[4], uid, newKey .. '|' .. now .. '|' .. exp)
  redis.call('ZADD', KEYS[5], exp, uid)
  return {'IMMEDIATE_ENTRY', newKey}
end
redis.call('ZADD', KEYS[1], redis.call('INCR', KEYS[2]), uid)
redis.call('HSET', KEYS[3], uid, now)
return {'WAITING', redis.call('ZCARD', KEYS[1])}
`;

// KEYS: wait seen keys  ARGV: user now
const STATUS = `${PARSE_KEY}
local uid, now = ARGV[1], tonumber(ARGV[2])
local key, admitted, expires = parse(redis.call('HGET', KEYS[3], uid))
if key and expires > now then return {'ADMITTED', key} end
local rank = redis.call('ZRANK', KEYS[1], uid)
if rank then
  redis.call('HSET', KEYS[2], uid, now)
  return {'WAITING', rank + 1}
end
return {'EXPIRED_OR_NOT_IN_QUEUE'}
`;

// KEYS: wait seen keys active concerts  ARGV: now capacity ttl hardCap grace concert newKey...
const TICK = `${PARSE_KEY}
local now, cap, ttl, hard, grace = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
redis.call('ZREMRANGEBYSCORE', KEYS[4], '-inf', now)
local all = redis.call('HGETALL', KEYS[3])
for i = 1, #all, 2 do
  local _, _, expires = parse(all[i + 1])
  if expires <= now then redis.call('HDEL', KEYS[3], all[i]) end
end
local before = redis.call('ZRANGE', KEYS[1], 0, -1)
local rankBefore = {}
local dropped = {}
for i, uid in ipairs(before) do
  rankBefore[uid] = i
  local seen = tonumber(redis.call('HGET', KEYS[2], uid) or '0')
  if seen + grace <= now then
    redis.call('ZREM', KEYS[1], uid)
    redis.call('HDEL', KEYS[2], uid)
    table.insert(dropped, uid)
  end
end
local free = cap - redis.call('ZCOUNT', KEYS[4], '(' .. now, '+inf')
local admitted = {}
local next = 7
while free > 0 and ARGV[next] do
  local head = redis.call('ZRANGE', KEYS[1], 0, 0)
  if #head == 0 then break end
  local uid = head[1]
  local exp = now + math.min(ttl, hard)
  redis.call('ZREM', KEYS[1], uid)
  redis.call('HDEL', KEYS[2], uid)
  redis.call('HSET', KEYS[3], uid, ARGV[next] .. '|' .. now .. '|' .. exp)
  redis.call('ZADD', KEYS[4], exp, uid)
  table.insert(admitted, uid)
  table.insert(admitted, ARGV[next])
  free = free - 1
  next = next + 1
end
local changes = {}
for i, uid in ipairs(redis.call('ZRANGE', KEYS[1], 0, -1)) do
  if rankBefore[uid] ~= i then
    table.insert(changes, uid)
    table.insert(changes, i)
  end
end
if redis.call('ZCARD', KEYS[1]) == 0 and redis.call('HLEN', KEYS[3]) == 0 then
  redis.call('SREM', KEYS[5], ARGV[6])
end
return {admitted, changes, dropped}
`;

// KEYS: keys active  ARGV: user now ttl hardCap
const EXTEND = `${PARSE_KEY}
local uid, now, ttl, hard = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local key, admitted, expires = parse(redis.call('HGET', KEYS[1], uid))
if not key or expires <= now then return -1 end
local exp = math.min(now + ttl, admitted + hard)
redis.call('HSET', KEYS[1], uid, key .. '|' .. admitted .. '|' .. exp)
redis.call('ZADD', KEYS[2], exp, uid)
return exp - now
`;

/** The waiting room in Redis (scale-out): every instance sees and changes the same queue. */
const runEnter = luaScript(ENTER);
const runStatus = luaScript(STATUS);
const runTick = luaScript(TICK);
const runExtend = luaScript(EXTEND);

export function createRedisQueueStore(
  redis: Redis,
  keyPrefix: string,
  settings: QueueSettings,
): QueueStorePort {
  const k = (concertId: number) => ({
    wait: `${keyPrefix}q:${concertId}:wait`,
    seq: `${keyPrefix}q:${concertId}:seq`,
    seen: `${keyPrefix}q:${concertId}:seen`,
    keys: `${keyPrefix}q:${concertId}:keys`,
    active: `${keyPrefix}q:${concertId}:active`,
  });
  const concertsKey = `${keyPrefix}q:concerts`;
  const parseKey = (raw: string | null) => {
    const [accessKey, , expires] = (raw ?? '').split('|');
    return accessKey && expires ? { accessKey, expiresAt: Number(expires) } : null;
  };

  return {
    async enter(concertId, userId, now, limit, whileKeyExists): Promise<EnterResult> {
      const q = k(concertId);
      const counters = limit?.counters ?? [];
      const [status, value] = (await runEnter(
        redis,
        [
          q.wait,
          q.seq,
          q.seen,
          q.keys,
          q.active,
          concertsKey,
          ...(whileKeyExists === undefined ? [] : [whileKeyExists]),
          ...counters.map((c) => counterKey(keyPrefix, c.key)),
        ],
        [
          userId,
          now,
          settings.capacity,
          settings.keyTtlMs,
          settings.keyHardCapMs,
          newAccessKey(),
          concertId,
          limit?.windowSeconds ?? 0,
          whileKeyExists === undefined ? 0 : 1,
          ...counters.map((c) => c.max),
        ],
      )) as [string, (string | number)?];
      if (status === 'RATE_LIMITED') return { status: 'RATE_LIMITED' };
      if (status === 'KEY_GONE') return { status: 'KEY_GONE' };
      return status === 'WAITING'
        ? { status: 'WAITING', rank: Number(value) }
        : { status: 'IMMEDIATE_ENTRY', accessKey: String(value) };
    },

    async status(concertId, userId, now): Promise<QueueStatusResult> {
      const q = k(concertId);
      const [status, value] = (await runStatus(redis, [q.wait, q.seen, q.keys], [userId, now])) as [
        string,
        (string | number)?,
      ];
      if (status === 'ADMITTED') return { status: 'ADMITTED', accessKey: String(value) };
      if (status === 'WAITING') return { status: 'WAITING', rank: Number(value) };
      return { status: 'EXPIRED_OR_NOT_IN_QUEUE' };
    },

    async touch(concertId, userId, now) {
      const q = k(concertId);
      // Only a user still in the queue is touched; HSET alone would resurrect a dropped one.
      if ((await redis.zscore(q.wait, String(userId))) !== null) {
        await redis.hset(q.seen, String(userId), now);
      }
    },

    async tick(concertId, now): Promise<TickResult> {
      const q = k(concertId);
      // Keys for at most as many admissions as there are waiting users and slots.
      const waiting = await redis.zcard(q.wait);
      const keys = Array.from({ length: Math.min(waiting, settings.capacity) }, newAccessKey);
      const [admittedFlat, changesFlat, droppedRaw] = (await runTick(
        redis,
        [q.wait, q.seen, q.keys, q.active, concertsKey],
        [
          now,
          settings.capacity,
          settings.keyTtlMs,
          settings.keyHardCapMs,
          settings.waitingGraceMs,
          concertId,
          ...keys,
        ],
      )) as [string[], Array<string | number>, string[]];
      const admitted: TickResult['admitted'] = [];
      for (let i = 0; i < admittedFlat.length; i += 2) {
        admitted.push({ userId: Number(admittedFlat[i]), accessKey: String(admittedFlat[i + 1]) });
      }
      const rankChanges: TickResult['rankChanges'] = [];
      for (let i = 0; i < changesFlat.length; i += 2) {
        rankChanges.push({ userId: Number(changesFlat[i]), rank: Number(changesFlat[i + 1]) });
      }
      return { admitted, rankChanges, dropped: droppedRaw.map(Number) };
    },

    async extend(concertId, userId, now) {
      const q = k(concertId);
      const ttl = Number(
        await runExtend(
          redis,
          [q.keys, q.active],
          [userId, now, settings.keyTtlMs, settings.keyHardCapMs],
        ),
      );
      return ttl < 0 ? null : { ttlMs: ttl };
    },

    async release(concertId, userId) {
      await redis.zrem(k(concertId).active, String(userId));
    },

    async keyExpiry(concertId, userId, accessKey, now) {
      const key = parseKey(await redis.hget(k(concertId).keys, String(userId)));
      return key && key.expiresAt > now && key.accessKey === accessKey ? key.expiresAt : null;
    },

    async stats(concertId, now) {
      const q = k(concertId);
      // Two O(log n) counts in one pipeline: a scrape never walks a queue of a million fans.
      const replies = await redis
        .pipeline()
        .zcard(q.wait)
        .zcount(q.active, `(${now}`, '+inf')
        .exec();
      const [waiting, admitted] = (replies ?? []).map(([error, value]) => {
        if (error) throw error;
        return Number(value);
      });
      return { waiting: waiting ?? 0, admitted: admitted ?? 0 };
    },

    async activeConcerts() {
      return (await redis.smembers(concertsKey)).map(Number);
    },

    async closeConcert(concertId) {
      const q = k(concertId);
      // One MULTI: no instance sees half a room (keys gone, places still there).
      await redis
        .multi()
        .del(q.wait, q.seq, q.seen, q.keys, q.active)
        .srem(concertsKey, String(concertId))
        .exec();
    },
  };
}
