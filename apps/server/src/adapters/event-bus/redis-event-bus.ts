import type { Redis } from 'ioredis';
import type { BusHandler, EventBusPort } from './event-bus';

/**
 * Redis pub/sub. A subscribed connection can do nothing else, so the bus has its own duplicate
 * connection, subscribed to a channel while at least one local handler listens to it. After
 * Redis comes back, ioredis subscribes that connection to the same channels again
 * (`autoResubscribe`); messages published meanwhile are lost, which the bus allows.
 */
export async function createRedisEventBus(redis: Redis, keyPrefix: string): Promise<EventBusPort> {
  const subscriber = redis.duplicate();
  subscriber.on('error', () => undefined);
  // Lazy like its original, and without an offline queue a first SUBSCRIBE would fail.
  if (subscriber.status === 'wait') await subscriber.connect();
  const handlers = new Map<string, Set<BusHandler>>();
  const full = (channel: string) => `${keyPrefix}bus:${channel}`;
  subscriber.on('message', (channel: string, raw: string) => {
    const listeners = handlers.get(channel);
    if (!listeners) return;
    let message: unknown;
    try {
      message = JSON.parse(raw);
    } catch {
      return;
    }
    for (const handler of [...listeners]) handler(message);
  });
  return {
    async publish(channel, message) {
      await redis.publish(full(channel), JSON.stringify(message));
    },
    async subscribe(channel, handler) {
      const name = full(channel);
      let listeners = handlers.get(name);
      if (!listeners) {
        listeners = new Set();
        handlers.set(name, listeners);
        try {
          await subscriber.subscribe(name);
        } catch (error) {
          // Redis is away: the next subscriber of this channel must try again.
          if (handlers.get(name) === listeners && listeners.size === 0) handlers.delete(name);
          throw error;
        }
      }
      listeners.add(handler);
      return async () => {
        listeners.delete(handler);
        if (listeners.size === 0) {
          handlers.delete(name);
          await subscriber.unsubscribe(name).catch(() => undefined);
        }
      };
    },
    async close() {
      handlers.clear();
      subscriber.disconnect();
    },
  };
}
