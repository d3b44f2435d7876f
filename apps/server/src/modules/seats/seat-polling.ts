import type { SeatEntry } from '@curtaincall/contracts';
import type { EventBusPort } from '../../adapters/event-bus/event-bus';
import type { Clock } from '../../lib/clock';
import { toSeoulDateTime } from '../../lib/seoul-time';
import { seatChannel, type SeatChange, type SeatsService } from './seats.service';

/** The bare long-poll answer (api-contract.md §7.1). */
export interface PollAnswer {
  status: 'update' | 'timeout-ok';
  hasUpdate: boolean;
  seatUpdates: SeatEntry[];
  updateTime: string;
}

/**
 * `json` is the serialised PollAnswer: one batch answers thousands of pollers with one string.
 * 'written': the poll's own writer already sent it.
 */
export type PollOutcome =
  | { kind: 'answer'; json: string }
  | { kind: 'written' }
  | { kind: 'conflict' }
  | { kind: 'overloaded' };

/** Sends a serialised answer at once; false when it could not and the answer is returned. */
export type PollAnswerWriter = (json: string) => boolean;

interface Poller {
  userId: number;
  resolve: (outcome: PollOutcome) => void;
  write: PollAnswerWriter | null;
  timer: NodeJS.Timeout;
}

const written: PollOutcome = { kind: 'written' };

/** Sends a poll's answer through its writer when it can; the outcome its handler gets. */
function deliver(poller: Poller, json: string): PollOutcome {
  return poller.write?.(json) ? written : { kind: 'answer', json };
}

/** Answers one held poll. */
function answer(poller: Poller, json: string): void {
  poller.resolve(deliver(poller, json));
}

interface ConcertPolls {
  pollers: Map<number, Poller>;
  unsubscribe: Promise<() => Promise<void>>;
  pendingSeatIds: Set<number>;
  flushTimer: NodeJS.Timeout | null;
}

/** Changes arriving within this window go out together, in one answer to every poller. */
const BATCH_MS = 100;
/**
 * An answer's `updateTime` is also a cursor: a client may send it back as `lastUpdateTime`. A
 * write stamps `updated_at` before it commits, so a change stamped just before an answer can
 * become visible just after it; the cursor is therefore set this much before the answer's read
 * (a sweep of 2,000 holds commits within ~200 ms). Seats reported again are harmless (a client
 * that sends the cursor back may get a seat twice within that second); a missed one is not.
 */
const CURSOR_GRACE_MS = 1_000;

/**
 * Held seat-status polls of this instance (product-rules.md §5). Each concert with waiting
 * pollers listens to its seat channel on the bus, so changes made on any instance wake them;
 * an answer carries the changed seats computed for each poller (their own holds marked).
 */
