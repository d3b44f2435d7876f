import { posterUploadMessages, type Concert } from '@curtaincall/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { concerts, uploadedFiles } from '../../db/schema/index';
import { addDays, toSeoulDate } from '../../lib/seoul-time';
import { createLoggedInUser, multipart } from '../../../test/helpers/factories';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';

type Account = Awaited<ReturnType<typeof createLoggedInUser>>;

let ctx: TestContext;
let seller: Account;
let otherSeller: Account;
let user: Account;
let admin: Account;

beforeAll(async () => {
  ctx = await createTestContext();
  const { app, database } = ctx;
  [seller, otherSeller, user, admin] = await Promise.all([
    createLoggedInUser(app, database.db, 'ROLE_SELLER'),
    createLoggedInUser(app, database.db, 'ROLE_SELLER'),
    createLoggedInUser(app, database.db),
    createLoggedInUser(app, database.db, 'ROLE_ADMIN'),
  ]);
}, 120_000);
afterAll(async () => ctx?.close());

let colourSequence = 0;
/** A distinct small PNG each call (the same bytes twice would meet the one-at-a-time rule). */
async function png(width = 800, height = 1000): Promise<Buffer> {
  colourSequence += 1;
  return sharp({
    create: { width, height, channels: 3, background: { r: colourSequence % 256, g: 80, b: 40 } },
  })
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-camera', Artist: 'hidden' } } })
    .png()
    .toBuffer();
}

function upload(
  account: Account | null,
  content: Buffer,
  options: { filename?: string; contentType?: string; fields?: Record<string, string> } = {},
) {
  const body = multipart(options.fields ?? { timestamp: String(Date.now()) }, [
    {
      field: 'file',
      filename: options.filename ?? 'poster.png',
      contentType: options.contentType ?? 'image/png',
      content,
    },
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/upload/poster',
    headers: { ...(account ? { cookie: account.cookie } : {}), ...body.headers },
    payload: body.payload,
  });
}

async function uploadedUrl(account: Account = seller): Promise<string> {
  const response = await upload(account, await png());
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as string;
}

function call(
  method: 'DELETE' | 'PATCH',
  url: string,
  account: Account | null,
  payload?: Record<string, unknown>,
) {
  return ctx.app.inject({
    method,
    url,
    headers: {
      ...(account ? { cookie: account.cookie } : {}),
      ...(payload ? { 'content-type': 'application/json' } : {}),
    },
    ...(payload ? { payload } : {}),
  });
}

