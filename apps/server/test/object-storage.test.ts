import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3FileStorages } from '../src/adapters/storage/s3-file-storage';
import { sellerApplications, uploadedFiles } from '../src/db/schema/index';
import { createLoggedInUser, multipart } from './helpers/factories';
import {
  S3_TEST_ACCESS_KEY_ID,
  S3_TEST_SECRET_ACCESS_KEY,
  httpGet,
  startS3TestServer,
  type S3TestServer,
} from './helpers/s3-test-server';
import { applyForSeller, samplePdf } from './helpers/sellers';
import { createTestContext, type TestContext } from './helpers/test-app';

/**
 * The modules on the S3 adapter, chosen by the environment as in production (STORAGE_DRIVER=s3,
 * no S3_PUBLIC_BASE_URL: the bucket stays private and the app streams public files): a seller's
 * poster upload and a seller licence document go to the bucket, are answered from it, and leave
 * nothing on this instance's disk. Runs on both runtimes.
 */
let server: S3TestServer;
let ctx: TestContext;
let otherInstance: TestContext;
let bucketReader: Awaited<ReturnType<typeof createS3FileStorages>>;

const s3Env = () => ({
  STORAGE_DRIVER: 's3',
  S3_BUCKET: server.bucket,
  S3_ENDPOINT: server.endpoint,
  S3_ACCESS_KEY_ID: S3_TEST_ACCESS_KEY_ID,
  S3_SECRET_ACCESS_KEY: S3_TEST_SECRET_ACCESS_KEY,
});

