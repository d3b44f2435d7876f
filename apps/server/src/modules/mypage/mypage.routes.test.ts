import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { accountMessages, mypageMessages } from '@curtaincall/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as DatabaseSessionStoreModule from '../../adapters/session-store/database-session-store';
import type * as RedisSessionStoreModule from '../../adapters/session-store/redis-session-store';
import type { SessionStorePort } from '../../adapters/session-store/session-store';
import {
  createLocalFileStorage,
  createLocalPrivateFileStorage,
} from '../../adapters/storage/local-file-storage';
import { bookings, concerts, payments, tickets, uploadedFiles, users } from '../../db/schema/index';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';
import { solidPng } from '../../../test/helpers/huge-png';
import {
  createConcert,
  createLoggedInUser,
  insertUsers,
  login,
  multipart,
} from '../../../test/helpers/factories';
import { hashPassword } from '../../lib/passwords';
import { createFilesService } from '../files/files.service';
import { mypageRoutes } from './mypage.routes';
import { createMypageService } from './mypage.service';

/**
 * The app's own session store, captured as buildApp creates it (not replaced): until app.ts wires
 * the my-page routes, this file registers them with the store the app really uses, so a password
 * change ends sessions exactly as it does in production (PGlite keeps sessions in memory too).
 */
const captured = vi.hoisted(() => ({ stores: [] as SessionStorePort[] }));
vi.mock('../../adapters/session-store/database-session-store', async (importOriginal) => {
  const actual = await importOriginal<typeof DatabaseSessionStoreModule>();
  return {
    ...actual,
    createDatabaseSessionStore: (...args: Parameters<typeof actual.createDatabaseSessionStore>) => {
      const store = actual.createDatabaseSessionStore(...args);
      captured.stores.push(store);
      return store;
    },
  };
});
vi.mock('../../adapters/session-store/redis-session-store', async (importOriginal) => {
  const actual = await importOriginal<typeof RedisSessionStoreModule>();
  return {
    ...actual,
    createRedisSessionStore: (...args: Parameters<typeof actual.createRedisSessionStore>) => {
      const store = actual.createRedisSessionStore(...args);
      captured.stores.push(store);
      return store;
    },
  };
});

type LoggedIn = Awaited<ReturnType<typeof createLoggedInUser>>;

let ctx: TestContext;
let sellerId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  if (!ctx.app.hasRoute({ method: 'GET', url: '/api/mypage/profile' })) {
    const sessionStore = captured.stores.at(-1);
    if (!sessionStore) throw new Error('the app created no session store');
    const storage = createLocalFileStorage({
      rootDir: path.join(ctx.config.dataDir, 'uploads'),
      publicBaseUrl: ctx.config.publicBaseUrl,
    });
    const mypage = createMypageService({
      db: ctx.database.db,
      files: createFilesService({
        storage,
        privateStorage: createLocalPrivateFileStorage({
          rootDir: path.join(ctx.config.dataDir, 'private-files'),
        }),
      }),
      sessions: sessionStore,
      clock: ctx.clock,
      publicBaseUrl: ctx.config.publicBaseUrl,
    });
    await ctx.app.register(
      async (api) => {
        await api.register(mypageRoutes, { mypage });
      },
      { prefix: '/api' },
    );
  }
  const [seller] = await insertUsers(ctx.database.db, 1);
  if (!seller) throw new Error('no seller');
  sellerId = seller.id;
});
afterAll(async () => ctx?.close());

function get(url: string, who: { cookie: string } | null) {
  return ctx.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });
}

function postProfile(
  who: { cookie: string } | null,
  fields: Record<string, string>,
  files: Parameters<typeof multipart>[1] = [],
) {
  const body = multipart(fields, files);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/mypage/profile',
    payload: body.payload,
    headers: { ...body.headers, ...(who ? { cookie: who.cookie } : {}) },
  });
}

function postChangePassword(who: { cookie: string } | null, fields: Record<string, string>) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/mypage/changePwd',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(who ? { cookie: who.cookie } : {}),
    },
    payload: new URLSearchParams(fields).toString(),
  });
}

const profileEdit = (overrides: Record<string, string> = {}) => ({
  name: '김철수',
  nickname: `수정${randomBytes(3).toString('hex')}`,
  phone: '011-987-6543',
  address: '부산광역시 해운대구 1',
  ...overrides,
});

