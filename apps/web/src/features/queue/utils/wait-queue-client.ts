import {
  performanceAlternativeSchema,
  type PerformanceAlternative,
  type QueueStatusResult,
} from '@curtaincall/contracts';
import { z } from 'zod';

/** Timings of buyer-side.md §9 ("Wait-room fallback poll"). */
export const waitQueueTiming = {
  /** `GET /queue/status` while the socket is down. */
  fallbackPollMs: 5_000,
  /** First reconnect delay; doubles after each failed attempt up to the cap. */
  reconnectInitialMs: 3_500,
  reconnectMaxMs: 60_000,
  /** From the admission message to the seat page. */
  redirectDelayMs: 1_000,
} as const;

/** Close reasons the client sends (api-contract.md §6.5): it never sends anything else. */
export const closeReasons = {
  admitted: 'ADMITTED',
  unmount: 'Component Unmount',
} as const;

/** The part of the browser's WebSocket the client uses, so tests can hand in a fake. */
export interface WebSocketLike {
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  close(code?: number, reason?: string): void;
}

export type ConnectionState = 'connecting' | 'open' | 'reconnecting';

/** Whether the performance waited for sold out, and where the fan may go instead (issue 26). */
export interface PerformanceSaleNotice {
  soldOut: boolean;
  alternatives: PerformanceAlternative[];
}

const alternativesSchema = z.array(performanceAlternativeSchema);

export interface WaitQueueHandlers {
  /** A new rank (always ≥ 1) and, when the server knows it, the estimated wait. */
  onRank: (rank: number, etaSeconds: number | null) => void;
  /** The user may enter: by a socket frame (ADMIT, REDIRECT_TO_RESERVE) or a status answer. */
  onAdmitted: (accessKey: string, source: 'socket' | 'status') => void;
  /** The server no longer has the user in the queue (EXPIRED_OR_NOT_IN_QUEUE). */
  onNotInQueue: () => void;
  /**
   * The performance sold out (with the show's other performances on sale) or came back on sale:
   * from a PERFORMANCE_STATUS frame, or a WAITING status answer (no `soldOut` there: on sale).
   */
  onPerformanceStatus?: (notice: PerformanceSaleNotice) => void;
  onConnection?: (state: ConnectionState) => void;
}

export interface WaitQueueClientOptions {
  url: string;
  fetchStatus: (signal: AbortSignal) => Promise<QueueStatusResult>;
  handlers: WaitQueueHandlers;
  /** Defaults to the browser's WebSocket. */
  createSocket?: (url: string) => WebSocketLike;
}

/** `ws://host/ws/waitqueue?concertId=` on the page's own origin (the server or dev proxy). */
export function waitQueueSocketUrl(
  concertId: number,
  location: Pick<Location, 'protocol' | 'host'> = window.location,
): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/ws/waitqueue?concertId=${concertId}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The waiting room's connection (buyer-side.md §4 "Waiting room", api-contract.md §6.5):
 * - ADMIT / REDIRECT_TO_RESERVE: close with 1000 'ADMITTED' and report the key;
 * - RANK_UPDATE: report the rank (0 and null are ignored);
 * - on open: sync once through `GET /queue/status` (ADMITTED means enter now);
 * - on close or error: poll the status every 5 s and reconnect after 3.5 s, 7 s, 14 s ... at
 *   most 60 s; a successful open resets the delay and stops the poll;
 * - stop(): close with 1000 'Component Unmount' and cancel every timer and request.
 * Framework-free so the timing can be tested with fake timers and a fake socket.
 */
export class WaitQueueClient {
  private readonly options: WaitQueueClientOptions;
  private socket: WebSocketLike | null = null;
  private reconnectDelayMs: number = waitQueueTiming.reconnectInitialMs;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private pollTimer: ReturnType<typeof setInterval> | null = null;
  private readonly statusRequests = new Set<AbortController>();
  private isStopped = false;

  constructor(options: WaitQueueClientOptions) {
    this.options = options;
  }

  start(): void {
    this.isStopped = false;
    this.connect();
  }