beforeAll(async () => {
  server = await startS3TestServer();
  ctx = await createTestContext({ env: s3Env() });
  // Another instance: its own DATA_DIR and database, the same bucket and no shared volume.
  otherInstance = await createTestContext({ env: s3Env() });
  const storage = ctx.config.storage;
  if (storage.driver !== 's3') throw new Error('STORAGE_DRIVER=s3 was not applied');
  bucketReader = await createS3FileStorages(storage, { clock: ctx.clock });
}, 120_000);
afterAll(async () => {
  bucketReader?.close();
  await ctx?.close();
  await otherInstance?.close();
  await server?.close();
});

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe('files on S3-compatible storage', () => {
  it('reads its settings from the environment', () => {
    expect(ctx.config.storage).toMatchObject({
      driver: 's3',
      bucket: server.bucket,
      region: 'us-east-1',
      endpoint: server.endpoint,
      forcePathStyle: true,
      publicBaseUrl: `${ctx.config.publicBaseUrl}/uploads`,
      servedByApp: true,
      privateUrlTtlSeconds: 300,
    });
  });

  it('a seller’s poster upload goes to the bucket and is served by every instance', async () => {
    const seller = await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_SELLER');
    const image = await sharp({
      create: { width: 400, height: 500, channels: 3, background: { r: 200, g: 30, b: 90 } },
    })
      .png()
      .toBuffer();
    const form = multipart({ timestamp: String(Date.now()) }, [
      { field: 'file', filename: '포스터.png', contentType: 'image/png', content: image },
    ]);
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: '/api/upload/poster',
      headers: { cookie: seller.cookie, ...form.headers },
      payload: form.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const url = uploaded.json().data as string;
    expect(url).toMatch(
      new RegExp(`^${ctx.config.publicBaseUrl}/uploads/posters/[0-9a-f-]{36}\\.webp$`),
    );
    const key = url.slice(`${ctx.config.publicBaseUrl}/uploads/`.length);

    // In the bucket, under the public prefix, as WebP.
    const stored = await bucketReader.storage.get(key);
    expect(stored?.contentType).toBe('image/webp');
    expect((await sharp(stored?.body).metadata()).format).toBe('webp');
    // Not on this instance's disk.
    expect(filesUnder(path.join(ctx.config.dataDir, 'uploads'))).toEqual([]);

    // This instance and the other one answer the URL with the same bytes.
    for (const instance of [ctx, otherInstance]) {
      const served = await instance.app.inject({ method: 'GET', url: `/uploads/${key}` });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=604800');
      expect(served.rawPayload.equals(stored?.body ?? Buffer.alloc(0))).toBe(true);
      const revalidated = await instance.app.inject({
        method: 'GET',
        url: `/uploads/${key}`,
        headers: { 'if-none-match': String(served.headers.etag) },
      });
      expect(revalidated.statusCode).toBe(304);
    }
    // The bucket itself stays private: nobody fetches the object from it without a signature.
    expect((await httpGet(`${server.endpoint}/${server.bucket}/public/${key}`)).status).toBe(403);

    // Deleting the unsaved upload removes it from the bucket; every instance then says 404.
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/upload/temp?fileUrl=${encodeURIComponent(url)}&sellerId=${seller.id}`,
      headers: { cookie: seller.cookie },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await bucketReader.storage.exists(key)).toBe(false);
    for (const instance of [ctx, otherInstance]) {
      const gone = await instance.app.inject({ method: 'GET', url: `/uploads/${key}` });
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toMatchObject({ success: false, code: 'C005' });
    }
  });

  it('a seller licence document goes to the private prefix and is read only through the checked routes', async () => {
    const applicant = await createLoggedInUser(ctx.app, ctx.database.db);
    const admin = await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_ADMIN');
    const applied = await applyForSeller(ctx.app, applicant.cookie);
    expect(applied.statusCode, applied.body).toBe(201);

    const [file] = await ctx.database.db
      .select({ key: uploadedFiles.storageKey })
      .from(uploadedFiles)
      .where(eq(uploadedFiles.ownerUserId, applicant.id));
    const key = file?.key ?? '';
    expect(key).toMatch(/^seller-documents\/[0-9a-f-]{36}\.pdf$/);
    const stored = await bucketReader.privateStorage.get(key);
    expect(stored?.contentType).toBe('application/pdf');
    expect(stored?.body.equals(samplePdf)).toBe(true);
    expect(await bucketReader.storage.exists(key)).toBe(false);
    expect(filesUnder(path.join(ctx.config.dataDir, 'private-files'))).toEqual([]);

    const own = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/me/seller-requests/document',
      headers: { cookie: applicant.cookie },
    });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect(own.rawPayload.equals(samplePdf)).toBe(true);

    const [application] = await ctx.database.db
      .select({ id: sellerApplications.id })
      .from(sellerApplications)
      .where(eq(sellerApplications.userId, applicant.id))
      .orderBy(desc(sellerApplications.id));
    const adminRead = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/seller-requests/${application?.id}/document`,
      headers: { cookie: admin.cookie },
    });
    expect(adminRead.statusCode).toBe(200);
    expect(adminRead.rawPayload.equals(samplePdf)).toBe(true);

    // Neither anonymous callers nor the public file route reach it.
    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/me/seller-requests/document',
    });
    expect(anonymous.statusCode).toBe(401);
    for (const probe of [
      `/uploads/${key}`,
      `/uploads/../private/${key}`,
      `/uploads/%2e%2e/private/${key}`,
      `/uploads/..%2fprivate%2f${key.replace('/', '%2f')}`,
      `/uploads/private/${key}`,
    ]) {
      // 404 from the uploads route; a path that normalises out of /uploads/ is a page (503
      // here, where no web app is built).
      const response = await ctx.app.inject({ method: 'GET', url: probe });
      expect(response.statusCode, probe).not.toBe(200);
      expect(response.rawPayload.includes(Buffer.from('%PDF-')), probe).toBe(false);
    }
    expect((await httpGet(`${server.endpoint}/${server.bucket}/private/${key}`)).status).toBe(403);
  });

  it('answers odd /uploads/ paths with the error envelope, never a server error', async () => {
    for (const probe of [
      '/uploads/',
      '/uploads/posters',
      '/uploads/posters/',
      '/uploads/posters/x%00.webp',
      '/uploads/posters/%ff%fe.webp',
      '/uploads/posters/x.webp%0d%0aset-cookie:%20a=b',
      `/uploads/posters/${'a'.repeat(5_000)}.webp`,
      '/uploads/POSTERS/x.webp',
      '/uploads/posters/<script>.webp',
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url: probe });
      // 404 C005 from the route; what the app answers first on every route (a NUL byte, a path
      // that is not UTF-8) otherwise: a 4xx envelope all the same.
      expect([400, 404], probe).toContain(response.statusCode);
      expect(response.json(), probe).toMatchObject({
        success: false,
        status: response.statusCode,
        code: expect.stringMatching(/^C0\d\d$/),
      });
    }
  });
});
