import { Signer } from '@fastify/cookie';
import { describe, expect, it } from 'vitest';
import { createRememberingSigner } from './session';

const SECRET = 'a-session-secret-of-at-least-32-characters';

describe('remembering cookie signer', () => {
  it('signs and checks exactly as the plain signer, the first time and every time after', () => {
    const plain = new Signer(SECRET, 'sha256');
    const remembering = createRememberingSigner(SECRET);
    for (let i = 0; i < 2; i += 1) {
      expect(remembering.sign('session-id')).toBe(plain.sign('session-id'));
      expect(remembering.unsign(plain.sign('session-id'))).toEqual({
        valid: true,
        renew: false,
        value: 'session-id',
      });
    }
  });

  it('never accepts a forged or altered cookie, even next to a remembered good one', () => {
    const remembering = createRememberingSigner(SECRET);
    const good = remembering.sign('session-id');
    expect(remembering.unsign(good).valid).toBe(true);
    const refused = { valid: false, renew: false, value: null };
    expect(remembering.unsign(`${good}x`)).toEqual(refused);
    expect(remembering.unsign(`other-id.${good.split('.')[1]}`)).toEqual(refused);
    expect(
      remembering.unsign(new Signer('another-secret-of-32-characters-or-more').sign('session-id')),
    ).toEqual(refused);
    expect(remembering.unsign('no-signature')).toEqual(refused);
  });
});
