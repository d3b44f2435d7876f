import { createHash } from 'node:crypto';

/** What a server-side session holds. Roles are never stored here: they are read per request. */
export interface SessionData {
  userId?: number;
  /** ms epoch of the last sliding-expiry refresh. */
  touchedAt?: number;
  /** The pending social sign-up (api-contract.md §2.6), about 10 minutes. */
  socialSignup?: {
    provider: string;
    providerUserId: string;
    email: string;
    name: string;
    expiresAt: number;
  };
  [key: string]: unknown;
}

/**
 * Where sessions live: the database (embedded) or Redis (scale-out).
 * Ids are hashed before storage so a leaked table or dump cannot be replayed as cookies.
 */
export interface SessionStorePort {
  get(sessionId: string): Promise<SessionData | null>;
  set(sessionId: string, data: SessionData, userId: number | null): Promise<void>;
  destroy(sessionId: string): Promise<void>;
  /** Ends every session of a user (password change, account removal). */
  destroyAllForUser(userId: number): Promise<void>;
  /** Deletes expired sessions; returns how many. */
  sweepExpired(): Promise<number>;
  /**
   * Redis store only: the key that exists exactly while the session lives, for a Redis script
   * that must act only for a live session (queue entry's fast lane: QueueStorePort.enter).
   */
  liveKey?(sessionId: string): string;
}

/** Hashes remembered per instance: every request of a session looks its row or key up by it. */
const hashes = new Map<string, string>();
const HASHES_REMEMBERED = 100_000;

/** What the store keys a session by, so a leaked store never holds usable session ids. */
export function hashSessionId(sessionId: string): string {
  let hash = hashes.get(sessionId);
  if (hash === undefined) {
    hash = createHash('sha256').update(sessionId).digest('hex');
    if (hashes.size >= HASHES_REMEMBERED) hashes.clear();
    hashes.set(sessionId, hash);
  }
  return hash;
}
