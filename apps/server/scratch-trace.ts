import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sign } from '@fastify/cookie';
import { buildApp } from './src/app';
import { loadConfig } from './src/config';
import { openDatabase } from './src/db/client';
import { createDatabaseSessionStore } from './src/adapters/session-store/database-session-store';
import { users } from './src/db/schema/index';
import { createConcertWithSeats } from './src/modules/concerts/concerts.service';
import { toSeoulDate } from './src/lib/seoul-time';

const dir = mkdtempSync(path.join(tmpdir(), 'trace-'));
const secret = randomBytes(32).toString('hex');
const config = loadConfig({ DATA_DIR: dir, SESSION_SECRET: secret, DEMO_DATA: 'false', LOG_LEVEL: 'silent', QUEUE_CAPACITY: '1000', WEB_DIST_DIR: path.join(dir, 'x') });
const database = await openDatabase({ databaseUrl: undefined, pgliteDir: path.join(dir, 'db') });
const client = (database.db as unknown as { $client: { query: (...a: unknown[]) => unknown; exec: (...a: unknown[]) => unknown } }).$client;
let log: string[] | null = null;
for (const m of ['query', 'exec'] as const) {
  const orig = client[m].bind(client);
  client[m] = (...a: unknown[]) => { if (log) log.push(`${m}: ${String(a[0]).replace(/\s+/g, ' ').slice(0, 110)}`); return orig(...a); };
}
const [seller] = await database.db.insert(users).values({ username: 'sx', email: 's@x.com', nickname: 'sx', name: 's' }).returning();
const [buyer] = await database.db.insert(users).values({ username: 'bx', email: 'b@x.com', nickname: 'bx', name: 'b' }).returning();
const now = Date.now();
const concert = await createConcertWithSeats(database.db, { sellerId: seller!.id, title: 't', artist: 'a', description: null, venueName: 'v', venueAddress: null, concertDate: toSeoulDate(new Date(now + 20 * 86400000)), startTime: '19:00:00', endTime: '21:00:00', totalSeats: 300, bookingStartAt: new Date(now - 86400000), bookingEndAt: new Date(now + 86400000 * 10), minAge: 0, maxTicketsPerUser: 4, status: 'ON_SALE', posterImageUrl: null });
const sid = randomBytes(24).toString('base64url');
await createDatabaseSessionStore({ db: database.db, idleSeconds: 86400, clock: { now: () => new Date() } }).set(sid, { userId: buyer!.id, touchedAt: Date.now() }, buyer!.id);
const cookie = `cc_session=${encodeURIComponent(sign(sid, secret))}`;
const app = await buildApp(config, { database, startJobs: false });
const enter = await app.inject({ method: 'POST', url: `/api/queue/enter?concertId=${concert.id}`, headers: { cookie } });
const key = (JSON.parse(enter.body) as { data: { accessKey: string } }).data.accessKey;
const seats = await app.inject({ method: 'GET', url: `/api/seats/concerts/${concert.id}/status?section=A`, headers: { cookie, 'x-access-key': key } });
const ids = (JSON.parse(seats.body) as { data: Array<{ seatId: number }> }).data.map((s) => s.seatId);
for (const seatId of [ids[0], ids[0], ids[1]]) {
  log = [];
  const t = performance.now();
  const r = await app.inject({ method: 'POST', url: `/api/seats/concerts/${concert.id}/seats/${seatId}/reserve`, headers: { cookie, 'x-access-key': key } });
  console.log(r.statusCode, (performance.now() - t).toFixed(2), 'ms');
  console.log(log.join('\n'));
}
const t2 = performance.now();
for (let i = 0; i < 300; i++) await app.inject({ method: 'POST', url: `/api/seats/concerts/${concert.id}/seats/${ids[5 + (i % 50)]}/reserve`, headers: { cookie, 'x-access-key': key } });
console.log('300 holds', ((performance.now() - t2) / 300).toFixed(2), 'ms each');
log = null;
await app.close();
