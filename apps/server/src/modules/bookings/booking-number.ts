import { randomBytes } from 'node:crypto';

/** Crockford base32 without I, L, O, U: easy to read aloud and to type. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A booking number like `CC-7K2M9-QX4TR`: 10 base32 characters = 50 random bits, so numbers are
 * short and readable but not guessable (api-contract.md §8.1 asks for at least 40 bits).
 */
export function generateBookingNumber(): string {
  const bytes = randomBytes(10);
  let out = '';
  for (let i = 0; i < 10; i += 1) out += ALPHABET[(bytes[i] ?? 0) & 31];
  return `CC-${out.slice(0, 5)}-${out.slice(5)}`;
}