export function createSeatPollHub(deps: {
  bus: EventBusPort;
  seats: SeatsService;
  clock: Clock;
  maxPollersPerConcert: number;
}) {
  const concerts = new Map<number, ConcertPolls>();

  const timeoutJson = (): string =>
    JSON.stringify({
      status: 'timeout-ok',
      hasUpdate: false,
      seatUpdates: [],
      updateTime: cursorBefore(deps.clock.now()),
    } satisfies PollAnswer);

  const cursorBefore = (readAt: Date) =>
    toSeoulDateTime(new Date(readAt.getTime() - CURSOR_GRACE_MS));

  const updateJson = (seatUpdates: SeatEntry[], updateTime: string): string =>
    JSON.stringify({
      status: 'update',
      hasUpdate: true,
      seatUpdates,
      updateTime,
    } satisfies PollAnswer);

  /** Takes a poller out without touching the concert's subscription. */
  function detach(polls: ConcertPolls, poller: Poller): boolean {
    if (polls.pollers.get(poller.userId) !== poller) return false;
    clearTimeout(poller.timer);
    polls.pollers.delete(poller.userId);
    return true;
  }

  /**
   * Takes a poller out, and stops listening to the concert when nobody polls it any more.
   * False if it was out already (answered, timed out, replaced or disconnected).
   */
  function release(concertId: number, userId: number, poller: Poller): boolean {
    const polls = concerts.get(concertId);
    if (!polls || !detach(polls, poller)) return false;
    if (polls.pollers.size === 0) {
      concerts.delete(concertId);
      if (polls.flushTimer) clearTimeout(polls.flushTimer);
      void polls.unsubscribe.then((unsubscribe) => unsubscribe()).catch(() => undefined);
    }
    return true;
  }

  async function flush(concertId: number): Promise<void> {
    const polls = concerts.get(concertId);
    if (!polls) return;
    polls.flushTimer = null;
    const seatIds = [...polls.pendingSeatIds];
    polls.pendingSeatIds.clear();
    const waiting = [...polls.pollers.values()];
    if (seatIds.length === 0 || waiting.length === 0) return;
    const updateTime = cursorBefore(deps.clock.now());
    // One database read for the batch. Entries differ between pollers only in
    // isReservedByCurrentUser, so everyone who holds none of these seats shares one serialised
    // answer and only the holders get their own: 20,000 pollers cost one JSON.stringify, not
    // 20,000 (and no per-answer schema serialisation).
    const rows = await deps.seats.describeSeatRows({ concertId, seatIds });
    const now = deps.clock.now();
    // A poll that ended during the read (timed out, replaced, disconnected) is not answered again.
    const answering = waiting.filter((poller) => release(concertId, poller.userId, poller));
    const holders = new Set(rows.map((row) => row.heldByUserId).filter((id) => id !== null));
    let shared: string | null = null;
    const outcomes: PollOutcome[] = [];
    for (const poller of answering) {
      let json: string;
      if (holders.has(poller.userId)) {
        json = updateJson(
          rows.map((row) => deps.seats.toEntry(row, poller.userId, now)),
          updateTime,
        );
      } else {
        // No user has id 0, so these are the entries every non-holder sees.
        shared ??= updateJson(
          rows.map((row) => deps.seats.toEntry(row, 0, now)),
          updateTime,
        );
        json = shared;
      }
      outcomes.push(deliver(poller, json));
    }
    // Only now do the waiting handlers resume (those written to end their responses): every
    // answer went out first, without thousands of continuations and their garbage in between.
    outcomes.forEach((outcome, i) => answering[i]?.resolve(outcome));
  }

  function concertPolls(concertId: number): ConcertPolls {
    let polls = concerts.get(concertId);
    if (!polls) {
      const created: ConcertPolls = {
        pollers: new Map(),
        pendingSeatIds: new Set(),
        flushTimer: null,
        unsubscribe: deps.bus.subscribe(seatChannel(concertId), (message) => {
          const change = message as SeatChange;
          if (!Array.isArray(change.seatIds)) return;
          for (const id of change.seatIds) created.pendingSeatIds.add(Number(id));
          created.flushTimer ??= setTimeout(() => void flush(concertId), BATCH_MS);
        }),
      };
      // Redis away: the polls waiting for this subscription fail (503), and the next one
      // subscribes afresh instead of finding this failed one.
      created.unsubscribe.catch(() => {
        if (concerts.get(concertId) === created && created.pollers.size === 0) {
          concerts.delete(concertId);
        }
      });
      concerts.set(concertId, created);
      polls = created;
    }
    return polls;
  }

  /**
   * Waits for the next seat change of the concert (or the timeout). With `replace`, an earlier
   * poll of the same user is answered first with the timeout body; without it, that is a 409.
   * When `changedSince` is given and seats changed after it, answers at once with them.
   */
  async function poll(options: {
    concertId: number;
    userId: number;
    replace: boolean;
    timeoutMs: number;
    changedSince: Date | null;
    onClose: (listener: () => void) => void;
    /** Sends the answer straight away when it comes (see PollAnswerWriter). */
    write?: PollAnswerWriter | null;
  }): Promise<PollOutcome> {
    const { concertId, userId } = options;
    if (options.changedSince) {
      const readAt = deps.clock.now();
      const rows = await deps.seats.describeSeatRowsChangedSince({
        concertId,
        since: options.changedSince,
      });
      if (rows.length > 0) {
        const now = deps.clock.now();
        return {
          kind: 'answer',
          json: updateJson(
            rows.map((row) => deps.seats.toEntry(row, userId, now)),
            cursorBefore(readAt),
          ),
        };
      }
    }
    // The subscription must be live before we wait, or a change right now could be missed; and
    // the concert's poll set may have been cleaned up meanwhile, so take the current one.
    let polls = concertPolls(concertId);
    await polls.unsubscribe;
    while (concerts.get(concertId) !== polls) {
      polls = concertPolls(concertId);
      await polls.unsubscribe;
    }
    // From here to registering the poller nothing awaits, so the checks still hold.
    const previous = polls.pollers.get(userId);
    if (previous) {
      if (!options.replace) return { kind: 'conflict' };
      // Detached only: the new poll takes its place on the same, still subscribed, concert.
      detach(polls, previous);
      answer(previous, timeoutJson());
    }
    if (polls.pollers.size >= deps.maxPollersPerConcert) return { kind: 'overloaded' };
    const current = polls;
    return new Promise<PollOutcome>((resolve) => {
      const poller: Poller = {
        userId,
        resolve,
        write: options.write ?? null,
        timer: setTimeout(() => {
          release(concertId, userId, poller);
          answer(poller, timeoutJson());
        }, options.timeoutMs),
      };
      current.pollers.set(userId, poller);
      options.onClose(() => release(concertId, userId, poller));
    });
  }

  /** Answers every held poll with the timeout body (shutdown). */
  function closeAll(): void {
    for (const [concertId, polls] of concerts) {
      for (const poller of [...polls.pollers.values()]) {
        release(concertId, poller.userId, poller);
        answer(poller, timeoutJson());
      }
    }
  }

  return {
    poll,
    closeAll,
    waitingCount: () => [...concerts.values()].reduce((n, c) => n + c.pollers.size, 0),
  };
}

export type SeatPollHub = ReturnType<typeof createSeatPollHub>;
