import type { JobLockPort } from './job-lock';

/** One process: a job only has to be kept from overlapping with its own previous run. */
export function createMemoryJobLock(): JobLockPort {
  const held = new Set<string>();
  return {
    async tryAcquire(name) {
      if (held.has(name)) return null;
      held.add(name);
      return async () => {
        held.delete(name);
      };
    },
  };
}
