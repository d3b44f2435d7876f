import type { Redis } from 'ioredis';
import { counterKey, INCREMENT_EACH_LUA } from '../counter-store/redis-counter-store';
import { luaScript } from '../redis/lua-script';
import { beforeTurnWrite } from '../redis/redis-client';
import { newAccessKey } from './memory-queue-store';
import type {
  EnterResult,
  EntryRateLimit,
  MoveResult,
  QueueSettings,
  QueueStatusResult,
  QueueStorePort,
  TickResult,
} from './queue-store';

/*
 * Keys of one concert's waiting room (prefix p, concert c):
 *   p q:c:wait    ZSET  waiting users, score = entry time (ms) * 1024 + order within that ms
 *   p q:c:seq     STR   "ms:n": the latest entry millisecond and the entries in it so far
 *   p q:c:shift   STR   0-based position of the first place taken ahead of others since the
 *                       last tick (a move, an entry stamped earlier), so the tick tells those behind
 *   p q:c:seen    HASH  waiting user -> last seen (ms)
 *   p q:c:keys    HASH  user -> "accessKey|admittedAt|expiresAt" (live or released keys)
 *   p q:c:active  ZSET  users holding a slot, score = key expiry: ZCOUNT(now, +inf) = slots taken
 *   p q:concerts  SET   concerts with a waiting room, for the admission job
 * Every step that reads and then writes is one Lua script, so instances never race.
 */

/**
 * Entries per millisecond told apart by arrival; further ones of the same millisecond share the
 * last order and Redis sorts them by member. Entry ms * 1024 stays an exact double (below 2^53)
 * until the year 2248.
 */
const ORDERS_PER_MS = 1024;

// The score of an entry at `now` (KEYS[seqKey]: the "ms:n" of the latest entry millisecond), and
// marking a place taken ahead of others for the next tick (shiftKey).
const ENTRY_ORDER = `
local ORDERS_PER_MS = ${ORDERS_PER_MS}
local function entry_score(seqKey, now)
  local lastMs, n = 0, 0
  local seq = redis.call('GET', seqKey)
  if seq then
    local ms, count = string.match(seq, '^(%d+):(%d+)$')
    if ms then lastMs, n = tonumber(ms), tonumber(count) end
  end
  if now == lastMs then
    n = math.min(n + 1, ORDERS_PER_MS - 1)
    redis.call('SET', seqKey, now .. ':' .. n)
    return now * ORDERS_PER_MS + n
  end
  -- A clock behind the latest entry's (another instance's) leaves the latest millisecond alone.
  if now > lastMs then redis.call('SET', seqKey, now .. ':0') end
  return now * ORDERS_PER_MS
end
local function note_shift(shiftKey, waitKey, rank)
  if rank + 1 >= redis.call('ZCARD', waitKey) then return end
  local shifted = tonumber(redis.call('GET', shiftKey) or '-1')
  if shifted < 0 or rank < shifted then redis.call('SET', shiftKey, rank) end
end
`;

const PARSE_KEY = `
local function parse(raw)
  if not raw then return nil end
  local key, admitted, expires = string.match(raw, '([^|]+)|([^|]+)|([^|]+)')
  return key, tonumber(admitted), tonumber(expires)
end
`;

