import type { SeatEntry } from '@curtaincall/contracts';
import type { EventBusPort } from '../../adapters/event-bus/event-bus';
import type { Clock } from '../../lib/clock';
import { toSeoulDateTime } from '../../lib/seoul-time';
import type { SeatRow } from './seats.repo';
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
  /** The concert's batch version when this poll started waiting, and when (epoch ms). */
  seenVersion: number;
  seenAt: number;
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

/** One batch of seat changes heard on this instance (what one fan-out answers). */
interface Batch {
  version: number;
  /** Epoch ms when the batch was formed. */
  at: number;
  seatIds: number[];
  /** The read of its seats: the fan-out's, or a late poller's when nobody was waiting. */
  rows: Promise<SeatRow[]> | null;
  /** Epoch ms when `rows` was read: of two reads of one seat the later one wins. */
  readAt: number;
}

/** The last batch version a user's answer covered on this instance, and when (epoch ms). */
interface Answered {
  version: number;
  at: number;
}

interface ConcertPolls {
  pollers: Map<number, Poller>;
  unsubscribe: Promise<() => Promise<void>>;
  pendingSeatIds: Set<number>;
  flushTimer: NodeJS.Timeout | null;
  /** Set while nobody polls: the concert is forgotten when it fires. */
  idleTimer: NodeJS.Timeout | null;
  /** Batches formed so far; each fan-out answers one version. */
  version: number;
  /** Recent batches, oldest first (at most MAX_BATCHES, none older than `rememberMs`). */
  batches: Batch[];
  /** Batches whose fan-out read is still out. */
  reading: Set<Batch>;
  answered: Map<number, Answered>;
  prunedAt: number;
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
/** Recent batches kept per concert for polls that come back after one (a few hundred KB at most). */
const MAX_BATCHES = 256;
/**
 * A user this instance has not answered yet (a first poll, or the last answer came from another
 * instance: the memory is per instance and the load balancer may alternate) is sent the changes
 * heard in this window. It covers the client's gap between two polls (a status re-read, then
 * 300 ms) at the cost of seats sent twice, which is harmless: once answered here the user is
 * known, so each change is answered at most once more per instance, never in a loop. Changes made
 * while no poll of the concert was held on this instance were not heard here at all; in a rush
 * every instance holds polls of a busy concert.
 */
const UNKNOWN_USER_WINDOW_MS = 5_000;

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
  /**
   * How long what a user was answered, recent batches and an unpolled concert's subscription
   * are remembered: the longest poll plus a margin, so a poll that timed out is still known when
   * its successor comes.
   */
  rememberMs: number;
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

  /** Stops listening to the concert and forgets it. */
  function forget(concertId: number, polls: ConcertPolls): void {
    if (concerts.get(concertId) === polls) concerts.delete(concertId);
    if (polls.flushTimer) clearTimeout(polls.flushTimer);
    if (polls.idleTimer) clearTimeout(polls.idleTimer);
    void polls.unsubscribe.then((unsubscribe) => unsubscribe()).catch(() => undefined);
  }

  /**
   * Takes a poller out. A concert nobody polls any more keeps listening for `rememberMs`, so a
   * change between a user's two polls answers the second one at once.
   * False if it was out already (answered, timed out, replaced or disconnected).
   */
  function release(concertId: number, userId: number, poller: Poller): boolean {
    const polls = concerts.get(concertId);
    if (!polls || !detach(polls, poller)) return false;
    idleWhenUnpolled(concertId, polls);
    return true;
  }

  /** A concert nobody polls is forgotten after `rememberMs` unless a poll comes meanwhile. */
  function idleWhenUnpolled(concertId: number, polls: ConcertPolls): void {
    if (polls.pollers.size > 0 || polls.idleTimer) return;
    polls.idleTimer = setTimeout(() => {
      polls.idleTimer = null;
      if (polls.pollers.size === 0) forget(concertId, polls);
    }, deps.rememberMs);
    polls.idleTimer.unref();
  }

  function remember(polls: ConcertPolls, userId: number, version: number, at: number): void {
    const known = polls.answered.get(userId);
    if (known) {
      known.version = version;
      known.at = at;
    } else {
      polls.answered.set(userId, { version, at });
    }
  }