/** A booking inserted directly (the booking service is built elsewhere), with tickets and payments. */
async function insertBooking(options: {
  userId: number;
  concertId: number;
  status: 'PENDING_PAYMENT' | 'AWAITING_DEPOSIT' | 'CONFIRMED' | 'CANCELED' | 'COMPLETED';
  bookedAt: Date;
  seats: string[];
  /**
   * Oldest first: the last one is the booking's latest payment. Issue 28's method columns
   * (카드사, 간편결제, 가상계좌, 현금영수증) may be given as the payments service writes them.
   */
  payments: Array<
    { status: string; method?: string | null } & Partial<
      Omit<typeof payments.$inferInsert, 'bookingId' | 'orderId' | 'amount' | 'status' | 'method'>
    >
  >;
}) {
  const db = ctx.database.db;
  const totalAmount = options.seats.length * 52_000;
  const [booking] = await db
    .insert(bookings)
    .values({
      bookingNumber: `CC-${randomBytes(5).toString('hex').toUpperCase()}`,
      userId: options.userId,
      concertId: options.concertId,
      status: options.status,
      totalAmount,
      bookedAt: options.bookedAt,
    })
    .returning();
  if (!booking) throw new Error('booking insert failed');
  if (options.seats.length > 0) {
    await db.insert(tickets).values(
      options.seats.map((seatInfo) => ({
        bookingId: booking.id,
        seatInfo,
        gradeName: '일반석',
        price: 50_000,
        gradePrice: 50_000,
        fee: 2_000,
      })),
    );
  }
  for (const payment of options.payments) {
    await db.insert(payments).values({
      provider: 'sandbox',
      ...payment,
      bookingId: booking.id,
      orderId: randomBytes(16).toString('hex'),
      amount: totalAmount,
      status: payment.status,
      method: payment.method ?? null,
    });
  }
  return booking;
}

describe('my page: authentication', () => {
  it('anonymous -> 401 A006 on every my-page endpoint', async () => {
    const calls = [
      get('/api/mypage/profile', null),
      postProfile(null, profileEdit()),
      postChangePassword(null, { currentPassword: 'secret12!', newPassword: 'newpass12!' }),
      get('/api/mypage/booking', null),
      get('/api/mypage/bookingDetail/CC-ABCDE-FGHJK', null),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        success: false,
        status: 401,
        code: 'A006',
        message: '인증이 필요합니다. 로그인해주세요.',
      });
    }
  });
});

describe('GET /api/mypage/profile', () => {
  it('answers the profile with the new id and non-null strings', async () => {
    const user = await createLoggedInUser(ctx.app, ctx.database.db);
    const response = await get('/api/mypage/profile', user);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      data: {
        id: user.id,
        email: user.email,
        username: user.username,
        name: '홍길동',
        nickname: user.nickname,
        phone: '010-1234-5678',
        address: '서울특별시 중구 세종대로 110',
        profileImage: null,
      },
    });
  });

  it('answers "" for unknown phone and address (a social account)', async () => {
    const [row] = await insertUsers(ctx.database.db, 1);
    if (!row) throw new Error('no user');
    // A user without a password cannot log in through the form: give it one, then log in.
    const password = 'social12!';
    await ctx.database.db
      .update(users)
      .set({ passwordHash: await hashPassword(password) })
      .where(eq(users.id, row.id));
    const cookie = await login(ctx.app, row.username, password);
    const response = await get('/api/mypage/profile', { cookie });
    expect(response.json().data).toMatchObject({ id: row.id, phone: '', address: '' });
  });
});

