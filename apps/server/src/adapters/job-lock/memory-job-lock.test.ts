import { createManualClock } from '../../lib/clock';
import { describeJobLockContract } from './job-lock.contract';
import { createMemoryJobLock } from './memory-job-lock';

describeJobLockContract('in-process', async () => {
  const clock = createManualClock();
  // One process: both "instances" share the lock; time is the injected clock.
  const lock = createMemoryJobLock(clock);
  return {
    a: lock,
    b: lock,
    passTime: async (ms) => clock.advance(ms),
  };
});