  /** Drops what is older than `rememberMs`, at most a few times per period. */
  function prune(polls: ConcertPolls, now: number): void {
    if (now - polls.prunedAt < deps.rememberMs / 4) return;
    polls.prunedAt = now;
    const cutoff = now - deps.rememberMs;
    for (const [userId, known] of polls.answered) {
      if (known.at < cutoff) polls.answered.delete(userId);
    }
    const kept = polls.batches.findIndex((batch) => batch.at >= cutoff);
    polls.batches.splice(0, kept === -1 ? polls.batches.length : kept);
  }

  /** The batch's rows, read now if nobody read them yet (shared by every late poller). */
  function rowsOf(concertId: number, batch: Batch): Promise<SeatRow[]> {
    if (batch.rows) return batch.rows;
    batch.readAt = deps.clock.now().getTime();
    const read = deps.seats.describeSeatRows({ concertId, seatIds: batch.seatIds });
    batch.rows = read;
    // A failed read is tried again by the next poller rather than failing them all.
    read.catch(() => {
      if (batch.rows === read) batch.rows = null;
    });
    return read;
  }

  async function flush(concertId: number): Promise<void> {
    const polls = concerts.get(concertId);
    if (!polls) return;
    polls.flushTimer = null;
    const seatIds = [...polls.pendingSeatIds];
    polls.pendingSeatIds.clear();
    if (seatIds.length === 0) return;
    const readAt = deps.clock.now();
    // Recorded even when nobody waits: whoever polls next has missed it.
    const batch: Batch = {
      version: ++polls.version,
      at: readAt.getTime(),
      seatIds,
      rows: null,
      readAt: readAt.getTime(),
    };
    polls.batches.push(batch);
    if (polls.batches.length > MAX_BATCHES) polls.batches.shift();
    const waiting = [...polls.pollers.values()];
    if (waiting.length === 0) return;
    const updateTime = cursorBefore(readAt);
    // One database read for the batch. Entries differ between pollers only in
    // isReservedByCurrentUser, so everyone who holds none of these seats shares one serialised
    // answer and only the holders get their own: 20,000 pollers cost one JSON.stringify, not
    // 20,000 (and no per-answer schema serialisation).
    polls.reading.add(batch);
    let rows: SeatRow[];
    try {
      rows = await rowsOf(concertId, batch);
    } finally {
      polls.reading.delete(batch);
    }
    const now = deps.clock.now();
    // An earlier batch still being read was not delivered to these pollers: their next poll
    // catches up from it.
    let covered = batch;
    for (const earlier of polls.reading) if (earlier.version < covered.version) covered = earlier;
    const coveredVersion = covered === batch ? batch.version : covered.version - 1;
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
    // After every answer went out, so the memory costs the sockets nothing.
    for (const poller of answering) {
      if (poller.seenVersion > coveredVersion) {
        remember(polls, poller.userId, poller.seenVersion, poller.seenAt);
      } else {
        remember(polls, poller.userId, coveredVersion, covered.at);
      }
    }
    // Only now do the waiting handlers resume (those written to end their responses): every
    // answer went out first, without thousands of continuations and their garbage in between.
    outcomes.forEach((outcome, i) => answering[i]?.resolve(outcome));
  }

  /**
   * What a user polling now has missed: the batches after their last answer on this instance,
   * or (some of those already forgotten) the time to read changes from; null when nothing.
   */
  function missedBy(
    polls: ConcertPolls,
    userId: number,
    now: number,
  ): { batches: Batch[] } | { since: number } | null {
    const known = polls.answered.get(userId);
    const after = known ? known.version : -1;
    const from = known ? now : now - UNKNOWN_USER_WINDOW_MS;
    let first = polls.batches.length;
    while (first > 0) {
      const previous = polls.batches[first - 1];
      if (!previous || previous.version <= after || (!known && previous.at <= from)) break;
      first -= 1;
    }
    const batches = polls.batches.slice(first);
    if (known && known.version < polls.version && batches[0]?.version !== known.version + 1) {
      return { since: known.at };
    }
    return batches.length > 0 ? { batches } : null;
  }

