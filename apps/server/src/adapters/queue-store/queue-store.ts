/**
 * The waiting room of each concert (product-rules.md §3, api-contract.md §6): a queue of waiting
 * users ordered by entry time (epoch ms; entries of the same millisecond in arrival order), and
 * access keys for the admitted ones. Entry time rather than a per-queue counter, so a fan moved
 * from a sold-out performance's queue stands where they would have stood had they queued there
 * from the start (issue 26). At most `capacity` users per concert
 * hold an *active* key at once; a released key stays valid until its TTL ends but frees its slot.
 *
 * Two implementations behind this port: in process (embedded) and Redis (scale-out, Lua for the
 * steps that must be atomic). Both pass the same test suite. Times are passed in (`now`, epoch
 * ms) so the rules are tested with a clock instead of sleeping.
 */
export interface QueueSettings {
  /** Users admitted to the seat page of one concert at once. */
  capacity: number;
  /** An access key lives this long after admission or its last extension. */
  keyTtlMs: number;
  /** ...but never longer than this after admission. */
  keyHardCapMs: number;
  /** A waiting user not seen (socket or status poll) for this long loses the place. */
  waitingGraceMs: number;
}

export interface AccessKeyGrant {
  userId: number;
  accessKey: string;
}

export type EnterResult =
  | { status: 'IMMEDIATE_ENTRY'; accessKey: string }
  | { status: 'WAITING'; rank: number }
  /** A counter of the entry's rate limit went over its maximum: nothing else happened. */
  | { status: 'RATE_LIMITED' }
  /** `whileKeyExists` named a key that is gone (the caller's session ended): nothing happened. */
  | { status: 'KEY_GONE' };

/**
 * A rate limit counted in the same step as an entry (one Redis call instead of two in an on-sale
 * rush). Each counter (a key of the CounterStorePort, sharing its counts) rises by one in a
 * fixed window; when any goes over its `max`, the entry is refused and the queue is untouched.
 */
export interface EntryRateLimit {
  counters: Array<{ key: string; max: number }>;
  windowSeconds: number;
}

export type QueueStatusResult =
  | { status: 'ADMITTED'; accessKey: string }
  | { status: 'WAITING'; rank: number }
  | { status: 'EXPIRED_OR_NOT_IN_QUEUE' };

export interface TickResult {
  /** Users who received a key in this tick, in queue order. */
  admitted: AccessKeyGrant[];
  /**
   * Every still-waiting user whose rank changed in this tick, or since the last tick by a place
   * taken ahead of them (a moved fan, an entry stamped earlier than the last one).
   */
  rankChanges: Array<{ userId: number; rank: number }>;
  /** Waiting users dropped because they were not seen within the grace period. */
  dropped: number[];
}

/** The outcome of moving a waiting user to another concert's queue. */
export type MoveResult =
  /** Moved: the place in the target queue, by the original entry time. */
  | { status: 'WAITING'; rank: number }
  /** The user already holds a live key of the target concert: the source place is given up. */
  | { status: 'ADMITTED'; accessKey: string }
  /** The user was not waiting in the source queue: nothing happened. */
  | { status: 'NOT_WAITING' };

export interface QueueStats {
  waiting: number;
  /** Admitted users whose key is live and still takes a slot. */
  admitted: number;
}

export interface QueueStorePort {
  /**
   * Joins the queue, or enters at once when nobody waits and a slot is free. Idempotent.
   * With `limit`, its counters rise first and may refuse the entry (RATE_LIMITED).
   */
  enter(
    concertId: number,
    userId: number,
    now: number,
    limit?: EntryRateLimit,
    /**
     * Redis stores only: a key that must exist, checked in the same call before anything else
     * (KEY_GONE otherwise). The queue-entry fast lane passes its remembered session's key, so an
     * entry from a session that ended since is refused as surely as by a fresh read.
     */
    whileKeyExists?: string,
  ): Promise<EnterResult>;
  status(concertId: number, userId: number, now: number): Promise<QueueStatusResult>;
  /**
   * Moves a waiting user from one concert's queue to another's in one atomic step, keeping the
   * original entry time (and its place among entries of the same millisecond), so they land
   * among the target's users by when they first queued. A user already waiting in the target
   * keeps the earlier of the two places. Refused (NOT_WAITING, nothing changed) unless the user
   * is waiting in the source queue.
   */
  move(
    fromConcertId: number,
    toConcertId: number,
    userId: number,
    now: number,
  ): Promise<MoveResult>;
  /** Marks a waiting user as still present (their socket is open or they polled). */
  touch(concertId: number, userId: number, now: number): Promise<void>;
  /**
   * Expires keys, drops absent waiting users, and admits the oldest waiting users into free
   * slots. Called by the admission job once a second for every concert with a queue.
   */
  tick(concertId: number, now: number): Promise<TickResult>;
  /** Pushes a live key to min(now + TTL, admission + hard cap) and re-takes its slot. */
  extend(concertId: number, userId: number, now: number): Promise<{ ttlMs: number } | null>;
  /** Frees the user's slot now; the key itself stays valid until its TTL ends. */
  release(concertId: number, userId: number, now: number): Promise<void>;
  /**
   * When `accessKey` is this user's live key for this concert, the moment (epoch ms) it expires;
   * otherwise null. A live key only ever lives longer (extend), never shorter: a release leaves
   * it to its TTL and re-entry with a live key takes the same key back.
   */
  keyExpiry(
    concertId: number,
    userId: number,
    accessKey: string,
    now: number,
  ): Promise<number | null>;
  /**
   * Users waiting and users holding a slot (a live, unreleased key) right now: the metrics and
   * the admin's live view. Counts only, no per-user work (one round trip in Redis).
   */
  stats(concertId: number, now: number): Promise<QueueStats>;
  /** Concerts that have waiting users or live keys: the ones the admission job must tick. */
  activeConcerts(): Promise<number[]>;
  /**
   * Ends a concert's waiting room (a cancelled concert): every waiting place and every access
   * key, live or released, at once. Entering again afterwards starts a new room.
   */
  closeConcert(concertId: number): Promise<void>;
}
