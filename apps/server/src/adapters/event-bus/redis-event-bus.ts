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
  /** Per channel: its local handlers, and the SUBSCRIBE they all wait for. */
  const channels = new Map<string, { listeners: Set<BusHandler>; subscribed: Promise<unknown> }>();
  const full = (channel: string) => `${keyPrefix}bus:${channel}`;
  subscriber.on('message', (channel: string, raw: string) => {
    const listeners = channels.get(channel)?.listeners;
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
      let entry = channels.get(name);
      if (!entry) {
        const created = {
          listeners: new Set<BusHandler>(),
          subscribed: subscriber.subscribe(name),
        };
        // Redis away: everyone waiting for this SUBSCRIBE fails, the next subscriber tries again.
        created.subscribed.catch(() => {
          if (channels.get(name) === created) channels.delete(name);
        });
        channels.set(name, created);
        entry = created;
      }
      const { listeners, subscribed } = entry;
      listeners.add(handler);
      try {
        await subscribed;
      } catch (error) {
        listeners.delete(handler);
        throw error;
      }
      return async () => {
        listeners.delete(handler);
        if (listeners.size === 0 && channels.get(name) === entry) {
          channels.delete(name);
          await subscriber.unsubscribe(name).catch(() => undefined);
        }
      };
    },
    async close() {
      channels.clear();
      subscriber.disconnect();
    },
  };
}
