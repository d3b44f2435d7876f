import type { PerformanceAlternative } from '@curtaincall/contracts';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { storeAccessKey } from '@/lib/access-key';
import { getQueueStatus } from '../api/get-queue-status';
import { reservePath, type WaitRouteState } from '../utils/queue-entry';
import {
  WaitQueueClient,
  waitQueueSocketUrl,
  waitQueueTiming,
  type ConnectionState,
} from '../utils/wait-queue-client';

export type WaitPhase = 'waiting' | 'admitted' | 'not-in-queue';

export interface WaitQueueState {
  phase: WaitPhase;
  rank: number | null;
  etaSeconds: number | null;
  /** The highest rank seen this visit: the start of the progress bar. */
  startRank: number | null;
  connection: ConnectionState;
  /** The performance sold out while waiting (issue 26): say so, and offer `alternatives`. */
  soldOut: boolean;
  /** The show's other performances on sale, with places left and their queue lengths. */
  alternatives: PerformanceAlternative[];
}

/**
 * Runs the waiting room of one concert: the socket with its fallback poll, the rank and the
 * estimated wait, and the admission (store the key, show the message, go to the seat page
 * 1 s later; at once when the status call finds the user already admitted). Leaving the page
 * closes everything.
 */
export function useWaitQueue(concertId: number, initial: WaitRouteState): WaitQueueState {
  const navigate = useNavigate();
  const [state, setState] = useState<WaitQueueState>({
    phase: 'waiting',
    rank: initial.rank,
    etaSeconds: initial.etaSeconds,
    startRank: initial.rank,
    connection: 'connecting',
    soldOut: false,
    alternatives: [],
  });

  useEffect(() => {
    let redirectTimer: ReturnType<typeof setTimeout> | null = null;
    const goToSeats = () => void navigate(reservePath(concertId), { replace: true });
    const client = new WaitQueueClient({
      url: waitQueueSocketUrl(concertId),
      fetchStatus: (signal) => getQueueStatus(concertId, signal),
      handlers: {
        onRank: (rank, etaSeconds) =>
          setState((current) => ({
            ...current,
            rank,
            // A rank without an estimate keeps the last one rather than flickering to "계산 중".
            etaSeconds: etaSeconds ?? current.etaSeconds,
            startRank: Math.max(current.startRank ?? rank, rank),
          })),
        onAdmitted: (accessKey, source) => {
          storeAccessKey(concertId, accessKey);
          setState((current) => ({ ...current, phase: 'admitted' }));
          if (source === 'status') goToSeats();
          else redirectTimer = setTimeout(goToSeats, waitQueueTiming.redirectDelayMs);
        },
        onNotInQueue: () => setState((current) => ({ ...current, phase: 'not-in-queue' })),
        onPerformanceStatus: ({ soldOut, alternatives }) =>
          setState((current) => ({ ...current, soldOut, alternatives })),
        onConnection: (connection) => setState((current) => ({ ...current, connection })),
      },
    });
    client.start();
    return () => {
      client.stop();
      if (redirectTimer !== null) clearTimeout(redirectTimer);
    };
  }, [concertId, navigate]);

  return state;
}