describe('POST /api/mypage/profile', () => {
  it('updates name, nickname, phone and address; e-mail and username are read-only', async () => {
    const user = await createLoggedInUser(ctx.app, ctx.database.db);
    const edit = profileEdit({ name: '  김철수  ' });
    const response = await postProfile(user, {
      ...edit,
      email: 'hacker@example.com',
      username: 'hacker01',
    });
    expect(response.statusCode).toBe(200);
    const expected = {
      id: user.id,
      email: user.email,
      username: user.username,
      name: '김철수',
      nickname: edit.nickname,
      phone: '011-987-6543',
      address: '부산광역시 해운대구 1',
      profileImage: null,
    };
    expect(response.json()).toEqual({
      success: true,
      message: mypageMessages.profileUpdated,
      data: expected,
    });
    expect((await get('/api/mypage/profile', user)).json().data).toEqual(expected);
    // The nickname shows at once where the client reads it.
    expect((await get('/api/auth/me', user)).json().nickname).toBe(edit.nickname);
  });

  it('keeps the own nickname unchanged without calling it taken', async () => {
    const user = await createLoggedInUser(ctx.app, ctx.database.db);
    const response = await postProfile(user, profileEdit({ nickname: user.nickname }));
    expect(response.statusCode).toBe(200);
    expect(response.json().data.nickname).toBe(user.nickname);
  });

  it("another user's nickname -> 409 A008, nothing changed", async () => {
    const user = await createLoggedInUser(ctx.app, ctx.database.db);
    const other = await createLoggedInUser(ctx.app, ctx.database.db);
    const response = await postProfile(user, profileEdit({ nickname: other.nickname }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      success: false,
      status: 409,
      code: 'A008',
      message: '이미 사용 중인 닉네임입니다.',
    });
    const profile = (await get('/api/mypage/profile', user)).json().data;
    expect(profile).toMatchObject({ nickname: user.nickname, name: '홍길동' });
  });

  const invalidCases: Array<[string, Record<string, string>, string, string]> = [
    ['bad phone', { phone: '02-123-4567' }, 'phone', accountMessages.phone],
    ['bad nickname', { nickname: 'no spaces!' }, 'nickname', accountMessages.nickname],
    ['missing name', { name: '' }, 'name', '이름은 필수입니다.'],
    ['missing address', { address: '   ' }, 'address', '주소는 필수입니다.'],
    ['long name', { name: '가'.repeat(101) }, 'name', accountMessages.nameTooLong],
  ];
  it.each(invalidCases)('%s -> 400 C001 naming the field', async (_, overrides, field, message) => {
    const user = await createLoggedInUser(ctx.app, ctx.database.db);
    const response = await postProfile(user, profileEdit(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'C001', message });
    expect(response.json().errors).toContainEqual({ field, message });
  });

  it('a missing field -> 400 C001', async () => {
    const user = await createLoggedInUser(ctx.app, ctx.database.db);
    const { phone: _phone, ...withoutPhone } = profileEdit();
    const response = await postProfile(user, withoutPhone);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'C001', message: '전화번호는 필수입니다.' });
  });

  it('stores a new profile image re-encoded as WebP without metadata; no file keeps it', async () => {
    const user = await createLoggedInUser(ctx.app, ctx.database.db);
    const jpeg = await sharp({
      create: { width: 900, height: 700, channels: 3, background: '#aa3366' },
    })
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-camera' } } })
      .jpeg()
      .toBuffer();
    const response = await postProfile(user, profileEdit(), [
      { field: 'profileImage', filename: '../me.jpg', contentType: 'image/jpeg', content: jpeg },
    ]);
    expect(response.statusCode).toBe(200);
    const url: string = response.json().data.profileImage;
    const prefix = `${ctx.config.publicBaseUrl}/uploads/`;
    expect(url.startsWith(prefix)).toBe(true);
    const key = url.slice(prefix.length);
    expect(key).toMatch(/^profiles\/[0-9a-f-]{36}\.webp$/);

    const served = await ctx.app.inject({ method: 'GET', url: `/uploads/${key}` });
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(512);
    expect(meta.exif).toBeUndefined();

    const [file] = await ctx.database.db
      .select()
      .from(uploadedFiles)
      .where(eq(uploadedFiles.storageKey, key));
    expect(file).toMatchObject({ ownerUserId: user.id, kind: 'profile', mimeType: 'image/webp' });

    const again = await postProfile(user, profileEdit());
    expect(again.statusCode).toBe(200);
    expect(again.json().data.profileImage).toBe(url);

    // A newer picture replaces this one: the old file is gone, row and bytes.
    const png = await sharp({
      create: { width: 300, height: 300, channels: 3, background: '#3366aa' },
    })
      .png()
      .toBuffer();
    const replaced = await postProfile(user, profileEdit(), [
      { field: 'profileImage', filename: 'new.png', contentType: 'image/png', content: png },
    ]);
    expect(replaced.statusCode).toBe(200);
    const newKey = String(replaced.json().data.profileImage).slice(prefix.length);
    expect(newKey).not.toBe(key);
    expect((await ctx.app.inject({ method: 'GET', url: `/uploads/${newKey}` })).statusCode).toBe(
      200,
    );
    expect((await ctx.app.inject({ method: 'GET', url: `/uploads/${key}` })).statusCode).toBe(404);
    const oldRows = await ctx.database.db
      .select()
      .from(uploadedFiles)
      .where(eq(uploadedFiles.storageKey, key));
    expect(oldRows).toHaveLength(0);
  });

  it('refuses a non-image file by its bytes -> 400 F003, profile unchanged', async () => {
    const user = await createLoggedInUser(ctx.app, ctx.database.db);
    const response = await postProfile(user, profileEdit(), [
      {
        field: 'profileImage',
        filename: 'photo.png',
        contentType: 'image/png',
        content: Buffer.from('%PDF-1.4 not an image'),
      },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'F003',
      message: accountMessages.imageType,
      errors: [{ field: 'profileImage', message: accountMessages.imageType }],
    });
    expect((await get('/api/mypage/profile', user)).json().data.name).toBe('홍길동');
  });

  it('refuses an image over the pixel limit -> 400 F004, profile unchanged', async () => {
    const user = await createLoggedInUser(ctx.app, ctx.database.db);
    const response = await postProfile(user, profileEdit({ name: '김철수' }), [
      {
        field: 'profileImage',
        filename: 'wide.png',
        contentType: 'image/png',
        content: solidPng(6_001, 10),
      },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'F004' });
    expect((await get('/api/mypage/profile', user)).json().data.name).toBe('홍길동');
  });

  it('refuses an image over 10 MB -> 400 F002', async () => {
    const user = await createLoggedInUser(ctx.app, ctx.database.db);
    const response = await postProfile(user, profileEdit(), [
      {
        field: 'profileImage',
        filename: 'big.jpg',
        contentType: 'image/jpeg',
        content: Buffer.alloc(10 * 1024 * 1024 + 10, 1),
      },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'F002', message: accountMessages.imageTooLarge });
  });

  it('a JSON or form body -> 415 C006 envelope, never 500', async () => {
    const user = await createLoggedInUser(ctx.app, ctx.database.db);
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/mypage/profile',
      headers: { cookie: user.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify(profileEdit()),
    });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toMatchObject({ success: false, code: 'C006' });
    const form = await ctx.app.inject({
      method: 'POST',
      url: '/api/mypage/profile',
      headers: { cookie: user.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(profileEdit()).toString(),
    });
    expect(form.statusCode).toBe(415);
  });
});

