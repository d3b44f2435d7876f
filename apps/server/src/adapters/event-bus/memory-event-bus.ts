import type { BusHandler, EventBusPort } from './event-bus';

/** One process: handlers are called on the next microtask, as a network bus would. */
export function createMemoryEventBus(): EventBusPort {
  const handlers = new Map<string, Set<BusHandler>>();
  return {
    async publish(channel, message) {
      const listeners = handlers.get(channel);
      if (!listeners) return;
      queueMicrotask(() => {
        for (const handler of [...listeners]) handler(message);
      });
    },
    async subscribe(channel, handler) {
      let listeners = handlers.get(channel);
      if (!listeners) {
        listeners = new Set();
        handlers.set(channel, listeners);
      }
      listeners.add(handler);
      return async () => {
        listeners.delete(handler);
        if (listeners.size === 0) handlers.delete(channel);
      };
    },
    async close() {
      handlers.clear();
    },
  };
}
