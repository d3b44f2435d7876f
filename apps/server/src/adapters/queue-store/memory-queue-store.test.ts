import { describeQueueStoreContract } from './queue-store.contract';
import { createMemoryQueueStore } from './memory-queue-store';

describeQueueStoreContract('in-process', async (settings) => createMemoryQueueStore(settings));
