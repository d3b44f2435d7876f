import { createHmac, randomBytes } from 'node:crypto';
import { Signer } from '@fastify/cookie';
import { z } from 'zod';

/**
 * OWASP's device cookie ("Slow Down Online Guessing Attacks with Device Cookies"): after a
 * successful password login the browser gets a signed cookie naming the account and a random
 * nonce. A later login to that account carrying it is counted in the cookie's own failure bucket,
 * so a guesser hammering the username cannot make its owner's known browser wait.
 */
export const DEVICE_COOKIE = 'cc_device';

/** Long-lived (renewed at every login); browsers cap a cookie's life at 400 days anyway. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** What a device cookie vouches for, once its signature checked out. */
export interface DeviceClaim {
  userId: number;
  /** The username lower-cased, as the login limits key it. */
  username: string;
  /** The user's device-cookie generation when it was issued ("log out everywhere" moves it on). */
  generation: number;
  /** 128 random bits: this device's own failure bucket. */
  nonce: string;
}

const claimSchema = z.object({
  u: z.number().int().positive(),
  n: z.string().min(1).max(200),
  g: z.number().int().min(0),
  r: z.string().regex(/^[A-Za-z0-9_-]{22}$/),
});

export function createDeviceCookieSigner(sessionSecret: string) {
  // A key of its own, derived from the session secret: a signed session id can never pass as a
  // device cookie, nor the other way round.
  const key = createHmac('sha256', sessionSecret).update('cc_device cookie v1').digest('hex');
  const signer = new Signer(key, 'sha256');

  return {
    /** A fresh cookie value for this account at this generation (a new nonce every time). */
    sign(claim: Omit<DeviceClaim, 'nonce'>): string {
      const payload = {
        u: claim.userId,
        n: claim.username,
        g: claim.generation,
        r: randomBytes(16).toString('base64url'),
      };
      return signer.sign(Buffer.from(JSON.stringify(payload)).toString('base64url'));
    },

    /** The claim of a well-signed cookie; null for anything else (absent, forged, malformed). */
    read(cookieValue: string | undefined): DeviceClaim | null {
      if (!cookieValue || cookieValue.length > 1024) return null;
      const unsigned = signer.unsign(cookieValue);
      if (!unsigned.valid || !unsigned.value) return null;
      let decoded: unknown;
      try {
        decoded = JSON.parse(Buffer.from(unsigned.value, 'base64url').toString('utf8'));
      } catch {
        return null;
      }
      const parsed = claimSchema.safeParse(decoded);
      if (!parsed.success) return null;
      const { u, n, g, r } = parsed.data;
      return { userId: u, username: n, generation: g, nonce: r };
    },
  };
}

export type DeviceCookieSigner = ReturnType<typeof createDeviceCookieSigner>;
