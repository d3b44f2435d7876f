import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { App } from '../../src/app';
import type { Database } from '../../src/db/client';
import { users } from '../../src/db/schema/index';
import { toSeoulDate } from '../../src/lib/seoul-time';
import type { AuthUser } from '../../src/modules/auth/auth.policy';
import {
  createConcertWithSeats,
  type ConcertDraft,
} from '../../src/modules/concerts/concerts.service';

let sequence = 0;

export type RegistrationFields = Record<string, string> & {
  email: string;
  username: string;
  password: string;
  nickname: string;
};

/** Valid registration fields, unique per call. */
export function registrationFields(overrides: Record<string, string> = {}): RegistrationFields {
  sequence += 1;
  const tag = `${randomBytes(3).toString('hex')}${sequence}`;
  return {
    email: `user${tag}@example.com`,
    username: `user${tag}`.slice(0, 20),
    password: 'secret12!',
    confirmPassword: 'secret12!',
    name: '홍길동',
    nickname: `팬${tag}`.slice(0, 20),
    phone: '010-1234-5678',
    address: '서울특별시 중구 세종대로 110',
    isSocialUser: 'false',
    ...overrides,
  };
}

/** A multipart body built by hand, so tests send exactly what a browser would. */
export function multipart(
  fields: Record<string, string>,
  files: Array<{ field: string; filename: string; contentType: string; content: Buffer }> = [],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----cctest${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export async function registerUser(app: App, overrides: Record<string, string> = {}) {
  const fields = registrationFields(overrides);
  const body = multipart(fields);
  const response = await app.inject({ method: 'POST', url: '/api/auth/register', ...body });
  if (response.statusCode !== 201) {
    throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  }
  return fields;
}

/** Logs in through the API and returns the session cookie header value. */
export async function login(app: App, username: string, password: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username, password }).toString(),
  });
  if (response.statusCode !== 200) {
    throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  }
  const cookie = response.cookies.find((c) => c.name === 'cc_session');
  if (!cookie) throw new Error('login set no session cookie');
  return `cc_session=${cookie.value}`;
}

/** Registers a fresh user, optionally gives it a role, and logs in. */
export async function createLoggedInUser(
  app: App,
  db: Database,
  role: 'ROLE_USER' | 'ROLE_SELLER' | 'ROLE_ADMIN' = 'ROLE_USER',
) {
  const fields = await registerUser(app);
  if (role !== 'ROLE_USER') {
    await db.update(users).set({ role }).where(eq(users.username, fields.username));
  }
  const cookie = await login(app, fields.username, fields.password);
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, fields.username));
  if (!row) throw new Error('registered user not found');
  return { ...fields, id: row.id, cookie };
}

let concertSequence = 0;

/** A concert with a small seat map, owned by a fresh seller unless one is given. */
export async function createConcert(
  db: Database,
  overrides: Partial<ConcertDraft> & { sellerId: number },
) {
  concertSequence += 1;
  const now = Date.now();
  return createConcertWithSeats(db, {
    title: `테스트 콘서트 ${concertSequence}`,
    artist: `아티스트 ${concertSequence}`,
    description: '테스트용 공연입니다.',
    venueName: '테스트 홀',
    venueAddress: '서울특별시 중구 테스트로 1',
    concertDate: toSeoulDate(new Date(now + 10 * 86_400_000)),
    startTime: '19:00:00',
    endTime: '21:00:00',
    totalSeats: 30,
    bookingStartAt: new Date(now - 86_400_000),
    bookingEndAt: new Date(now + 9 * 86_400_000),
    minAge: 0,
    maxTicketsPerUser: 4,
    status: 'ON_SALE',
    posterImageUrl: null,
    ...overrides,
  });
}

/** Users inserted directly (no password), for service tests that need many at once. */
export async function insertUsers(db: Database, count: number): Promise<AuthUser[]> {
  const tag = randomBytes(4).toString('hex');
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        username: `u${tag}${i}`,
        email: `u${tag}${i}@example.com`,
        nickname: `n${tag}${i}`,
        name: '테스트',
      })),
    )
    .returning();
  return rows.map((row) => ({
    id: row.id,
    username: row.username,
    nickname: row.nickname,
    name: row.name,
    email: row.email,
    role: 'ROLE_USER' as const,
  }));
}
