import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Personal fields kept encrypted at rest (issue 28: refund accounts, cash-receipt numbers):
 * AES-256-GCM with a random 12-byte nonce per value, stored as `v1.<nonce>.<tag>.<ciphertext>`
 * (base64url). The key is derived from the application secret with HKDF (a purpose label of
 * its own), so no second secret has to be kept in step across instances; decisions.md says why.
 */
export interface FieldCrypto {
  encrypt(plain: string): string;
  /** Throws when the value was not written by this key (altered, or another secret). */
  decrypt(sealed: string): string;
}

export function createFieldCrypto(
  secret: string,
  purpose = 'curtaincall:personal-fields',
): FieldCrypto {
  const key = Buffer.from(hkdfSync('sha256', secret, 'curtaincall', purpose, 32));
  return {
    encrypt(plain) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return ['v1', nonce, tag, body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    decrypt(sealed) {
      const [version, nonce, tag, body] = sealed.split('.');
      if (version !== 'v1' || !nonce || !tag || body === undefined) {
        throw new Error('not a sealed field');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(body, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}
