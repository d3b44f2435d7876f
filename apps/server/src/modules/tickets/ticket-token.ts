import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * Ticket tokens: `v1.<base64url(JSON {t,b,c})>.<base64url(MAC)>`, the MAC being HMAC-SHA256 over
 * the text before the second dot. Anyone can read a token (it names a ticket, a booking number
 * and a concert, all printed on the ticket anyway); only the server can make one.
 */

const VERSION = 'v1';
/** HKDF `info`: the session secret is never used directly as the ticket key. */
const KEY_LABEL = 'curtaincall ticket token v1';
/** 128 bits of MAC: beyond guessing, and a short token keeps the QR code small and scannable. */
const MAC_BYTES = 16;
/** base64url of 16 bytes, without padding. */
const MAC_CHARS = Math.ceil((MAC_BYTES * 8) / 6);
const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** Far above any real token (about 90 characters); longer input is not even decoded. */
const MAX_TOKEN_CHARS = 512;

const INT4_MAX = 2_147_483_647;
const payloadSchema = z.strictObject({
  t: z.number().int().min(1).max(INT4_MAX),
  b: z.string().min(1).max(40),
  c: z.number().int().min(1).max(INT4_MAX),
});

/** What a token says: which ticket, of which booking, for which concert. */
export interface TicketClaims {
  ticketId: number;
  bookingNumber: string;
  concertId: number;
}

export interface TicketTokenSigner {
  /** The token of a ticket; the same claims always give the same token. */
  sign(claims: TicketClaims): string;
  /** The claims of a token we signed with this key; null for anything else, never a throw. */
  verify(token: string): TicketClaims | null;
}

/** A signer whose key is derived (HKDF-SHA256) from `secret`, the app's session secret. */
export function createTicketTokenSigner(secret: string): TicketTokenSigner {
  const key = Buffer.from(hkdfSync('sha256', secret, '', KEY_LABEL, 32));
  const macOf = (signed: string) =>
    createHmac('sha256', key).update(signed).digest().subarray(0, MAC_BYTES).toString('base64url');

  function sign(claims: TicketClaims): string {
    const payload: z.infer<typeof payloadSchema> = {
      t: claims.ticketId,
      b: claims.bookingNumber,
      c: claims.concertId,
    };
    const signed = `${VERSION}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
    return `${signed}.${macOf(signed)}`;
  }

  function verify(token: string): TicketClaims | null {
    if (token.length > MAX_TOKEN_CHARS) return null;
    const parts = token.split('.');
    if (parts.length !== 3) return null;
    const [version = '', payload = '', mac = ''] = parts;
    if (version !== VERSION || !BASE64URL.test(payload) || mac.length !== MAC_CHARS) return null;
    // The MAC is compared as text, not as decoded bytes: base64url decoding ignores a last
    // character's spare bits, so two spellings of one MAC would otherwise both pass.
    const expected = Buffer.from(macOf(`${version}.${payload}`));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    let decoded: unknown;
    try {
      decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      return null;
    }
    const parsed = payloadSchema.safeParse(decoded);
    if (!parsed.success) return null;
    return { ticketId: parsed.data.t, bookingNumber: parsed.data.b, concertId: parsed.data.c };
  }

  return { sign, verify };
}