async function concertOf(account: Account, posterImageUrl: string | null = null): Promise<number> {
  const today = toSeoulDate(ctx.clock.now());
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/seller/concerts?sellerId=${account.id}`,
    headers: { cookie: account.cookie, 'content-type': 'application/json' },
    payload: {
      title: '포스터 시험 공연',
      artist: '포스터 밴드',
      description: null,
      venueName: '포스터홀',
      venueAddress: null,
      concertDate: addDays(today, 30),
      startTime: '19:00',
      endTime: '21:00',
      totalSeats: 10,
      bookingStartDate: `${addDays(today, 1)}T10:00`,
      bookingEndDate: `${addDays(today, 29)}T23:00`,
      minAge: 0,
      maxTicketsPerUser: 4,
      posterImageUrl,
      status: 'SCHEDULED',
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json().data as Concert).concertId;
}

async function posterOf(concertId: number): Promise<string | null> {
  const [row] = await ctx.database.db
    .select({ poster: concerts.posterImageUrl })
    .from(concerts)
    .where(eq(concerts.id, concertId));
  return row?.poster ?? null;
}

const keyOf = (url: string) => url.slice(`${ctx.config.publicBaseUrl}/uploads/`.length);

async function fileRow(url: string) {
  const [row] = await ctx.database.db
    .select()
    .from(uploadedFiles)
    .where(eq(uploadedFiles.storageKey, keyOf(url)));
  return row;
}

async function served(url: string) {
  return ctx.app.inject({ method: 'GET', url: new URL(url).pathname });
}

describe('POST /upload/poster', () => {
  it('stores a poster re-encoded as WebP without metadata, answers its absolute URL, records the uploader', async () => {
    const response = await upload(seller, await png(2400, 3000));
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, message: posterUploadMessages.uploaded });
    const url = body.data as string;
    expect(new URL(url).protocol).toMatch(/^https?:$/);
    expect(url.startsWith(`${ctx.config.publicBaseUrl}/uploads/posters/`)).toBe(true);
    expect(keyOf(url)).toMatch(/^posters\/[0-9a-f-]{36}\.webp$/);

    const file = await served(url);
    expect(file.statusCode).toBe(200);
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(1600); // scaled down to the poster width
    expect(meta.exif).toBeUndefined();
    expect(await fileRow(url)).toMatchObject({
      kind: 'poster',
      ownerUserId: seller.id,
      originalName: 'poster.png',
      mimeType: 'image/webp',
    });
  });

  it('accepts JPEG, WEBP and GIF by their bytes (a GIF keeps its first frame)', async () => {
    const base = () =>
      sharp({ create: { width: 300, height: 400, channels: 3, background: '#123456' } });
    const cases = [
      { filename: 'a.jpg', contentType: 'image/jpeg', content: await base().jpeg().toBuffer() },
      {
        filename: 'b.jpeg',
        contentType: 'image/jpeg',
        content: await base().jpeg({ quality: 50 }).toBuffer(),
      },
      { filename: 'c.webp', contentType: 'image/webp', content: await base().webp().toBuffer() },
      { filename: 'd.gif', contentType: 'image/gif', content: await base().gif().toBuffer() },
    ];
    for (const item of cases) {
      const response = await upload(seller, item.content, item);
      expect(response.statusCode, `${item.filename}: ${response.body}`).toBe(200);
      const meta = await sharp((await served(response.json().data)).rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.pages ?? 1).toBe(1);
    }
  });

  it('refuses forged types by their bytes: a text file named .png, an SVG, a PDF -> 400 F003', async () => {
    const forged = [
      {
        filename: 'poster.png',
        contentType: 'image/png',
        content: Buffer.from('just some text, not a picture'),
      },
      {
        filename: 'poster.svg',
        contentType: 'image/svg+xml',
        content: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
        ),
      },
      {
        filename: 'poster.gif',
        contentType: 'image/gif',
        content: Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n'),
      },
    ];
    for (const item of forged) {
      const response = await upload(seller, item.content, item);
      expect(response.statusCode, item.filename).toBe(400);
      expect(response.json()).toMatchObject({
        success: false,
        code: 'F003',
        message: posterUploadMessages.fileType,
      });
    }
  });

  it('a file over 10 MB -> 400 F002 whose message speaks of size (크기)', async () => {
    const big = Buffer.concat([await png(10, 10), Buffer.alloc(10 * 1024 * 1024)]);
    const response = await upload(seller, big);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('F002');
    expect(response.json().message).toContain('크기');
  });

  it('an empty or missing file -> 400 C001', async () => {
    const empty = await upload(seller, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      code: 'C001',
      message: posterUploadMessages.fileRequired,
    });
    const body = multipart({ timestamp: '1' });
    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/api/upload/poster',
      headers: { cookie: seller.cookie, ...body.headers },
      payload: body.payload,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'C001',
      message: posterUploadMessages.fileRequired,
    });
  });

  it('bad file names: over 255 characters, or any of < > : | ? * -> 400 F005 with a Korean message', async () => {
    const long = await upload(seller, await png(), { filename: `${'가'.repeat(252)}.png` });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({
      code: 'F005',
      message: posterUploadMessages.fileNameTooLong,
    });
    const fits = await upload(seller, await png(), { filename: `${'가'.repeat(251)}.png` });
    expect(fits.statusCode, fits.body).toBe(200);
    for (const name of ['a<b.png', 'a>b.png', 'a:b.png', 'a|b.png', 'a?b.png', 'a*b.png']) {
      const response = await upload(seller, await png(), { filename: name });
      expect(response.statusCode, name).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'F005',
        message: posterUploadMessages.fileNameCharacters,
      });
    }
  });

  it('concertId must be an own concert; timestamp must be a number', async () => {
    const own = await concertOf(seller);
    const others = await concertOf(otherSeller);
    const ok = await upload(seller, await png(), {
      fields: { concertId: String(own), timestamp: '1764000000000' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const foreign = await upload(seller, await png(), { fields: { concertId: String(others) } });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe('S002');
    const unknown = await upload(seller, await png(), { fields: { concertId: '999999999' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('T003');
    const badId = await upload(seller, await png(), { fields: { concertId: 'abc' } });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().code).toBe('C001');
    const badTime = await upload(seller, await png(), { fields: { timestamp: 'yesterday' } });
    expect(badTime.statusCode).toBe(400);
    expect(badTime.json()).toMatchObject({ code: 'C001', message: posterUploadMessages.timestamp });
  });

  it('anonymous -> 401; a user or an admin -> 403', async () => {
    const image = await png();
    expect((await upload(null, image)).statusCode).toBe(401);
    for (const account of [user, admin]) {
      const response = await upload(account, image);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('S002');
    }
  });

  it('the same bytes twice at once by one seller -> one 200, one 409 F006; afterwards again 200', async () => {
    // Small to send, slow to decode (6000 x 6000 pixels): the first upload is still encoding
    // when the second arrives.
    const image = await sharp({
      create: { width: 6000, height: 6000, channels: 3, background: '#224466' },
    })
      .png()
      .toBuffer();
    const answers = await Promise.all([upload(seller, image), upload(seller, image)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const [refused] = answers.filter((a) => a.statusCode === 409);
    expect(refused?.json()).toMatchObject({
      code: 'F006',
      message: posterUploadMessages.uploadInProgress,
    });
    // Another seller is not held up by this seller's upload, and the lock ends with the upload.
    expect((await upload(otherSeller, image)).statusCode).toBe(200);
    expect((await upload(seller, image)).statusCode).toBe(200);
  }, 60_000);
});

describe('DELETE /upload/poster/specific', () => {
  const url = (fileUrl: string, concertId: number, sellerId: number) =>
    `/api/upload/poster/specific?fileUrl=${encodeURIComponent(fileUrl)}&concertId=${concertId}&sellerId=${sellerId}`;

  it("deletes the seller's file and clears the concert's poster when it is that file", async () => {
    const fileUrl = await uploadedUrl();
    const concertId = await concertOf(seller, fileUrl);
    const response = await call('DELETE', url(fileUrl, concertId, seller.id), seller);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, message: posterUploadMessages.deleted });
    expect(await posterOf(concertId)).toBeNull();
    expect(await fileRow(fileUrl)).toBeUndefined();
    expect((await served(fileUrl)).statusCode).toBe(404);
  });

  it("keeps the concert's poster when it is another file (§14 item 17)", async () => {
    const original = await uploadedUrl();
    const fresh = await uploadedUrl();
    const concertId = await concertOf(seller, original);
    const response = await call('DELETE', url(fresh, concertId, seller.id), seller);
    expect(response.statusCode).toBe(200);
    expect(await posterOf(concertId)).toBe(original);
    expect(await fileRow(fresh)).toBeUndefined();
    expect(await fileRow(original)).toBeDefined();
  });

  it("refuses another seller's concert or file (403 S002), unknown ones (404), a file another concert shows (409)", async () => {
    const fileUrl = await uploadedUrl();
    const concertId = await concertOf(seller);
    const foreignConcert = await concertOf(otherSeller);
    const otherSellersFile = await uploadedUrl(otherSeller);

    const byOther = await call('DELETE', url(fileUrl, concertId, otherSeller.id), otherSeller);
    expect(byOther.statusCode).toBe(403);
    expect(byOther.json().code).toBe('S002');
    const namedOther = await call('DELETE', url(fileUrl, concertId, otherSeller.id), seller);
    expect(namedOther.statusCode).toBe(403);
    const onForeign = await call('DELETE', url(fileUrl, foreignConcert, seller.id), seller);
    expect(onForeign.statusCode).toBe(403);
    const foreignFile = await call('DELETE', url(otherSellersFile, concertId, seller.id), seller);
    expect(foreignFile.statusCode).toBe(403);
    expect(foreignFile.json()).toMatchObject({
      code: 'S002',
      message: posterUploadMessages.notFileOwner,
    });

    const unknownConcert = await call('DELETE', url(fileUrl, 999_999_999, seller.id), seller);
    expect(unknownConcert.statusCode).toBe(404);
    expect(unknownConcert.json().code).toBe('T003');
    for (const missing of [
      `${ctx.config.publicBaseUrl}/uploads/posters/00000000-0000-4000-8000-000000000000.webp`,
      'https://cdn.example.com/posters/poster.webp',
    ]) {
      const response = await call('DELETE', url(missing, concertId, seller.id), seller);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({
        code: 'F007',
        message: posterUploadMessages.fileNotFound,
      });
    }

    const shownElsewhere = await concertOf(seller, fileUrl);
    const inUse = await call('DELETE', url(fileUrl, concertId, seller.id), seller);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().code).toBe('F008');
    expect(await posterOf(shownElsewhere)).toBe(fileUrl);
    expect(await fileRow(fileUrl)).toBeDefined();

    const badUrl = await call('DELETE', url('javascript:alert(1)', concertId, seller.id), seller);
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toMatchObject({ code: 'C001', message: posterUploadMessages.fileUrl });
  });

  it("a cancelled concert's poster stays: 409 S006, file and poster kept", async () => {
    const fileUrl = await uploadedUrl();
    const concertId = await concertOf(seller, fileUrl);
    const cancelled = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/seller/concerts/${concertId}?sellerId=${seller.id}`,
      headers: { cookie: seller.cookie },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const response = await call('DELETE', url(fileUrl, concertId, seller.id), seller);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('S006');
    expect(await posterOf(concertId)).toBe(fileUrl);
    expect((await served(fileUrl)).statusCode).toBe(200);
  });

  it('anonymous -> 401; a user or an admin -> 403', async () => {
    const fileUrl = await uploadedUrl();
    const concertId = await concertOf(seller);
    expect((await call('DELETE', url(fileUrl, concertId, seller.id), null)).statusCode).toBe(401);
    for (const account of [user, admin]) {
      expect((await call('DELETE', url(fileUrl, concertId, account.id), account)).statusCode).toBe(
        403,
      );
    }
    expect(await fileRow(fileUrl)).toBeDefined();
  });
});

