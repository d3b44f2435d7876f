/**
 * Sends one Web Push message (RFC 8030) to one browser subscription, encrypted for it (RFC 8291,
 * aes128gcm) and signed with our VAPID key (RFC 8292). The answer says what to do with the
 * subscription: keep it, drop it (the push service says it is gone), or try again later.
 */
import type { EndpointRefusal } from './endpoint-policy';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export type PushOutcome =
  | { kind: 'sent' }
  /** 404 or 410: the browser unsubscribed or the subscription expired. */
  | { kind: 'gone'; status: number }
  /** A network error, 429 or 5xx: worth another attempt. */
  | { kind: 'retry'; error: string }
  /** Any other refusal (bad key, payload too large): another attempt would fail the same way. */
  | { kind: 'failed'; error: string }
  /**
   * Not sent: the endpoint leads inside our network (a loopback, private, link-local, metadata
   * ... address, or a port other than 443) and no allow-list names it. It never will be sent.
   */
  | { kind: 'refused'; reason: EndpointRefusal };

export interface PushSenderPort {
  /** The VAPID public key (URL-safe base64), the browser's `applicationServerKey`. */
  readonly publicKey: string;
  send(target: PushTarget, payload: string, options: { ttlSeconds: number }): Promise<PushOutcome>;
}