  /** Ends everything; nothing is reported afterwards. */
  stop(reason: string = closeReasons.unmount): void {
    this.isStopped = true;
    this.clearReconnect();
    this.stopPolling();
    for (const controller of this.statusRequests) controller.abort();
    this.statusRequests.clear();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onopen = null;
      socket.onmessage = null;
      socket.onclose = null;
      socket.onerror = null;
      socket.close(1000, reason);
    }
  }

  /** The delay the next reconnect will wait (tests and the "reconnecting" hint). */
  get nextReconnectDelayMs(): number {
    return this.reconnectDelayMs;
  }

  private connect(): void {
    if (this.isStopped) return;
    this.options.handlers.onConnection?.('connecting');
    let socket: WebSocketLike;
    try {
      socket = (this.options.createSocket ?? ((url) => new WebSocket(url)))(this.options.url);
    } catch (error) {
      console.warn('[wait-queue] could not open the socket', error);
      this.handleDrop();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket || this.isStopped) return;
      this.reconnectDelayMs = waitQueueTiming.reconnectInitialMs;
      this.stopPolling();
      this.options.handlers.onConnection?.('open');
      void this.syncStatus();
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket || this.isStopped) return;
      this.handleFrame(event.data);
    };
    const onDrop = () => {
      // Browsers fire error and then close: the first one handles it, the second finds it done.
      if (this.socket !== socket || this.isStopped) return;
      this.socket = null;
      socket.onopen = null;
      socket.onmessage = null;
      socket.onclose = null;
      socket.onerror = null;
      socket.close();
      this.handleDrop();
    };
    socket.onclose = onDrop;
    socket.onerror = onDrop;
  }

  private handleDrop(): void {
    if (this.isStopped) return;
    this.options.handlers.onConnection?.('reconnecting');
    this.startPolling();
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.reconnectTimer !== null) return;
    const delay = this.reconnectDelayMs;
    this.reconnectDelayMs = Math.min(delay * 2, waitQueueTiming.reconnectMaxMs);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect();
    }, delay);
  }

  private clearReconnect(): void {
    if (this.reconnectTimer !== null) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
  }

  private startPolling(): void {
    if (this.pollTimer !== null) return;
    this.pollTimer = setInterval(() => void this.syncStatus(), waitQueueTiming.fallbackPollMs);
  }

  private stopPolling(): void {
    if (this.pollTimer !== null) clearInterval(this.pollTimer);
    this.pollTimer = null;
  }

  private async syncStatus(): Promise<void> {
    if (this.isStopped) return;
    const controller = new AbortController();
    this.statusRequests.add(controller);
    let result: QueueStatusResult;
    try {
      result = await this.options.fetchStatus(controller.signal);
    } catch (error) {
      if (!controller.signal.aborted) console.warn('[wait-queue] status check failed', error);
      return;
    } finally {
      this.statusRequests.delete(controller);
    }
    if (this.isStopped) return;
    switch (result.status) {
      case 'ADMITTED':
        if (result.accessKey) this.admit(result.accessKey, 'status');
        else console.warn('[wait-queue] ADMITTED without an access key');
        return;
      case 'WAITING':
        if (result.rank && result.rank > 0) {
          this.options.handlers.onRank(result.rank, result.etaSeconds ?? null);
        }
        this.options.handlers.onPerformanceStatus?.({
          soldOut: result.soldOut === true,
          alternatives: result.soldOut ? (result.alternatives ?? []) : [],
        });
        return;
      case 'EXPIRED_OR_NOT_IN_QUEUE':
        this.stop();
        this.options.handlers.onNotInQueue();
        return;
    }
  }

  private admit(accessKey: string, source: 'socket' | 'status'): void {
    this.stop(closeReasons.admitted);
    this.options.handlers.onAdmitted(accessKey, source);
  }

  private handleFrame(data: unknown): void {
    let frame: unknown;
    try {
      frame = typeof data === 'string' ? JSON.parse(data) : null;
    } catch {
      frame = null;
    }
    if (!isRecord(frame)) {
      console.warn('[wait-queue] unreadable frame', data);
      return;
    }
    switch (frame.type) {
      case 'ADMIT':
      case 'REDIRECT_TO_RESERVE':
        if (typeof frame.accessKey === 'string' && frame.accessKey !== '') {
          this.admit(frame.accessKey, 'socket');
        } else {
          console.warn('[wait-queue] admission frame without an access key', frame);
        }
        return;
      case 'RANK_UPDATE': {
        const { rank, etaSeconds } = frame;
        // The client ignores 0 and null (api-contract.md §6.5).
        if (typeof rank !== 'number' || !Number.isFinite(rank) || rank < 1) return;
        this.options.handlers.onRank(
          rank,
          typeof etaSeconds === 'number' && Number.isFinite(etaSeconds) ? etaSeconds : null,
        );
        return;
      }
      case 'PERFORMANCE_STATUS': {
        const alternatives = alternativesSchema.safeParse(frame.alternatives ?? []);
        if (typeof frame.soldOut !== 'boolean' || !alternatives.success) {
          console.warn('[wait-queue] unreadable performance status', frame);
          return;
        }
        this.options.handlers.onPerformanceStatus?.({
          soldOut: frame.soldOut,
          alternatives: frame.soldOut ? alternatives.data : [],
        });
        return;
      }
      default:
        // ERROR and unknown types are only logged.
        console.warn('[wait-queue] frame', frame);
    }
  }
}
