import { describeEventBusContract } from './event-bus.contract';
import { createMemoryEventBus } from './memory-event-bus';

describeEventBusContract('in-process', async () => {
  const bus = createMemoryEventBus();
  // One process: both "instances" share the bus; closing it twice is harmless.
  return [bus, bus];
});