  /** Answers a poll at once with what it missed (see missedBy); null if that was nothing. */
  async function catchUp(
    concertId: number,
    polls: ConcertPolls,
    userId: number,
    missed: { batches: Batch[] } | { since: number },
  ): Promise<PollOutcome | null> {
    const coveredVersion = polls.version;
    const readAt = deps.clock.now();
    let rows: SeatRow[];
    let cursorAt = readAt.getTime();
    if ('since' in missed) {
      rows = await deps.seats.describeSeatRowsChangedSince({
        concertId,
        since: new Date(missed.since - CURSOR_GRACE_MS),
      });
    } else {
      const reads = await Promise.all(missed.batches.map((batch) => rowsOf(concertId, batch)));
      // The latest read of a seat is the freshest, whichever batch it came with.
      const order = missed.batches.map((batch, i) => ({ batch, rows: reads[i] ?? [] }));
      order.sort((a, b) => a.batch.readAt - b.batch.readAt);
      const bySeat = new Map<number, SeatRow>();
      for (const read of order) for (const row of read.rows) bySeat.set(row.id, row);
      rows = [...bySeat.values()];
      cursorAt = Math.min(...order.map((read) => read.batch.readAt));
    }
    remember(polls, userId, coveredVersion, readAt.getTime());
    if (rows.length === 0) return null;
    const now = deps.clock.now();
    return {
      kind: 'answer',
      json: updateJson(
        rows.map((row) => deps.seats.toEntry(row, userId, now)),
        cursorBefore(new Date(cursorAt)),
      ),
    };
  }

  function concertPolls(concertId: number): ConcertPolls {
    let polls = concerts.get(concertId);
    if (!polls) {
      const created: ConcertPolls = {
        pollers: new Map(),
        pendingSeatIds: new Set(),
        flushTimer: null,
        idleTimer: null,
        version: 0,
        batches: [],
        reading: new Set(),
        answered: new Map(),
        prunedAt: deps.clock.now().getTime(),
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
      // Listening before reading: a change committed after the read is then surely heard. Read
      // first, a change published while the subscription was still being made (another
      // instance's hold, in the few ms of Redis's SUBSCRIBE) was in neither and the poll waited
      // out its timeout (seen in the nginx test on a loaded machine).
      const listening = concertPolls(concertId);
      await listening.unsubscribe;
      idleWhenUnpolled(concertId, listening);
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
    // From here to registering the poller (or taking what it missed) nothing awaits, so the
    // checks still hold.
    const previous = polls.pollers.get(userId);
    if (previous) {
      if (!options.replace) return { kind: 'conflict' };
      // Detached only: the new poll takes its place on the same, still subscribed, concert.
      detach(polls, previous);
      remember(polls, userId, previous.seenVersion, previous.seenAt);
      answer(previous, timeoutJson());
    }
    const seenAt = deps.clock.now().getTime();
    prune(polls, seenAt);
    // A change made while this user had no poll held (between two polls) answers at once, from
    // the batches remembered here: no database read unless nobody was waiting for them.
    const missed = missedBy(polls, userId, seenAt);
    if (missed) {
      const caughtUp = await catchUp(concertId, polls, userId, missed);
      return caughtUp ?? poll({ ...options, replace: true, changedSince: null });
    }
    if (polls.pollers.size >= deps.maxPollersPerConcert) return { kind: 'overloaded' };
    const current = polls;
    if (current.idleTimer) {
      clearTimeout(current.idleTimer);
      current.idleTimer = null;
    }
    return new Promise<PollOutcome>((resolve) => {
      const poller: Poller = {
        userId,
        resolve,
        write: options.write ?? null,
        seenVersion: current.version,
        seenAt,
        timer: setTimeout(() => {
          if (!release(concertId, userId, poller)) return;
          remember(current, userId, poller.seenVersion, poller.seenAt);
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
      forget(concertId, polls);
    }
  }

  return {
    poll,
    closeAll,
    waitingCount: () => [...concerts.values()].reduce((n, c) => n + c.pollers.size, 0),
    /** Users whose last answer is remembered, over all concerts (memory checks). */
    rememberedUsers: () => [...concerts.values()].reduce((n, c) => n + c.answered.size, 0),
  };
}

export type SeatPollHub = ReturnType<typeof createSeatPollHub>;
