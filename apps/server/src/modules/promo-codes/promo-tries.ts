import { promoLimits, promoMessages } from '@curtaincall/contracts';
import type { CounterStorePort } from '../../adapters/counter-store/counter-store';
import { AppError } from '../../http/app-error';
import type { Clock } from '../../lib/clock';
import { isFailedPromoTry } from './promo-codes.pricing';

/** Who tries a code: the account and the client's address. */
export interface PromoTryClient {
  userId: number;
  clientIp: string;
}

/**
 * The enumeration defence of promo codes: wrong codes (unknown, or not valid now) per account and
 * per client IP in a fixed window; past the limit every try is 429 M006 with Retry-After, a right
 * code included, until the window ends.
 *
 * Counted in the app's counter store (in process when embedded, Redis in scale-out), so the
 * limit holds across instances. An account's every try is counted before its code is looked at
 * and spared afterwards unless it was wrong: a burst of one account's parallel guesses cannot
 * all pass a check made before any of them is counted, as a read-then-count would let them.
 * Its failures are then `tries - spared`. An address counts its wrong codes after the fact (see
 * below). The counting happens outside any database transaction (a Redis call has no
 * place inside one), around the work that checks the code: the check route, or the booking.
 * Windows are aligned to the injected clock, as the login limit's are, so every instance agrees
 * on them and tests move time on Redis as in memory.
 */
export function createPromoTryLimiter(deps: { counters: CounterStorePort; clock: Clock }) {
  const { counters, clock } = deps;
  const windowSeconds = promoLimits.failedTriesWindowSeconds;

  /**
   * Runs `work` (which checks a code, throwing `PromoRefusal` when it may not be used) as one
   * try of `client`: 429 M006 instead when the account or the IP is over its limit.
   */
  async function attempt<T>(client: PromoTryClient, work: () => Promise<T>): Promise<T> {
    const now = clock.now().getTime();
    const length = windowSeconds * 1000;
    const window = Math.floor(now / length);
    // JSON keeps the address apart from the key's other parts, whatever it contains.
    const ip = JSON.stringify(client.clientIp);
    const userSparedKey = `promo-ok:user:${window}:${client.userId}`;
    const ipFailedKey = `promo-wrong:ip:${window}:${ip}`;
    const refuse = () => {
      const secondsLeft = Math.max(1, Math.ceil(((window + 1) * length - now) / 1000));
      return new AppError('M006', promoMessages.tooManyTries, undefined, secondsLeft);
    };
    const [userTries, userSpared] = await Promise.all([
      counters.increment(`promo-try:user:${window}:${client.userId}`, windowSeconds),
      counters.get(userSparedKey),
    ]);
    if (userTries - userSpared > promoLimits.failedTriesPerWindow) throw refuse();
    // The address counts wrong codes only, after the fact: counted before like the account's,
    // a rush of right codes from one carrier address (hundreds of fans behind one NAT booking at
    // an on-sale) would be refused for being many at once. Its parallel guesses are bounded by
    // the accounts' own counts, each counted before it is looked at. Only then the address, so
    // a blocked account trying on and on never adds to it and blocks its neighbours.
    if ((await counters.get(ipFailedKey)) >= promoLimits.failedTriesPerIpPerWindow) {
      throw refuse();
    }
    let failed = false;
    try {
      return await work();
    } catch (error) {
      failed = isFailedPromoTry(error);
      throw error;
    } finally {
      // After the work: its outcome (a booking may have committed) must not turn into an error
      // here. A count lost to a Redis outage only lets one wrong code go uncounted, or counts
      // one right code of the account as a wrong one.
      await (
        failed
          ? counters.increment(ipFailedKey, windowSeconds)
          : counters.increment(userSparedKey, windowSeconds)
      ).catch(() => undefined);
    }
  }

  return { attempt };
}

export type PromoTryLimiter = ReturnType<typeof createPromoTryLimiter>;
