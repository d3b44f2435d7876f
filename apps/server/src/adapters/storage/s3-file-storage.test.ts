import crypto from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  S3_TEST_ACCESS_KEY_ID,
  S3_TEST_SECRET_ACCESS_KEY,
  httpGet,
  loopbackAgent,
  startS3TestServer,
  type S3TestServer,
} from '../../../test/helpers/s3-test-server';
import { registerErrorHandling } from '../../http/error-handler';
import { registerWebApp } from '../../http/web-app';
import { createManualClock } from '../../lib/clock';
import { describeFileStorageContract, type StorageUnderTest } from './file-storage.contract';
import {
  createS3FileStorages,
  type S3PrivateFileStorage,
  type S3StorageSettings,
  StorageUnavailableError,
} from './s3-file-storage';

const appBaseUrl = 'http://app.test';
const clock = createManualClock(new Date());
let server: S3TestServer;
const closers: (() => unknown)[] = [];

async function storagesFor(overrides: Partial<S3StorageSettings> = {}) {
  const stores = await createS3FileStorages(
    {
      bucket: server.bucket,
      region: 'us-east-1',
      endpoint: server.endpoint,
      accessKeyId: S3_TEST_ACCESS_KEY_ID,
      secretAccessKey: S3_TEST_SECRET_ACCESS_KEY,
      forcePathStyle: true,
      publicBaseUrl: `${appBaseUrl}/uploads`,
      privateUrlTtlSeconds: 300,
      ...overrides,
    },
    { clock, httpAgent: loopbackAgent() },
  );
  closers.push(stores.close);
  return stores;
}

const asUrlAnswer = (answer: Awaited<ReturnType<typeof httpGet>>) => ({
  status: answer.status,
  contentType: answer.headers['content-type']?.toString(),
  body: answer.body,
});

let servedByApp: StorageUnderTest;
let servedByBucket: StorageUnderTest;
let virtualHosted: StorageUnderTest;
let web: FastifyInstance;

beforeAll(async () => {
  server = await startS3TestServer();
  // Default (no S3_PUBLIC_BASE_URL): the bucket stays private and the app streams public files.
  const appStores = await storagesFor();
  web = Fastify();
  await registerWebApp(web, {
    webDistDir: '/nonexistent-web-build',
    uploads: { storage: appStores.storage },
  });
  servedByApp = {
    ...appStores,
    async fetchUrl(url) {
      if (!url.startsWith(`${appBaseUrl}/`)) throw new Error(`not the app's URL: ${url}`);
      const answer = await web.inject({ method: 'GET', url: url.slice(appBaseUrl.length) });
      return {
        status: answer.statusCode,
        contentType: answer.headers['content-type']?.toString(),
        body: answer.rawPayload,
      };
    },
  };
  // S3_PUBLIC_BASE_URL: browsers fetch public files from the bucket (public/ readable by policy).
  const bucketStores = await storagesFor({
    publicBaseUrl: `${server.endpoint}/${server.bucket}/public`,
  });
  servedByBucket = {
    ...bucketStores,
    fetchUrl: async (url) => {
      server.setPublicReadPrefix('public/');
      try {
        return asUrlAnswer(await httpGet(url));
      } finally {
        server.setPublicReadPrefix(null);
      }
    },
  };
  // Virtual-hosted addressing (`<bucket>.s3.localhost`), as AWS S3 itself is reached.
  const virtualHostedStores = await storagesFor({
    endpoint: server.virtualHostEndpoint,
    forcePathStyle: false,
    publicBaseUrl: `${server.virtualHostEndpoint.replace('//', `//${server.bucket}.`)}/public`,
  });
  virtualHosted = {
    ...virtualHostedStores,
    fetchUrl: async (url) => {
      server.setPublicReadPrefix('public/');
      try {
        return asUrlAnswer(await httpGet(url));
      } finally {
        server.setPublicReadPrefix(null);
      }
    },
  };
});
afterAll(async () => {
  for (const close of closers) close();
  await web?.close();
  await server?.close();
});

describeFileStorageContract('S3 (public files streamed by the app)', () => servedByApp);
describeFileStorageContract('S3 (public files from the bucket)', () => servedByBucket);
describeFileStorageContract(
  'S3 (virtual-hosted bucket, public files from it)',
  () => virtualHosted,
);

