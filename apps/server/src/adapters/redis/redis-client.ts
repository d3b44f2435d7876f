import { Redis } from 'ioredis';

/** Opens the shared Redis connection (scale-out mode) and waits until it answers. */
export async function openRedis(url: string): Promise<Redis> {
  const client = new Redis(url, {
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