describe('DELETE /upload/temp', () => {
  const url = (fileUrl: string, sellerId: number) =>
    `/api/upload/temp?fileUrl=${encodeURIComponent(fileUrl)}&sellerId=${sellerId}`;

  it('the uploader deletes an unsaved upload, row and bytes', async () => {
    const fileUrl = await uploadedUrl();
    const response = await call('DELETE', url(fileUrl, seller.id), seller);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ success: true, message: posterUploadMessages.deleted });
    expect(await fileRow(fileUrl)).toBeUndefined();
    expect((await served(fileUrl)).statusCode).toBe(404);
    const again = await call('DELETE', url(fileUrl, seller.id), seller);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('F007');
  });

  it('another seller -> 403; a file a concert shows -> 409 F008; a bad URL -> 400', async () => {
    const fileUrl = await uploadedUrl();
    const byOther = await call('DELETE', url(fileUrl, otherSeller.id), otherSeller);
    expect(byOther.statusCode).toBe(403);
    expect(byOther.json()).toMatchObject({
      code: 'S002',
      message: posterUploadMessages.notFileOwner,
    });
    expect((await call('DELETE', url(fileUrl, otherSeller.id), seller)).statusCode).toBe(403);
    expect(await fileRow(fileUrl)).toBeDefined();

    const attached = await uploadedUrl();
    await concertOf(seller, attached);
    const inUse = await call('DELETE', url(attached, seller.id), seller);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toMatchObject({ code: 'F008', message: posterUploadMessages.fileInUse });

    const bad = await call(
      'DELETE',
      `/api/upload/temp?fileUrl=ftp%3A%2F%2Fx%2Fy&sellerId=${seller.id}`,
      seller,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('C001');
    const none = await call('DELETE', `/api/upload/temp?sellerId=${seller.id}`, seller);
    expect(none.statusCode).toBe(400);
  });

  it('anonymous -> 401; a user or an admin -> 403', async () => {
    const fileUrl = await uploadedUrl();
    expect((await call('DELETE', url(fileUrl, seller.id), null)).statusCode).toBe(401);
    for (const account of [user, admin]) {
      expect((await call('DELETE', url(fileUrl, account.id), account)).statusCode).toBe(403);
    }
    expect(await fileRow(fileUrl)).toBeDefined();
  });
});

