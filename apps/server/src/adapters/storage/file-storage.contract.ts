import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { FileStoragePort, PrivateFileStoragePort } from './file-storage';

export interface UrlAnswer {
  status: number;
  contentType: string | undefined;
  body: Buffer;
}

export interface StorageUnderTest {
  storage: FileStoragePort;
  privateStorage: PrivateFileStoragePort;
  /** GETs a URL the way a browser does (no credentials), wherever the adapter's URLs point. */
  fetchUrl(url: string): Promise<UrlAnswer>;
}

/**
 * The rules every file storage keeps, run against the local disk and against a real
 * S3-compatible server (both ways of reaching public files). Each test uses keys of its own.
 */
export function describeFileStorageContract(
  name: string,
  /** Called once per test; the storages may be shared, the keys are not. */
  storages: () => StorageUnderTest,
): void {
  const fresh = (folder: string, extension: string) => `${folder}/${randomUUID()}.${extension}`;
  const bytes = (label: string) => Buffer.from(`${label} ${randomUUID()} \u0000\u00ff bytes`);

  describe(`${name} file storage`, () => {
    it('puts, reads, checks and deletes a public file; a second delete is no error', async () => {
      const { storage } = storages();
      const key = fresh('posters', 'webp');
      const body = bytes('poster');
      expect(await storage.exists(key)).toBe(false);
      expect(await storage.get(key)).toBeNull();
      await storage.put(key, body, 'image/webp');
      expect(await storage.exists(key)).toBe(true);
      const stored = await storage.get(key);
      expect(stored?.body.equals(body)).toBe(true);
      expect(stored?.contentType).toBe('image/webp');
      await storage.delete(key);
      expect(await storage.exists(key)).toBe(false);
      expect(await storage.get(key)).toBeNull();
      await expect(storage.delete(key)).resolves.toBeUndefined();
    });

    it('replaces the bytes of a key written twice', async () => {
      const { storage } = storages();
      const key = fresh('profiles', 'webp');
      await storage.put(key, bytes('first'), 'image/webp');
      const second = bytes('second');
      await storage.put(key, second, 'image/webp');
      expect((await storage.get(key))?.body.equals(second)).toBe(true);
    });

    it('keeps the content type of each kind of file we store', async () => {
      const { storage, privateStorage } = storages();
      const kinds = [
        ['webp', 'image/webp'],
        ['png', 'image/png'],
        ['jpg', 'image/jpeg'],
        ['pdf', 'application/pdf'],
      ] as const;
      for (const [extension, contentType] of kinds) {
        const key = fresh('seller-documents', extension);
        await privateStorage.put(key, bytes(extension), contentType);
        expect((await privateStorage.get(key))?.contentType).toBe(contentType);
        const publicKey = fresh('posters', extension);
        await storage.put(publicKey, bytes(extension), contentType);
        expect((await storage.get(publicKey))?.contentType).toBe(contentType);
      }
    });

    it('answers a public URL with the bytes and their content type, and not once deleted', async () => {
      const { storage, fetchUrl } = storages();
      const key = fresh('posters', 'webp');
      const body = bytes('served poster');
      await storage.put(key, body, 'image/webp');
      const url = storage.publicUrl(key);
      expect(url).toMatch(/^https?:\/\//);
      const answer = await fetchUrl(url);
      expect(answer.status).toBe(200);
      expect(answer.contentType).toBe('image/webp');
      expect(answer.body.equals(body)).toBe(true);
      await storage.delete(key);
      // 404 from our server; a bucket that lets nobody list its keys says 403 for a missing one.
      expect([403, 404]).toContain((await fetchUrl(url)).status);
    });

    it('keeps private files apart from public ones, reachable by no public URL', async () => {
      const { storage, privateStorage, fetchUrl } = storages();
      const key = fresh('seller-documents', 'pdf');
      const body = bytes('%PDF licence');
      await privateStorage.put(key, body, 'application/pdf');
      expect(await privateStorage.exists(key)).toBe(true);
      expect((await privateStorage.get(key))?.body.equals(body)).toBe(true);
      expect('publicUrl' in privateStorage).toBe(false);
      // The same key on the public side is another file, which does not exist.
      expect(await storage.exists(key)).toBe(false);
      expect(await storage.get(key)).toBeNull();
      const answer = await fetchUrl(storage.publicUrl(key));
      expect([403, 404]).toContain(answer.status);
      expect(answer.body.includes(body)).toBe(false);
      // Nor through a path that climbs out of the public location.
      for (const climb of ['../private/', '../private-files/', '%2e%2e/private/']) {
        const escaped = storage.publicUrl('posters/x.webp').replace('posters/x.webp', climb + key);
        const probe = await fetchUrl(escaped);
        expect(probe.status, escaped).not.toBe(200);
        expect(probe.body.includes(body)).toBe(false);
      }
      await privateStorage.delete(key);
      expect(await privateStorage.exists(key)).toBe(false);
      expect(await privateStorage.get(key)).toBeNull();
    });

    it('refuses keys that are not ours (climbing out, absolute, odd characters)', async () => {
      const { storage, privateStorage } = storages();
      const bad = [
        '',
        'x.webp',
        '../x.webp',
        'posters/../../x.webp',
        'posters/..',
        '/posters/x.webp',
        'posters//x.webp',
        'posters/a b.webp',
        'posters\\x.webp',
        'Posters/x.webp',
      ];
      for (const key of bad) {
        await expect(storage.put(key, bytes('bad'), 'image/webp'), key).rejects.toThrow(
          /^invalid storage key/,
        );
        await expect(privateStorage.put(key, bytes('bad'), 'application/pdf'), key).rejects.toThrow(
          /^invalid storage key/,
        );
        await expect(storage.get(key), key).rejects.toThrow(/^invalid storage key/);
        await expect(storage.exists(key), key).rejects.toThrow(/^invalid storage key/);
        await expect(privateStorage.get(key), key).rejects.toThrow(/^invalid storage key/);
        await expect(storage.delete(key), key).rejects.toThrow(/^invalid storage key/);
        expect(() => storage.publicUrl(key), key).toThrow(/^invalid storage key/);
      }
    });
  });
}
