import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll } from 'vitest';
import { describeEventBusContract } from './event-bus.contract';
import { createRedisEventBus } from './redis-event-bus';

const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const connections: Redis[] = [];
afterAll(() => {
  for (const connection of connections) connection.disconnect();
});

describeEventBusContract('redis', async () => {
  const prefix = `cctest:${randomBytes(4).toString('hex')}:`;
  const a = new Redis(url);
  const b = new Redis(url);
  connections.push(a, b);
  return [await createRedisEventBus(a, prefix), await createRedisEventBus(b, prefix)];
});
