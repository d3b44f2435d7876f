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
    enableAutoPipelining: false,
  });
  // Reconnects are automatic; an 'error' event without a listener would crash the process.
  client.on('error', () => undefined);
  await client.connect();
  await client.ping();
  return client;
}
