import type { FastifyBaseLogger } from 'fastify';
import type { SessionStorePort } from '../adapters/session-store/session-store';

const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** Deletes expired database sessions once an hour (Redis expires its own keys). */
export function createSessionSweeper(options: { store: SessionStorePort; log: FastifyBaseLogger }) {
  let timer: NodeJS.Timeout | undefined;
  const sweep = async () => {
    try {
      const removed = await options.store.sweepExpired();
      if (removed > 0) options.log.info({ removed }, 'expired sessions removed');
    } catch (error) {
      options.log.warn({ err: error }, 'session sweep failed');
    }
  };
  return {
    start() {
      timer = setInterval(() => void sweep(), SWEEP_INTERVAL_MS);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
    },
  };
}
