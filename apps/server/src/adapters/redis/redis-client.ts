import type { Redis } from 'ioredis';

/** Opens the shared Redis connection (scale-out mode) and waits until it answers. */
export async function openRedis(url: string): Promise<Redis> {
  // Loaded only in scale-out mode: the embedded default never pays its ~0.2 s import.
  const { Redis: RedisClient } = await import('ioredis');
  const client = new RedisClient(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 2,
    enableAutoPipelining: true,
  });
  // Reconnects are automatic; an 'error' event without a listener would crash the process.
  client.on('error', () => undefined);
  await client.connect();
  await client.ping();
  return client;
}
