import { queueMessages, type WaitQueueFrame } from '@curtaincall/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { EventBusPort } from '../../adapters/event-bus/event-bus';
import type { Clock } from '../../lib/clock';
import type { SessionUser } from '../auth/auth.policy';
import { seatChannel, type SeatChange } from '../seats/seat-channel';
import type { SoldOutNotice } from './performance-switch';
import {
  estimateWaitSeconds,
  queueChannel,
  type QueueEvent,
  type QueueService,
} from './queue.service';

interface ConcertSockets {
  sockets: Map<number, WebSocket>;
  unsubscribe: Promise<() => Promise<void>>;
  /** The concert's seat changes: a booking or a release may sell it out or bring seats back. */
  unsubscribeSeats: Promise<() => Promise<void>>;
  /** The last PERFORMANCE_STATUS frame sent to every socket (JSON), null while never sold out. */
  lastNotice: string | null;
  isChecking: boolean;
  isRecheckDue: boolean;
  /** Clock time (ms) of the last check, for the periodic one. */
  checkedAt: number;
}

/** Pings find dead sockets; the same beat tells the queue that connected users are present. */
const HEARTBEAT_MS = 30_000;
/**
 * How often (by the injected clock) each concert with sockets here is checked for sold out
 * anyway: seat changes from paths that announce none (a seller stopping seats, the lifecycle
 * job), and, while sold out, the alternatives' remaining seats and queue lengths.
 */
const SOLD_OUT_RECHECK_MS = 5_000;
const SOLD_OUT_RECHECK_TIMER_MS = 1_000;
/** Checks of one concert after a seat change at most this often (a rush's bookings coalesce). */
const SOLD_OUT_CHECK_GAP_MS = 200;
const CLOSE_NORMAL = 1000;

/**
 * The waiting-room sockets of this instance (api-contract.md §6.5). Server -> client frames only.
 * Admissions and rank changes come from the bus, so the admission tick may run on any instance;
 * one socket per user and concert (a new one replaces the old).
 */
