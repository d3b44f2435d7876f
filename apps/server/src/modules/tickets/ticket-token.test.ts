import { createHmac, hkdfSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTicketTokenSigner, type TicketClaims } from './ticket-token';

const SECRET = 'ticket-token-test-secret-0123456789abcdef';
const signer = createTicketTokenSigner(SECRET);
const claims: TicketClaims = { ticketId: 42, bookingNumber: 'CC-AB12C-3DE4F', concertId: 7 };

/** The token with one character of part `index` (0 version, 1 payload, 2 MAC) changed. */
function alter(token: string, index: number, at: number): string {
  const parts = token.split('.');
  const part = parts[index] ?? '';
  const position = at < 0 ? part.length + at : at;
  const replacement = part[position] === 'A' ? 'B' : 'A';
  parts[index] = `${part.slice(0, position)}${replacement}${part.slice(position + 1)}`;
  return parts.join('.');
}

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('ticket tokens', () => {
  it('round-trips its claims, compactly and deterministically', () => {
    const token = signer.sign(claims);
    expect(token).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
    expect(token.length).toBeLessThan(100);
    expect(signer.verify(token)).toEqual(claims);
    expect(signer.sign(claims)).toBe(token);
    // A signer made later from the same secret (another instance, a restart) agrees.
    expect(createTicketTokenSigner(SECRET).verify(token)).toEqual(claims);
  });

  it('detects an altered payload, even one that is still valid JSON', () => {
    const token = signer.sign(claims);
    for (const at of [0, 5, -1]) expect(signer.verify(alter(token, 1, at))).toBeNull();
    const [version, , mac] = token.split('.');
    const otherTicket = encode({ t: 43, b: claims.bookingNumber, c: claims.concertId });
    expect(signer.verify(`${version}.${otherTicket}.${mac}`)).toBeNull();
  });

  it('detects an altered signature, including its last character whose spare bits decode away', () => {
    const token = signer.sign(claims);
    for (const at of [0, 10, -1]) expect(signer.verify(alter(token, 2, at))).toBeNull();
    const [version, payload, mac = ''] = token.split('.');
    expect(signer.verify(`${version}.${payload}.${mac.slice(0, -1)}`)).toBeNull();
    expect(signer.verify(`${version}.${payload}.${mac}A`)).toBeNull();
    expect(signer.verify(`${version}.${payload}.${'A'.repeat(22)}`)).toBeNull();
    expect(signer.verify(`v2.${payload}.${mac}`)).toBeNull();
  });

  it('refuses a token signed with another key', () => {
    const other = createTicketTokenSigner('another-secret-0123456789abcdef0123456789');
    const forged = other.sign(claims);
    expect(other.verify(forged)).toEqual(claims);
    expect(signer.verify(forged)).toBeNull();
  });

  it('does not use the secret itself as the HMAC key', () => {
    const signed = `v1.${encode({ t: 42, b: claims.bookingNumber, c: 7 })}`;
    const naive = createHmac('sha256', SECRET).update(signed).digest().subarray(0, 16);
    expect(signer.verify(`${signed}.${naive.toString('base64url')}`)).toBeNull();
  });

  it('answers null, never throws, for garbage', () => {
    const garbage = [
      '',
      '.',
      '..',
      'v1..',
      'v1.x',
      'v1.x.y.z',
      'hello world',
      '💥.💥.💥',
      'v1.eyJ0IjoxfQ.AAAAAAAAAAAAAAAAAAAAAA',
      `v1.${'A'.repeat(600)}.${'A'.repeat(22)}`,
      'x'.repeat(10_000),
    ];
    for (const token of garbage) expect(signer.verify(token)).toBeNull();
  });

  it('refuses a correctly signed payload of the wrong shape', () => {
    // Only a key holder can make these (the test derives the key as the signer does); the shape
    // check keeps the claims well-typed all the same.
    const key = Buffer.from(hkdfSync('sha256', SECRET, '', 'curtaincall ticket token v1', 32));
    const signOwn = (payload: string) => {
      const signed = `v1.${payload}`;
      const mac = createHmac('sha256', key).update(signed).digest().subarray(0, 16);
      return `${signed}.${mac.toString('base64url')}`;
    };
    const good = signOwn(encode({ t: 42, b: claims.bookingNumber, c: 7 }));
    expect(good).toBe(signer.sign(claims));
    for (const payload of [
      encode({ t: '42', b: 'x', c: 7 }),
      encode({ t: 0, b: 'x', c: 7 }),
      encode({ t: 1.5, b: 'x', c: 7 }),
      encode({ t: 1, b: '', c: 7 }),
      encode({ t: 1, b: 'x', c: 7, extra: true }),
      encode([1, 'x', 7]),
      encode(null),
      Buffer.from('{not json').toString('base64url'),
    ]) {
      expect(signer.verify(signOwn(payload))).toBeNull();
    }
  });
});
