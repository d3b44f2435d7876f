import { queueMessages, type WaitQueueFrame } from '@curtaincall/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { EventBusPort } from '../../adapters/event-bus/event-bus';
import type { SessionUser } from '../auth/auth.policy';
import {
  estimateWaitSeconds,
  queueChannel,
  type QueueEvent,
  type QueueService,
} from './queue.service';

interface ConcertSockets {
  sockets: Map<number, WebSocket>;
  unsubscribe: Promise<() => Promise<void>>;
}

/** Pings find dead sockets; the same beat tells the queue that connected users are present. */
const HEARTBEAT_MS = 30_000;
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
}) {
  const concerts = new Map<number, ConcertSockets>();
  const alive = new WeakMap<WebSocket, boolean>();

  const send = (socket: WebSocket, frame: WaitQueueFrame) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
  };

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
      };
      const created = group;
      // Redis away: the next socket subscribes afresh instead of finding this failed one.
      created.unsubscribe.catch(() => {
        if (concerts.get(concertId) === created && created.sockets.size === 0) {
          concerts.delete(concertId);
        }
      });
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
    // Subscribed before reading the status, so an admission in between is not missed.
    await group.unsubscribe;
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

  return {
    attach,
    connectedCount: () => [...concerts.values()].reduce((n, g) => n + g.sockets.size, 0),
    closeAll() {
      clearInterval(heartbeat);
      for (const group of concerts.values()) {
        for (const socket of group.sockets.values()) socket.close(1001, 'SERVER_SHUTDOWN');
      }
    },
  };
}

export type WaitQueueSockets = ReturnType<typeof createWaitQueueSockets>;