export function createWaitQueueSockets(deps: {
  queue: QueueService;
  bus: EventBusPort;
  log: FastifyBaseLogger;
  clock: Clock;
}) {
  const concerts = new Map<number, ConcertSockets>();
  const alive = new WeakMap<WebSocket, boolean>();

  const send = (socket: WebSocket, frame: WaitQueueFrame) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
  };

  const noticeFrame = (notice: SoldOutNotice): WaitQueueFrame => ({
    type: 'PERFORMANCE_STATUS',
    soldOut: notice.soldOut,
    alternatives: notice.alternatives,
  });

  /**
   * Asks whether the concert sold out (or came back) and tells every waiting socket here when
   * the answer differs from the last one told: at once for the first seat change, then at most
   * every SOLD_OUT_CHECK_GAP_MS while changes keep coming.
   */
  function checkSoldOut(concertId: number): void {
    const group = concerts.get(concertId);
    if (!group) return;
    if (group.isChecking) {
      group.isRecheckDue = true;
      return;
    }
    group.isChecking = true;
    group.checkedAt = deps.clock.now().getTime();
    deps.queue
      .soldOutNotice(concertId)
      .then((notice) => {
        if (concerts.get(concertId) !== group || !notice) return;
        // Never sold out while these sockets watched: nothing to take back.
        if (!notice.soldOut && group.lastNotice === null) return;
        const frame = noticeFrame(notice);
        const json = JSON.stringify(frame);
        if (json === group.lastNotice) return;
        group.lastNotice = notice.soldOut ? json : null;
        for (const socket of group.sockets.values()) send(socket, frame);
      })
      .catch((error: unknown) => deps.log.warn({ err: error }, 'sold-out check failed'))
      .finally(() => {
        if (!group.isRecheckDue) {
          group.isChecking = false;
          return;
        }
        // Still "checking" through the gap: the changes arriving meanwhile wait for this one.
        group.isRecheckDue = false;
        setTimeout(() => {
          group.isChecking = false;
          checkSoldOut(concertId);
        }, SOLD_OUT_CHECK_GAP_MS).unref();
      });
  }

  function onSeatChange(concertId: number, message: unknown): void {
    const change = message as Partial<SeatChange> | null;
    // A hold takes a free seat and leaves it held: neither sells out nor brings seats back.
    const seatIds = change?.seatIds ?? [];
    const held = new Set((change?.held ?? []).map((seat) => seat.seatId));
    if (seatIds.length > 0 && seatIds.every((seatId) => held.has(seatId))) return;
    checkSoldOut(concertId);
  }

  function onEvent(concertId: number, event: QueueEvent): void {
    const group = concerts.get(concertId);
    if (!group) return;
    if (event.type === 'ADMIT') {
      const socket = group.sockets.get(event.userId);
      if (!socket) return;
      send(socket, { type: 'ADMIT', accessKey: event.accessKey });
      socket.close(CLOSE_NORMAL, 'ADMITTED');
      return;
    }
    if (event.type === 'CLOSED') {
      for (const socket of group.sockets.values()) {
        send(socket, { type: 'ERROR', message: queueMessages.closedByCancel });
        socket.close(CLOSE_NORMAL, 'CLOSED');
      }
      return;
    }
    deps.queue.noteRate(concertId, event.ratePerSecond);
    for (const update of event.updates) {
      const socket = group.sockets.get(update.userId);
      if (!socket) continue;
      const etaSeconds = estimateWaitSeconds(update.rank, event.ratePerSecond);
      send(socket, {
        type: 'RANK_UPDATE',
        rank: update.rank,
        ...(etaSeconds === undefined ? {} : { etaSeconds }),
        tick: event.tick,
      });
    }
  }

  function groupOf(concertId: number): ConcertSockets {
    let group = concerts.get(concertId);
    if (!group) {
      group = {
        sockets: new Map(),
        unsubscribe: deps.bus.subscribe(queueChannel(concertId), (message) =>
          onEvent(concertId, message as QueueEvent),
        ),
        unsubscribeSeats: deps.bus.subscribe(seatChannel(concertId), (message) =>
          onSeatChange(concertId, message),
        ),
        lastNotice: null,
        isChecking: false,
        isRecheckDue: false,
        checkedAt: deps.clock.now().getTime(),
      };
      const created = group;
      // Redis away: the next socket subscribes afresh instead of finding this failed one.
      created.unsubscribe.catch(() => {
        if (concerts.get(concertId) === created && created.sockets.size === 0) {
          concerts.delete(concertId);
        }
      });
      // Without seat changes the periodic check still finds a sell-out, only later.
      created.unsubscribeSeats.catch((error: unknown) =>
        deps.log.warn({ err: error }, 'seat change subscription failed'),
      );
      concerts.set(concertId, group);
    }
    return group;
  }

  function detach(concertId: number, userId: number, socket: WebSocket): void {
    const group = concerts.get(concertId);
    if (!group || group.sockets.get(userId) !== socket) return;
    group.sockets.delete(userId);
    if (group.sockets.size === 0) {
      concerts.delete(concertId);
      void group.unsubscribe.then((unsubscribe) => unsubscribe()).catch(() => undefined);
      void group.unsubscribeSeats.then((unsubscribe) => unsubscribe()).catch(() => undefined);
    }
  }

  /** A new connection: sends the current state, then listens for admission and rank changes. */
  async function attach(options: {
    concertId: number;
    user: SessionUser;
    socket: WebSocket;
  }): Promise<void> {
    const { concertId, user, socket } = options;
    const group = groupOf(concertId);
    // Subscribed before reading the status, so an admission or a sell-out in between is not
    // missed (a failed seat subscription only delays the sell-out to the periodic check).
    await group.unsubscribe;
    await group.unsubscribeSeats.catch(() => undefined);
    const previous = group.sockets.get(user.id);
    if (previous && previous !== socket) previous.close(CLOSE_NORMAL, 'REPLACED');
    group.sockets.set(user.id, socket);
    alive.set(socket, true);
    socket.on('pong', () => alive.set(socket, true));
    socket.on('close', () => detach(concertId, user.id, socket));
    socket.on('error', () => detach(concertId, user.id, socket));
    // The client sends nothing; anything it sends is ignored.
    socket.on('message', () => undefined);

    const status = await deps.queue.status({ user, concertId });
    if (status.status === 'ADMITTED' && status.accessKey) {
      send(socket, { type: 'REDIRECT_TO_RESERVE', accessKey: status.accessKey });
      socket.close(CLOSE_NORMAL, 'ADMITTED');
    } else if (status.status === 'WAITING' && status.rank) {
      send(socket, {
        type: 'RANK_UPDATE',
        rank: status.rank,
        ...(status.etaSeconds === undefined ? {} : { etaSeconds: status.etaSeconds }),
      });
      if (status.soldOut) {
        send(socket, noticeFrame({ soldOut: true, alternatives: status.alternatives ?? [] }));
      }
    } else {
      send(socket, { type: 'ERROR', message: status.message ?? '대기열 정보가 없습니다.' });
    }
  }

  const heartbeat = setInterval(() => {
    for (const [concertId, group] of concerts) {
      for (const [userId, socket] of group.sockets) {
        if (alive.get(socket) === false) {
          socket.terminate();
          continue;
        }
        alive.set(socket, false);
        socket.ping();
        void deps.queue.touchWaiting(concertId, userId).catch((error: unknown) => {
          deps.log.warn({ err: error }, 'queue presence touch failed');
        });
      }
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();
  const soldOutRecheck = setInterval(() => {
    const now = deps.clock.now().getTime();
    for (const [concertId, group] of concerts) {
      if (now - group.checkedAt >= SOLD_OUT_RECHECK_MS) checkSoldOut(concertId);
    }
  }, SOLD_OUT_RECHECK_TIMER_MS);
  soldOutRecheck.unref();

  return {
    attach,
    connectedCount: () => [...concerts.values()].reduce((n, g) => n + g.sockets.size, 0),
    closeAll() {
      clearInterval(heartbeat);
      clearInterval(soldOutRecheck);
      for (const group of concerts.values()) {
        for (const socket of group.sockets.values()) socket.close(1001, 'SERVER_SHUTDOWN');
      }
    },
  };
}

export type WaitQueueSockets = ReturnType<typeof createWaitQueueSockets>;