describe('POST /api/mypage/changePwd', () => {
  it('a userId that is not the session user -> 403 A003, password unchanged', async () => {
    const user = await createLoggedInUser(ctx.app, ctx.database.db);
    const response = await postChangePassword(user, {
      userId: String(user.id + 1),
      currentPassword: user.password,
      newPassword: 'newpass12!',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ success: false, code: 'A003' });
    await expect(login(ctx.app, user.username, user.password)).resolves.toMatch(/^cc_session=/);
  });

  it('a wrong current password -> 400 with the contract message', async () => {
    const user = await createLoggedInUser(ctx.app, ctx.database.db);
    const response = await postChangePassword(user, {
      currentPassword: 'wrongpass1!',
      newPassword: 'newpass12!',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      status: 400,
      code: 'C001',
      message: '현재 비밀번호가 일치하지 않습니다.',
    });
    // The session is untouched.
    expect((await get('/api/mypage/profile', user)).statusCode).toBe(200);
  });

  it('a weak new password -> 400 C001 with the registration rule', async () => {
    const user = await createLoggedInUser(ctx.app, ctx.database.db);
    for (const weak of ['short1!', 'nodigits!!', 'NOLOWER12!', 'nospecial12']) {
      const response = await postChangePassword(user, {
        currentPassword: user.password,
        newPassword: weak,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'C001', message: accountMessages.password });
      expect(response.json().errors).toContainEqual({
        field: 'newPassword',
        message: accountMessages.password,
      });
    }
    await expect(login(ctx.app, user.username, user.password)).resolves.toMatch(/^cc_session=/);
  });

  it('missing fields, a bad userId or an empty body -> 400, never 500', async () => {
    const user = await createLoggedInUser(ctx.app, ctx.database.db);
    const missing = await postChangePassword(user, { newPassword: 'newpass12!' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'C001',
      message: mypageMessages.currentPasswordRequired,
    });
    const badId = await postChangePassword(user, {
      userId: 'abc',
      currentPassword: user.password,
      newPassword: 'newpass12!',
    });
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toMatchObject({ code: 'C001', message: mypageMessages.userId });
    const empty = await ctx.app.inject({
      method: 'POST',
      url: '/api/mypage/changePwd',
      headers: { cookie: user.cookie, 'content-type': 'application/json' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ success: false, code: 'C001' });
  });

  it('changes the password, ends every other session and keeps this one logged in', async () => {
    const user = await createLoggedInUser(ctx.app, ctx.database.db);
    const otherDevice = { cookie: await login(ctx.app, user.username, user.password) };
    expect((await get('/api/mypage/profile', otherDevice)).statusCode).toBe(200);

    const response = await postChangePassword(user, {
      userId: String(user.id),
      currentPassword: user.password,
      newPassword: 'newpass12!',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: '비밀번호가 변경되었습니다.' });

    // The other device is logged out.
    const other = await get('/api/mypage/profile', otherDevice);
    expect(other.statusCode).toBe(401);
    expect(other.json().code).toBe('A006');
    expect((await get('/api/auth/me', otherDevice)).json()).toBeNull();

    // This browser continues under the new session cookie it was sent.
    const sessionCookie = response.cookies.find((c) => c.name === 'cc_session');
    expect(sessionCookie?.value).toBeTruthy();
    const current = { cookie: `cc_session=${sessionCookie?.value}` };
    expect(current.cookie).not.toBe(user.cookie);
    const me = await get('/api/auth/me', current);
    expect(me.json()).toMatchObject({ userId: user.id, username: user.username });
    expect((await get('/api/mypage/profile', current)).json().data.id).toBe(user.id);

    // The new password logs in; the old one no longer does.
    await expect(login(ctx.app, user.username, 'newpass12!')).resolves.toMatch(/^cc_session=/);
    await expect(login(ctx.app, user.username, user.password)).rejects.toThrow(/login failed: 401/);
    const [row] = await ctx.database.db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, user.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
  });
});

describe('my bookings', () => {
  let owner: LoggedIn;
  let stranger: LoggedIn;
  let concertId: number;
  let otherConcertId: number;
  const numbers: Record<string, string> = {};

  beforeAll(async () => {
    const db = ctx.database.db;
    owner = await createLoggedInUser(ctx.app, db);
    stranger = await createLoggedInUser(ctx.app, db);
    concertId = (
      await createConcert(db, {
        sellerId,
        title: '가을 밤 콘서트',
        artist: '아이유',
        venueName: '올림픽홀',
        venueAddress: '서울특별시 송파구 올림픽로 424',
        concertDate: '2030-10-04',
        startTime: '19:00',
        endTime: '21:30:00',
        posterImageUrl: '/uploads/posters/autumn.webp',
      })
    ).id;
    otherConcertId = (
      await createConcert(db, {
        sellerId,
        title: '겨울 콘서트',
        venueAddress: null,
        concertDate: '2030-12-24',
        posterImageUrl: 'https://cdn.example.com/winter.jpg',
      })
    ).id;

    const at = (iso: string) => new Date(iso);
    const confirmed = await insertBooking({
      userId: owner.id,
      concertId,
      status: 'CONFIRMED',
      // 2025-09-20 10:03:12 in Seoul.
      bookedAt: at('2025-09-20T01:03:12Z'),
      seats: ['A-1-5', 'A-1-6'],
      // A failed first attempt, then the payment that went through: the latest one counts.
      payments: [{ status: 'FAILED' }, { status: 'DONE', method: 'CARD' }],
    });
    const pending = await insertBooking({
      userId: owner.id,
      concertId: otherConcertId,
      status: 'PENDING_PAYMENT',
      bookedAt: at('2025-09-22T03:00:00Z'),
      seats: ['VIP-2-10'],
      payments: [{ status: 'PENDING' }],
    });
    const failed = await insertBooking({
      userId: owner.id,
      concertId,
      status: 'CANCELED',
      bookedAt: at('2025-09-21T03:00:00Z'),
      seats: ['B-3-1'],
      payments: [{ status: 'FAILED' }],
    });
    const expired = await insertBooking({
      userId: owner.id,
      concertId,
      status: 'CANCELED',
      bookedAt: at('2025-09-21T04:00:00Z'),
      seats: ['B-3-2'],
      payments: [{ status: 'EXPIRED' }],
    });
    const refunded = await insertBooking({
      userId: owner.id,
      concertId,
      status: 'CANCELED',
      bookedAt: at('2025-09-19T03:00:00Z'),
      seats: ['C-4-7'],
      payments: [{ status: 'CANCELED', method: 'EASY_PAY' }],
    });
    const completed = await insertBooking({
      userId: owner.id,
      concertId: otherConcertId,
      status: 'COMPLETED',
      bookedAt: at('2025-09-18T03:00:00Z'),
      seats: ['A-10-20'],
      payments: [{ status: 'DONE', method: 'EASY_PAY' }],
    });
    const strangers = await insertBooking({
      userId: stranger.id,
      concertId,
      status: 'CONFIRMED',
      bookedAt: at('2025-09-23T03:00:00Z'),
      seats: ['D-1-1'],
      payments: [{ status: 'DONE', method: 'CARD' }],
    });
    Object.assign(numbers, {
      confirmed: confirmed.bookingNumber,
      pending: pending.bookingNumber,
      failed: failed.bookingNumber,
      expired: expired.bookingNumber,
      refunded: refunded.bookingNumber,
      completed: completed.bookingNumber,
      strangers: strangers.bookingNumber,
    });
  });

  describe('GET /api/mypage/booking', () => {
    it('lists the own bookings newest first, without closed unpaid attempts', async () => {
      const response = await get(`/api/mypage/booking?userId=${owner.id}`, owner);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.success).toBe(true);
      expect(body.data.map((b: { bookingNumber: string }) => b.bookingNumber)).toEqual([
        numbers.pending,
        numbers.confirmed,
        numbers.refunded,
        numbers.completed,
      ]);
      expect(body.data[0]).toEqual({
        bookingId: expect.any(Number),
        bookingNumber: numbers.pending,
        concertTitle: '겨울 콘서트',
        concertDate: '2030-12-24',
        venueName: '테스트 홀',
        venueAddress: '',
        bookingStatus: 'PENDING_PAYMENT',
        totalAmount: 52_000,
        posterImageUrl: 'https://cdn.example.com/winter.jpg',
        seatList: ['VIP구역 2열 10번'],
      });
      expect(body.data[1]).toEqual({
        bookingId: expect.any(Number),
        bookingNumber: numbers.confirmed,
        concertTitle: '가을 밤 콘서트',
        concertDate: '2030-10-04',
        venueName: '올림픽홀',
        venueAddress: '서울특별시 송파구 올림픽로 424',
        bookingStatus: 'CONFIRMED',
        totalAmount: 104_000,
        posterImageUrl: `${ctx.config.publicBaseUrl}/uploads/posters/autumn.webp`,
        seatList: ['A구역 1열 5번', 'A구역 1열 6번'],
      });
      expect(body.data[2]).toMatchObject({
        bookingStatus: 'CANCELED',
        seatList: ['C구역 4열 7번'],
      });
      expect(body.data[3]).toMatchObject({ bookingStatus: 'COMPLETED' });
    });

    it('works without userId and with an empty one', async () => {
      for (const url of ['/api/mypage/booking', '/api/mypage/booking?userId=']) {
        const response = await get(url, owner);
        expect(response.statusCode).toBe(200);
        expect(response.json().data).toHaveLength(4);
      }
    });

    it("a userId that is not the session user -> 403 A003 (never another user's list)", async () => {
      const response = await get(`/api/mypage/booking?userId=${owner.id}`, stranger);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ success: false, status: 403, code: 'A003' });
    });

    it('a malformed userId -> 400 C001', async () => {
      for (const value of ['abc', '0', '-3', '1.5', '99999999999']) {
        const response = await get(`/api/mypage/booking?userId=${value}`, owner);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ code: 'C001', message: mypageMessages.userId });
      }
    });

    it('a user without bookings gets an empty list', async () => {
      const fresh = await createLoggedInUser(ctx.app, ctx.database.db);
      const response = await get('/api/mypage/booking', fresh);
      expect(response.json()).toEqual({ success: true, data: [] });
    });

    it("lists only the caller's own bookings", async () => {
      const response = await get('/api/mypage/booking', stranger);
      expect(response.json().data.map((b: { bookingNumber: string }) => b.bookingNumber)).toEqual([
        numbers.strangers,
      ]);
    });
  });

  describe('GET /api/mypage/bookingDetail/{bookingNumber}', () => {
    it('answers a paid booking with its latest payment, Seoul time and full times', async () => {
      const response = await get(`/api/mypage/bookingDetail/${numbers.confirmed}`, owner);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        success: true,
        data: {
          bookingId: expect.any(Number),
          bookingNumber: numbers.confirmed,
          bookingStatus: 'CONFIRMED',
          paymentStatus: 'DONE',
          paymentMethod: 'CARD',
          totalAmount: 104_000,
          bookedAt: '2025-09-20T10:03:12',
          concertTitle: '가을 밤 콘서트',
          artistName: '아이유',
          concertDate: '2030-10-04',
          startTime: '19:00:00',
          endTime: '21:30:00',
          posterImageUrl: `${ctx.config.publicBaseUrl}/uploads/posters/autumn.webp`,
          venueName: '올림픽홀',
          venueAddress: '서울특별시 송파구 올림픽로 424',
          seatList: ['A구역 1열 5번', 'A구역 1열 6번'],
          // Issue 27: each ticket as charged; nothing refunded; the spec's 3-day cut-off.
          money: {
            tickets: ['A-1-5', 'A-1-6'].map((seatInfo) => ({
              ticketId: expect.any(Number),
              seatInfo,
              gradeName: '일반석',
              gradePrice: 50_000,
              ticketTypeName: '일반',
              typeDiscount: 0,
              codeDiscount: 0,
              ticketPrice: 50_000,
              bookingFee: 2_000,
              status: 'ACTIVE',
              proofRequired: false,
              companionOfTicketId: null,
            })),
            promoCode: null,
            refunds: [],
            refundedTotal: 0,
            cancelDeadlineDays: 3,
            receiptUrl: `/api/bookings/${numbers.confirmed}/receipt.pdf`,
          },
          // Issue 28: a card paid before 카드사 and 할부 were chosen reads as 일시불.
          payment: {
            method: 'CARD',
            methodLabel: '신용·체크카드',
            detail: '일시불',
            virtualAccount: null,
            cashReceipt: null,
            cultureExpense: false,
          },
        },
      });
    });

    it('an unpaid booking: paymentStatus PENDING, paymentMethod null', async () => {
      const response = await get(`/api/mypage/bookingDetail/${numbers.pending}`, owner);
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({
        bookingNumber: numbers.pending,
        bookingStatus: 'PENDING_PAYMENT',
        paymentStatus: 'PENDING',
        paymentMethod: null,
        bookedAt: '2025-09-22T12:00:00',
        venueAddress: '',
        startTime: '19:00:00',
        endTime: '21:00:00',
        seatList: ['VIP구역 2열 10번'],
      });
    });

    it('a closed unpaid attempt still has a detail (FAILED)', async () => {
      const response = await get(`/api/mypage/bookingDetail/${numbers.failed}`, owner);
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({
        bookingStatus: 'CANCELED',
        paymentStatus: 'FAILED',
        paymentMethod: null,
      });
    });

    it("someone else's booking or an unknown number -> 404 B008", async () => {
      for (const [who, bookingNumber] of [
        [owner, numbers.strangers],
        [stranger, numbers.confirmed],
        [owner, 'CC-NOPE0-NOPE0'],
        [owner, '%EC%98%88%EB%A7%A4'],
        [owner, 'x'.repeat(100)],
      ] as const) {
        const response = await get(`/api/mypage/bookingDetail/${bookingNumber}`, who);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({
          success: false,
          status: 404,
          code: 'B008',
          message: '요청한 예매 정보를 찾을 수 없습니다.',
        });
      }
    });
  });
});