describe('S3 private files', () => {
  const pdf = () => Buffer.from(`%PDF-1.4 licence ${Math.random()}`);

  it.each([
    ['path-style', () => servedByApp],
    ['virtual-hosted', () => virtualHosted],
  ] as const)(
    '(%s) a signed URL answers the bytes; without its signature or altered, nothing',
    async (_style, stores) => {
      const { privateStorage } = stores();
      const signer = privateStorage as S3PrivateFileStorage;
      const key = `seller-documents/${crypto.randomUUID()}.pdf`;
      const other = `seller-documents/${crypto.randomUUID()}.pdf`;
      const body = pdf();
      await privateStorage.put(key, body, 'application/pdf');
      await privateStorage.put(other, pdf(), 'application/pdf');
      // Even with a public-read policy on public/, private/ stays closed.
      server.setPublicReadPrefix('public/');
      try {
        const url = new URL(await signer.signedUrl(key));
        expect(url.pathname.endsWith(`/private/${key}`)).toBe(true);
        expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
        const signed = await httpGet(url.href);
        expect(signed.status).toBe(200);
        expect(signed.headers['content-type']).toBe('application/pdf');
        expect(signed.body.equals(body)).toBe(true);

        const unsigned = await httpGet(`${url.origin}${url.pathname}`);
        expect(unsigned.status).toBe(403);
        expect(unsigned.body.includes(body)).toBe(false);

        const altered = new URL(url);
        const signature = url.searchParams.get('X-Amz-Signature') ?? '';
        altered.searchParams.set(
          'X-Amz-Signature',
          (signature[0] === 'a' ? 'b' : 'a') + signature.slice(1),
        );
        expect((await httpGet(altered.href)).status).toBe(403);

        const otherKey = new URL(url);
        otherKey.pathname = url.pathname.replace(key, other);
        expect((await httpGet(otherKey.href)).status).toBe(403);

        const longer = new URL(url);
        longer.searchParams.set('X-Amz-Expires', '604800');
        expect((await httpGet(longer.href)).status).toBe(403);
      } finally {
        server.setPublicReadPrefix(null);
      }
    },
  );

  it.each([
    ['path-style', () => servedByApp],
    ['virtual-hosted', () => virtualHosted],
  ] as const)('(%s) a signed URL stops working when it expires', async (_style, stores) => {
    const signer = stores().privateStorage as S3PrivateFileStorage;
    const key = `seller-documents/${crypto.randomUUID()}.pdf`;
    await signer.put(key, pdf(), 'application/pdf');
    const wallNow = Date.now();
    try {
      // Signed by the app's clock 301 s ago with the 300 s default: the server, on its own
      // time, finds it expired. Signed 299 s ago it still works.
      clock.set(new Date(wallNow - 301_000));
      const expired = await httpGet(await signer.signedUrl(key));
      expect(expired.status).toBe(403);
      expect(expired.body.toString()).toMatch(/expired/i);
      clock.set(new Date(wallNow - 299_000));
      expect((await httpGet(await signer.signedUrl(key))).status).toBe(200);
      // A shorter lifetime asked for by the caller.
      clock.set(new Date(wallNow - 61_000));
      const short = await signer.signedUrl(key, { expiresInSeconds: 60 });
      expect(new URL(short).searchParams.get('X-Amz-Expires')).toBe('60');
      expect((await httpGet(short)).status).toBe(403);
    } finally {
      clock.set(new Date());
    }
  });

  it('refuses requests signed with the wrong secret', async () => {
    const { storage, privateStorage } = await storagesFor({ secretAccessKey: 'not-the-secret' });
    await expect(storage.put('posters/wrong.webp', pdf(), 'image/webp')).rejects.toThrow(
      /signature/i,
    );
    await expect(privateStorage.get('seller-documents/wrong.pdf')).rejects.toThrow(/signature/i);
  });
});

describe('S3 outage', () => {
  it('an unreachable store is an outage: StorageUnavailableError, and 503 C012 from the app', async () => {
    const nothing = createServer();
    await new Promise<void>((resolve) => nothing.listen(0, '127.0.0.1', resolve));
    const { port } = nothing.address() as AddressInfo;
    await new Promise<void>((resolve) => nothing.close(() => resolve()));
    const { storage, privateStorage } = await storagesFor({ endpoint: `http://127.0.0.1:${port}` });
    await expect(storage.put('posters/down.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(
      StorageUnavailableError,
    );
    await expect(privateStorage.get('seller-documents/down.pdf')).rejects.toThrow(
      StorageUnavailableError,
    );
    const down = Fastify();
    registerErrorHandling(down);
    await registerWebApp(down, { webDistDir: '/nonexistent-web-build', uploads: { storage } });
    const answer = await down.inject({ method: 'GET', url: '/uploads/posters/down.webp' });
    await down.close();
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toMatchObject({ success: false, code: 'C012' });
  });
});