// Entries into one concert's waiting room, in arrival order, as one call (a batch of one when
// alone). KEYS: wait seq seen keys active concerts shift, then each entry's own keys: [guard]
// counter...
// ARGV: capacity ttl hardCap concert window count, then per entry one string (one argument
//   instead of up to eight: each argument costs the client as much as the script's work):
//   "user now newKey guarded counters max..." separated by spaces.
// An entry with guarded = 1 goes ahead only while its guard key exists (KEY_GONE otherwise);
// then its rate-limit counters rise, and over any max it stops there (RATE_LIMITED). Returns
// each entry's status and value, flat, in the same order.
const ENTER = `${PARSE_KEY}${ENTRY_ORDER}${INCREMENT_EACH_LUA}
local cap, ttl, hard = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local concert, window, count = ARGV[4], ARGV[5], tonumber(ARGV[6])

local function enter_one(uid, now, newKey, guard, counterKeys, maxes)
  if guard and redis.call('EXISTS', guard) == 0 then return 'KEY_GONE', '' end
  if #counterKeys > 0 then
    local counts = increment_each(counterKeys, window)
    for i, n in ipairs(counts) do
      if n > maxes[i] then return 'RATE_LIMITED', '' end
    end
  end
  redis.call('SADD', KEYS[6], concert)
  local key, admitted, expires = parse(redis.call('HGET', KEYS[4], uid))
  local live = key and expires > now
  if live and redis.call('ZSCORE', KEYS[5], uid) then return 'IMMEDIATE_ENTRY', key end
  if redis.call('ZSCORE', KEYS[1], uid) then
    redis.call('HSET', KEYS[3], uid, now)
    return 'WAITING', redis.call('ZRANK', KEYS[1], uid) + 1
  end
  local taken = redis.call('ZCOUNT', KEYS[5], '(' .. now, '+inf')
  if redis.call('ZCARD', KEYS[1]) == 0 and taken < cap then
    if live then
      redis.call('ZADD', KEYS[5], expires, uid)
      return 'IMMEDIATE_ENTRY', key
    end
    local exp = now + math.min(ttl, hard)
    redis.call('HSET', KEYS[4], uid, newKey .. '|' .. now .. '|' .. exp)
    redis.call('ZADD', KEYS[5], exp, uid)
    return 'IMMEDIATE_ENTRY', newKey
  end
  redis.call('ZADD', KEYS[1], entry_score(KEYS[2], now), uid)
  redis.call('HSET', KEYS[3], uid, now)
  local rank = redis.call('ZRANK', KEYS[1], uid)
  note_shift(KEYS[7], KEYS[1], rank)
  return 'WAITING', rank + 1
end

local results = {}
local k = 8
for e = 1, count do
  local fields = {}
  for field in string.gmatch(ARGV[6 + e], '%S+') do fields[#fields + 1] = field end
  local uid, now, newKey = fields[1], tonumber(fields[2]), fields[3]
  local guarded, counters = tonumber(fields[4]), tonumber(fields[5])
  local guard = nil
  if guarded == 1 then
    guard = KEYS[k]
    k = k + 1
  end
  local counterKeys, maxes = {}, {}
  for i = 1, counters do
    counterKeys[i] = KEYS[k]
    maxes[i] = tonumber(fields[5 + i])
    k = k + 1
  end
  local status, value = enter_one(uid, now, newKey, guard, counterKeys, maxes)
  results[#results + 1] = status
  results[#results + 1] = value
end
return results
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

// KEYS: wait seen keys active concerts shift  ARGV: now capacity ttl hardCap grace concert newKey...
const TICK = `${PARSE_KEY}
local now, cap, ttl, hard, grace = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
-- Places taken ahead since the last tick moved everyone behind them, unannounced so far.
local shifted = tonumber(redis.call('GET', KEYS[6]) or '-1')
if shifted < 0 then shifted = math.huge end
redis.call('DEL', KEYS[6])
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
  if rankBefore[uid] ~= i or rankBefore[uid] > shifted then
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

// KEYS: from.wait from.seen to.wait to.seen to.keys to.shift concerts  ARGV: user now toConcert
const MOVE = `${PARSE_KEY}${ENTRY_ORDER}
local uid, now = ARGV[1], tonumber(ARGV[2])
local score = redis.call('ZSCORE', KEYS[1], uid)
if not score then return {'NOT_WAITING'} end
score = tonumber(score)
-- A place from before scores were entry times (an arrival counter) has no time to keep.
if score < 1e15 then score = now * ORDERS_PER_MS + ORDERS_PER_MS - 1 end
redis.call('ZREM', KEYS[1], uid)
redis.call('HDEL', KEYS[2], uid)
redis.call('SADD', KEYS[7], ARGV[3])
local key, admitted, expires = parse(redis.call('HGET', KEYS[5], uid))
if key and expires > now then return {'ADMITTED', key} end
local existing = redis.call('ZSCORE', KEYS[3], uid)
if not existing or score < tonumber(existing) then
  redis.call('ZADD', KEYS[3], score, uid)
end
redis.call('HSET', KEYS[4], uid, now)
local rank = redis.call('ZRANK', KEYS[3], uid)
note_shift(KEYS[6], KEYS[3], rank)
return {'WAITING', rank + 1}
`;

/** The waiting room in Redis (scale-out): every instance sees and changes the same queue. */
const runEnter = luaScript(ENTER);
const runStatus = luaScript(STATUS);
const runTick = luaScript(TICK);
const runExtend = luaScript(EXTEND);
const runMove = luaScript(MOVE);

/** Entries sent in one call at most; more in one turn go as several calls. */
const ENTRIES_PER_CALL = 200;

interface PendingEntry {
  userId: number;
  now: number;
  limit: EntryRateLimit | undefined;
  whileKeyExists: string | undefined;
  resolve(result: EnterResult): void;
  reject(error: unknown): void;
}

function enterResult(status: unknown, value: unknown): EnterResult {
  if (status === 'RATE_LIMITED') return { status: 'RATE_LIMITED' };
  if (status === 'KEY_GONE') return { status: 'KEY_GONE' };
  if (status === 'WAITING') return { status: 'WAITING', rank: Number(value) };
  if (status === 'IMMEDIATE_ENTRY') return { status: 'IMMEDIATE_ENTRY', accessKey: String(value) };
  throw new Error(`queue entry script answered ${String(status)}`);
}

