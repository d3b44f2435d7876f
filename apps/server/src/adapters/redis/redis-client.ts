import type { Redis, RedisOptions } from 'ioredis';
import {
  DependencyStartError,
  REDIS_COMMAND_TIMEOUT_MS,
  REDIS_CONNECT_TIMEOUT_MS,
} from '../../lib/outage';

/**
 * Options of every Redis connection (the shared one and the bus subscriber, its duplicate): fail
 * fast while Redis is away, reconnect by itself when it is back. A command either has a live
 * connection to go out on or fails at once (no offline queue: waiting there is what made
 * requests hang for 10 s); one already sent fails when the connection drops (no retries, no
 * resend: a resent queue-entry or lock script could run twice) or after the command timeout
 * when Redis stops answering without closing the socket.
 */
export const redisOptions = {
  lazyConnect: true,
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  autoResendUnfulfilledCommands: false,
  commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
  // Every 100 ms at first, then every second: back within a second of Redis.
  retryStrategy: (attempt: number) => Math.min(attempt * 100, 1_000),
  // Off: under load each auto-pipeline (a large object) waits behind the one in flight, lives
  // through young-generation collections and is promoted; in bench/seat-race that made every
  // scavenge 12-23 ms and forced a full collection every few seconds, the main source of p99.
  // `coalesceWrites` below gives the same one-write-per-turn batching without those objects.
  enableAutoPipelining: false,
} satisfies RedisOptions;

/**
 * Opens the shared Redis connection (scale-out mode) and waits until it answers; an unreachable
 * Redis ends the start with one line naming REDIS_URL.
 */
export async function openRedis(url: string): Promise<Redis> {
  // Loaded only in scale-out mode: the embedded default never pays its ~0.2 s import.
  const { Redis: RedisClient } = await import('ioredis');
  const client = new RedisClient(url, redisOptions);
  let lastError: unknown = null;
  // Reconnects are automatic; an 'error' event without a listener would crash the process.
  client.on('error', (error: unknown) => {
    lastError = error;
  });
  coalesceWrites(client);
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    client.disconnect();
    throw new DependencyStartError('REDIS_URL', lastError ?? error);
  }
  return client;
}

/** Per client: whether this turn's commands are held back, and what must run before they leave. */
const turns = new WeakMap<Redis, { corked: boolean; beforeWrite: Array<() => void> }>();

/**
 * Commands issued during one turn of the event loop leave in one socket write at its end. Each
 * write to a loopback socket is a system call that also runs the receiving side, and with
 * three commands per seat click they were a fifth of the server's CPU at 3,000 clicks/s.
 * Replies are unaffected: Redis answers in order and ioredis matches them to its queue.
 */
function coalesceWrites(client: Redis): void {
  const send = client.sendCommand.bind(client);
  const turn = { corked: false, beforeWrite: [] as Array<() => void> };
  turns.set(client, turn);
  client.sendCommand = (...args: Parameters<Redis['sendCommand']>) => {
    holdUntilEndOfTurn(client);
    return send(...args);
  };
}

/** Holds this turn's commands back (once per turn) and sends them all at its end. */
function holdUntilEndOfTurn(client: Redis): boolean {
  const turn = turns.get(client);
  const stream = client.stream;
  if (!turn || !stream || !stream.writable) return false;
  if (turn.corked) return true;
  stream.cork();
  turn.corked = true;
  setImmediate(() => {
    try {
      // Batches built during the turn (queue entries) join its write instead of waiting a turn.
      while (turn.beforeWrite.length > 0) {
        for (const callback of turn.beforeWrite.splice(0)) callback();
      }
    } finally {
      turn.corked = false;
      stream.uncork();
    }
  });
  return true;
}

/**
 * Runs `callback` at the end of this turn, just before the turn's commands leave, so the commands
 * it sends go in the same write (a batch gathered during the turn: redis-queue-store.ts). On a
 * client without write coalescing (tests' own), simply at the end of the turn.
 */
export function beforeTurnWrite(client: Redis, callback: () => void): void {
  if (holdUntilEndOfTurn(client)) turns.get(client)?.beforeWrite.push(callback);
  else setImmediate(callback);
}