describe('PATCH /upload/poster/{concertId}/restore', () => {
  const url = (concertId: number, sellerId: number) =>
    `/api/upload/poster/${concertId}/restore?sellerId=${sellerId}`;

  it("sets the concert's poster back to the original URL", async () => {
    const original = await uploadedUrl();
    const concertId = await concertOf(seller, null);
    const response = await call('PATCH', url(concertId, seller.id), seller, {
      originalUrl: original,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: posterUploadMessages.restored,
      data: { concertId, posterImageUrl: original },
    });
    expect(await posterOf(concertId)).toBe(original);
  });

  it('only an http(s) URL; only the owner; unknown concert 404', async () => {
    const concertId = await concertOf(seller, null);
    for (const originalUrl of [
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      '',
      '/relative.png',
    ]) {
      const response = await call('PATCH', url(concertId, seller.id), seller, { originalUrl });
      expect(response.statusCode, originalUrl).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'C001',
        message: posterUploadMessages.originalUrl,
      });
    }
    const missing = await call('PATCH', url(concertId, seller.id), seller, {});
    expect(missing.statusCode).toBe(400);
    const good = { originalUrl: 'https://cdn.example.com/original.webp' };
    const byOther = await call('PATCH', url(concertId, otherSeller.id), otherSeller, good);
    expect(byOther.statusCode).toBe(403);
    expect(byOther.json().code).toBe('S002');
    const unknown = await call('PATCH', url(999_999_999, seller.id), seller, good);
    expect(unknown.statusCode).toBe(404);
    expect((await call('PATCH', url(concertId, seller.id), null, good)).statusCode).toBe(401);
    for (const account of [user, admin]) {
      expect((await call('PATCH', url(concertId, account.id), account, good)).statusCode).toBe(403);
    }
    expect(await posterOf(concertId)).toBeNull();
  });
});

// Last: it moves the shared clock forward by more than a day.
describe('orphan poster cleanup job', () => {
  it('removes uploads no concert shows a day after their upload; keeps attached and younger ones', async () => {
    const orphan = await uploadedUrl();
    const attached = await uploadedUrl();
    const concertId = await concertOf(seller, attached);

    ctx.clock.advance(23 * 60 * 60_000);
    await ctx.app.scheduler.runNow('orphan-poster-cleanup');
    expect(await fileRow(orphan)).toBeDefined(); // not a day old yet

    const younger = await uploadedUrl();
    ctx.clock.advance(2 * 60 * 60_000);
    await ctx.app.scheduler.runNow('orphan-poster-cleanup');

    expect(await fileRow(orphan)).toBeUndefined();
    expect((await served(orphan)).statusCode).toBe(404);
    expect(await fileRow(attached)).toBeDefined();
    expect((await served(attached)).statusCode).toBe(200);
    expect(await posterOf(concertId)).toBe(attached);
    expect(await fileRow(younger)).toBeDefined();
    expect((await served(younger)).statusCode).toBe(200);
  });
});