export function createRedisQueueStore(
  redis: Redis,
  keyPrefix: string,
  settings: QueueSettings,
): QueueStorePort {
  const k = (concertId: number) => ({
    wait: `${keyPrefix}q:${concertId}:wait`,
    seq: `${keyPrefix}q:${concertId}:seq`,
    shift: `${keyPrefix}q:${concertId}:shift`,
    seen: `${keyPrefix}q:${concertId}:seen`,
    keys: `${keyPrefix}q:${concertId}:keys`,
    active: `${keyPrefix}q:${concertId}:active`,
  });
  const concertsKey = `${keyPrefix}q:concerts`;

  /**
   * Entries waiting for this turn's call, by concert. In a rush thousands of fans enter the same
   * waiting room each second; one EVALSHA per entry cost more of the server's CPU (the command,
   * its promise, its reply) than everything else the entry does, and Redis's too. Entries of one
   * turn go as one call instead, in arrival order: the script runs them one after the other, so
   * each gets exactly the answer a call of its own would have given.
   */
  const pendingEntries = new Map<number, PendingEntry[]>();
  function sendPendingEntries(): void {
    for (const [concertId, batch] of pendingEntries) sendEntries(concertId, batch);
    pendingEntries.clear();
  }
  function sendEntries(concertId: number, batch: PendingEntry[]): void {
    const q = k(concertId);
    const keys = [q.wait, q.seq, q.seen, q.keys, q.active, concertsKey, q.shift];
    const args: Array<string | number> = [
      settings.capacity,
      settings.keyTtlMs,
      settings.keyHardCapMs,
      concertId,
      // Every caller passes the same window (QueueService's limits); the first one's is used.
      batch.find((entry) => entry.limit)?.limit?.windowSeconds ?? 0,
      batch.length,
    ];
    for (const entry of batch) {
      const counters = entry.limit?.counters ?? [];
      const guarded = entry.whileKeyExists === undefined ? 0 : 1;
      let fields = `${entry.userId} ${entry.now} ${newAccessKey()} ${guarded} ${counters.length}`;
      if (entry.whileKeyExists !== undefined) keys.push(entry.whileKeyExists);
      for (const counter of counters) {
        keys.push(counterKey(keyPrefix, counter.key));
        fields += ` ${counter.max}`;
      }
      args.push(fields);
    }
    runEnter(redis, keys, args).then(
      (reply) => {
        const results = reply as Array<string | number>;
        batch.forEach((entry, i) => {
          try {
            entry.resolve(enterResult(results[2 * i], results[2 * i + 1]));
          } catch (error) {
            entry.reject(error);
          }
        });
      },
      (error: unknown) => {
        for (const entry of batch) entry.reject(error);
      },
    );
  }
  const parseKey = (raw: string | null) => {
    const [accessKey, , expires] = (raw ?? '').split('|');
    return accessKey && expires ? { accessKey, expiresAt: Number(expires) } : null;
  };

  return {
    enter(concertId, userId, now, limit, whileKeyExists): Promise<EnterResult> {
      return new Promise((resolve, reject) => {
        let batch = pendingEntries.get(concertId);
        if (!batch) {
          batch = [];
          pendingEntries.set(concertId, batch);
          // The batch leaves at the end of this turn of the event loop, in the same write as
          // the turn's other Redis commands (redis-client.ts): no wait of its own.
          if (pendingEntries.size === 1) beforeTurnWrite(redis, sendPendingEntries);
        }
        batch.push({ userId, now, limit, whileKeyExists, resolve, reject });
        if (batch.length >= ENTRIES_PER_CALL) {
          pendingEntries.delete(concertId);
          sendEntries(concertId, batch);
        }
      });
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

    async move(fromConcertId, toConcertId, userId, now): Promise<MoveResult> {
      const from = k(fromConcertId);
      const to = k(toConcertId);
      const [status, value] = (await runMove(
        redis,
        [from.wait, from.seen, to.wait, to.seen, to.keys, to.shift, concertsKey],
        [userId, now, toConcertId],
      )) as [string, (string | number)?];
      if (status === 'WAITING') return { status: 'WAITING', rank: Number(value) };
      if (status === 'ADMITTED') return { status: 'ADMITTED', accessKey: String(value) };
      return { status: 'NOT_WAITING' };
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
        [q.wait, q.seen, q.keys, q.active, concertsKey, q.shift],
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
        .del(q.wait, q.seq, q.shift, q.seen, q.keys, q.active)
        .srem(concertsKey, String(concertId))
        .exec();
    },
  };
}
