import type { Redis } from 'ioredis';

/** Opens the shared Redis connection (scale-out mode) and waits until it answers. */
export async function openRedis(url: string): Promise<Redis> {
  // Loaded only in scale-out mode: the embedded default never pays its ~0.2 s import.
  const { Redis: RedisClient } = await import('ioredis');
  const client = new RedisClient(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 2,
    // Off: under load each auto-pipeline (a large object) waits behind the one in flight, lives
    // through young-generation collections and is promoted; in bench/seat-race that made every
    // scavenge 12-23 ms and forced a full collection every few seconds, the main source of p99.
    // `coalesceWrites` below gives the same one-write-per-turn batching without those objects.
    enableAutoPipelining: false,
  });
  // Reconnects are automatic; an 'error' event without a listener would crash the process.
  client.on('error', () => undefined);
  coalesceWrites(client);
  await client.connect();
  await client.ping();
  return client;
}

/**
 * Commands issued during one turn of the event loop leave in one socket write at its end. Each
 * write to a loopback socket is a system call that also runs the receiving side, and with
 * three commands per seat click they were a fifth of the server's CPU at 3,000 clicks/s.
 * Replies are unaffected: Redis answers in order and ioredis matches them to its queue.
 */
function coalesceWrites(client: Redis): void {
  const send = client.sendCommand.bind(client);
  let corked: { uncork(): void } | null = null;
  client.sendCommand = (...args: Parameters<Redis['sendCommand']>) => {
    const stream = client.stream;
    if (!corked && stream && stream.writable) {
      stream.cork();
      corked = stream;
      setImmediate(() => {
        corked = null;
        stream.uncork();
      });
    }
    return send(...args);
  };
}
