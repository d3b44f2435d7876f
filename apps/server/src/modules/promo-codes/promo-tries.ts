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
 * limit holds across instances. Every try is counted before its code is looked at and spared
 * afterwards unless it was wrong: a burst of parallel guesses cannot all pass a check made
 * before any of them is counted, as a read-then-count would let them. Failures are then
 * `tries - spared`. The counting happens outside any database transaction (a Redis call has no
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
    const ipSparedKey = `promo-ok:ip:${window}:${ip}`;
    const refuse = () => {
      const secondsLeft = Math.max(1, Math.ceil(((window + 1) * length - now) / 1000));
      return new AppError('M006', promoMessages.tooManyTries, undefined, secondsLeft);
    };
    const [userTries, userSpared] = await Promise.all([
      counters.increment(`promo-try:user:${window}:${client.userId}`, windowSeconds),
      counters.get(userSparedKey),
    ]);
    if (userTries - userSpared > promoLimits.failedTriesPerWindow) throw refuse();
    // Only then the address's count: a blocked account trying on and on must not block the
    // other accounts behind the same address.
    const [ipTries, ipSpared] = await Promise.all([
      counters.increment(`promo-try:ip:${window}:${ip}`, windowSeconds),
      counters.get(ipSparedKey),
    ]);
    if (ipTries - ipSpared > promoLimits.failedTriesPerIpPerWindow) throw refuse();
    let failed = false;
    try {
      return await work();
    } catch (error) {
      failed = isFailedPromoTry(error);
      throw error;
    } finally {
      // After the work: its outcome (a booking may have committed) must not turn into an error
      // here. A spare lost to a Redis outage only counts one right code as a wrong one.
      if (!failed) {
        await counters
          .incrementEach([userSparedKey, ipSparedKey], windowSeconds)
          .catch(() => undefined);
      }
    }
  }

  return { attempt };
}

export type PromoTryLimiter = ReturnType<typeof createPromoTryLimiter>;
