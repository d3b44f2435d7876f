import type { EventBusPort } from '../../adapters/event-bus/event-bus';
import { seatChannel, type SeatChange } from '../seats/seat-channel';

/**
 * Tells open seat pages (polls and sockets, every instance) that these seats changed. Never
 * throws: the change is committed, and a page that misses the event still reads it.
 */
export async function publishSeatChange(
  bus: EventBusPort,
  concertId: number,
  seatIds: readonly number[],
): Promise<void> {
  if (seatIds.length === 0) return;
  const change: SeatChange = { concertId, seatIds: [...seatIds] };
  await bus.publish(seatChannel(concertId), change).catch(() => undefined);
}