describe('how a booking is paid (issue 28)', () => {
  let depositor: LoggedIn;
  let cultureConcertId: number;
  let plainConcertId: number;
  const numbers: Record<string, string> = {};
  const accountNumber = '27912345678901';
  const sealedReceiptNumber = 'v1.c2VhbGVk.dGFn.Ym9keQ';
  // 2030-09-21 23:59:59 in Seoul.
  const dueAt = new Date('2030-09-21T14:59:59Z');

  beforeAll(async () => {
    const db = ctx.database.db;
    depositor = await createLoggedInUser(ctx.app, db);
    cultureConcertId = (await createConcert(db, { sellerId, title: '문화비 공연' })).id;
    await db
      .update(concerts)
      .set({ cultureExpense: true })
      .where(eq(concerts.id, cultureConcertId));
    plainConcertId = (await createConcert(db, { sellerId, title: '일반 공연' })).id;
    const at = (iso: string) => new Date(iso);
    const virtualAccount = {
      virtualAccountBank: '20',
      virtualAccountNumber: accountNumber,
      virtualAccountHolder: '커튼콜',
      virtualAccountDueAt: dueAt,
    };

    const awaiting = await insertBooking({
      userId: depositor.id,
      concertId: cultureConcertId,
      status: 'AWAITING_DEPOSIT',
      bookedAt: at('2030-09-20T03:00:00Z'),
      seats: ['A-1-1'],
      payments: [
        {
          status: 'WAITING_FOR_DEPOSIT',
          method: 'VIRTUAL_ACCOUNT',
          paymentKey: `va_${randomBytes(6).toString('hex')}`,
          ...virtualAccount,
          cashReceiptType: 'INCOME_DEDUCTION',
          cashReceiptNumberEncrypted: sealedReceiptNumber,
          cashReceiptNumberMasked: '*******5678',
        },
      ],
    });
    const awaitingAtToss = await insertBooking({
      userId: depositor.id,
      concertId: plainConcertId,
      status: 'AWAITING_DEPOSIT',
      bookedAt: at('2030-09-20T02:00:00Z'),
      seats: ['A-1-2'],
      payments: [
        {
          status: 'WAITING_FOR_DEPOSIT',
          method: 'VIRTUAL_ACCOUNT',
          provider: 'toss',
          ...virtualAccount,
          virtualAccountBank: '04',
          virtualAccountNumber: '99912345678901',
        },
      ],
    });
    const deposited = await insertBooking({
      userId: depositor.id,
      concertId: cultureConcertId,
      status: 'CONFIRMED',
      bookedAt: at('2030-09-19T03:00:00Z'),
      seats: ['A-1-3', 'A-1-4'],
      payments: [
        {
          status: 'DONE',
          method: 'VIRTUAL_ACCOUNT',
          provider: 'toss',
          ...virtualAccount,
          cashReceiptType: 'INCOME_DEDUCTION',
          cashReceiptNumberMasked: '*******5678',
          cashReceiptIssueNumber: '131455789',
          approvedAt: at('2030-09-19T05:00:00Z'),
        },
      ],
    });
    const easyPay = await insertBooking({
      userId: depositor.id,
      concertId: plainConcertId,
      status: 'CONFIRMED',
      bookedAt: at('2030-09-18T03:00:00Z'),
      seats: ['B-1-1'],
      payments: [
        {
          status: 'DONE',
          method: 'EASY_PAY',
          easyPayProvider: 'KAKAOPAY',
          cashAmount: 30_000,
          cashReceiptType: 'EXPENSE_PROOF',
          cashReceiptNumberMasked: '******7890',
          cashReceiptIssueNumber: 'CR-0001',
          approvedAt: at('2030-09-18T03:05:00Z'),
        },
      ],
    });
    const card = await insertBooking({
      userId: depositor.id,
      concertId: plainConcertId,
      status: 'CONFIRMED',
      bookedAt: at('2030-09-17T03:00:00Z'),
      seats: ['B-1-2'],
      payments: [
        {
          status: 'DONE',
          method: 'CARD',
          cardCompany: 'SHINHAN',
          installmentMonths: 3,
          approvedAt: at('2030-09-17T03:05:00Z'),
        },
      ],
    });
    // A 가상계좌 left unpaid past its deadline: the booking closed, the payment EXPIRED.
    const lapsed = await insertBooking({
      userId: depositor.id,
      concertId: plainConcertId,
      status: 'CANCELED',
      bookedAt: at('2030-09-16T03:00:00Z'),
      seats: ['B-1-3'],
      payments: [{ status: 'EXPIRED', method: 'VIRTUAL_ACCOUNT', ...virtualAccount }],
    });
    Object.assign(numbers, {
      awaiting: awaiting.bookingNumber,
      awaitingAtToss: awaitingAtToss.bookingNumber,
      deposited: deposited.bookingNumber,
      easyPay: easyPay.bookingNumber,
      card: card.bookingNumber,
      lapsed: lapsed.bookingNumber,
    });
  });

  const detail = async (bookingNumber: string) => {
    const response = await get(`/api/mypage/bookingDetail/${bookingNumber}`, depositor);
    expect(response.statusCode).toBe(200);
    return response;
  };

  it('lists bookings awaiting their deposit as live ones, not a 가상계좌 left to lapse', async () => {
    const response = await get('/api/mypage/booking', depositor);
    const list = response.json().data as Array<{ bookingNumber: string; bookingStatus: string }>;
    expect(list.map((b) => b.bookingNumber)).toEqual([
      numbers.awaiting,
      numbers.awaitingAtToss,
      numbers.deposited,
      numbers.easyPay,
      numbers.card,
    ]);
    expect(list[0]).toMatchObject({ bookingStatus: 'AWAITING_DEPOSIT', totalAmount: 52_000 });
  });

  it('a booking awaiting its deposit shows the account, the due time and the test bank', async () => {
    const response = await detail(numbers.awaiting as string);
    expect(response.json().data).toMatchObject({
      bookingStatus: 'AWAITING_DEPOSIT',
      paymentStatus: 'WAITING_FOR_DEPOSIT',
      paymentMethod: 'VIRTUAL_ACCOUNT',
    });
    expect(response.json().data.payment).toEqual({
      method: 'VIRTUAL_ACCOUNT',
      methodLabel: '가상계좌(무통장입금)',
      detail: '우리은행 가상계좌',
      virtualAccount: {
        bankCode: '20',
        bankName: '우리은행',
        accountNumber,
        holder: '커튼콜',
        amount: 52_000,
        dueAt: '2030-09-21T23:59:59',
        testBankUrl: `${ctx.config.publicBaseUrl}/api/v1/sandbox-payments/bank?accountNumber=${accountNumber}`,
      },
      // A deposit's 현금영수증 covers all of it and is issued with the deposit.
      cashReceipt: {
        type: 'INCOME_DEDUCTION',
        typeLabel: '소득공제',
        maskedNumber: '*******5678',
        amount: 52_000,
        issueNumber: null,
      },
      cultureExpense: true,
    });
    // The sealed 현금영수증 number never leaves the server.
    expect(response.body).not.toContain(sealedReceiptNumber);
  });

  it('only the sandbox has a test bank: a Toss account has none', async () => {
    const payment = (await detail(numbers.awaitingAtToss as string)).json().data.payment;
    expect(payment.virtualAccount).toMatchObject({
      bankName: 'KB국민은행',
      accountNumber: '99912345678901',
      testBankUrl: null,
    });
    expect(payment.cultureExpense).toBe(false);
  });

  it('a deposit made: no account to pay into any more, the 현금영수증 approval number', async () => {
    const data = (await detail(numbers.deposited as string)).json().data;
    expect(data).toMatchObject({ bookingStatus: 'CONFIRMED', paymentStatus: 'DONE' });
    expect(data.payment).toEqual({
      method: 'VIRTUAL_ACCOUNT',
      methodLabel: '가상계좌(무통장입금)',
      detail: '우리은행 가상계좌',
      virtualAccount: null,
      cashReceipt: {
        type: 'INCOME_DEDUCTION',
        typeLabel: '소득공제',
        maskedNumber: '*******5678',
        amount: 104_000,
        issueNumber: '131455789',
      },
      cultureExpense: true,
    });
  });

  it('간편결제 names its provider; its 현금영수증 covers the cash portion only', async () => {
    expect((await detail(numbers.easyPay as string)).json().data.payment).toEqual({
      method: 'EASY_PAY',
      methodLabel: '간편결제',
      detail: '카카오페이',
      virtualAccount: null,
      cashReceipt: {
        type: 'EXPENSE_PROOF',
        typeLabel: '지출증빙',
        maskedNumber: '******7890',
        amount: 30_000,
        issueNumber: 'CR-0001',
      },
      cultureExpense: false,
    });
  });

  it('a card names its company and 할부', async () => {
    expect((await detail(numbers.card as string)).json().data.payment).toMatchObject({
      method: 'CARD',
      methodLabel: '신용·체크카드',
      detail: '신한카드 3개월 할부',
      cashReceipt: null,
    });
  });

  it("another user's 가상계좌 booking is 404 B008: the account is not shown to them", async () => {
    const response = await get(
      `/api/mypage/bookingDetail/${numbers.awaiting}`,
      await createLoggedInUser(ctx.app, ctx.database.db),
    );
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain(accountNumber);
  });
});

describe('OpenAPI', () => {
  it('documents the my-page routes from the contract schemas', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = response.json().paths;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/mypage/profile',
        '/api/mypage/changePwd',
        '/api/mypage/booking',
        '/api/mypage/bookingDetail/{bookingNumber}',
      ]),
    );
    expect(paths['/api/mypage/booking'].get.parameters).toContainEqual(
      expect.objectContaining({ name: 'userId', in: 'query', required: false }),
    );
  });
});
