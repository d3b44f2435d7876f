import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BookingCreated, BookingDetail, SeatEntry } from '@curtaincall/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxTestCards } from '../src/adapters/payment-provider/sandbox-payment-provider';
import { expectDatabaseInvariants } from './helpers/invariants';
import { startNginx, type RunningNginx } from './helpers/nginx';
import {
  freePort,
  startServerProcess,
  stopServerProcess,
  waitFor,
  type ServerProcess,
} from './helpers/server-processes';
import { clearRedisPrefix, createScratchDatabase } from './helpers/test-app';
import { connectWaitQueue } from './helpers/wait-queue-client';

/**
 * deploy/nginx.conf proven: Debian's nginx, on the deploy file rendered only for this machine's
 * ports and paths, in front of two real instances on one PostgreSQL and Redis. A buyer books
 * through it (websocket admission, holds, a long poll answered by the other instance's change,
 * the sandbox payment, cancel), and a rolling restart of both instances under a burst of holds
 * fails no request.
 */

const redisUrl = process.env.TEST_REDIS_URL ?? '';
const prefix = `cctest:${randomBytes(4).toString('hex')}:`;
let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let env: Record<string, string>;
const tempDirs: string[] = [];
let instances: [ServerProcess, ServerProcess];
let dataDirs: string[] = [];
let nginx: RunningNginx;
/** A hashed bundle as `vite build` writes it, with its gzip neighbour. */
const bundleName = 'index-Dk3x9QzA.js';
const bundle = `export const seats = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `좌석 ${i}`))};\n`;

beforeAll(async () => {
  scratch = await createScratchDatabase();
  const webDist = mkdtempSync(path.join(tmpdir(), 'cc-web-'));
  tempDirs.push(webDist);
  chmodSync(webDist, 0o755);
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>커튼콜</title>');
  writeFileSync(path.join(webDist, 'assets', bundleName), bundle);
  writeFileSync(path.join(webDist, 'assets', `${bundleName}.gz`), gzipSync(bundle));
  dataDirs = [0, 1].map(() => mkdtempSync(path.join(tmpdir(), 'cc-nginx-app-')));
  tempDirs.push(...dataDirs);
  // nginx needs the instances' ports and the instances nginx's address (PUBLIC_BASE_URL):
  // nginx first, on ports the instances then take.
  const [portA, portB] = await Promise.all([freePort(), freePort()]);
  nginx = await startNginx({
    upstreams: [`127.0.0.1:${portA}`, `127.0.0.1:${portB}`],
    staticRoot: webDist,
  });
  env = {
    DATABASE_URL: scratch.url,
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: prefix,
    DEMO_DATA: 'true',
    WEB_DIST_DIR: webDist,
    PUBLIC_BASE_URL: nginx.url,
    TRUST_PROXY: '1',
    // One fan on a concert's seat page at a time: the second one waits on the websocket.
    QUEUE_CAPACITY: '1',
    QUEUE_TICK_MS: '200',
    SEAT_RATE_PER_MINUTE: '100000',
  };
  instances = await Promise.all([
    startServerProcess({ ...env, DATA_DIR: dataDirs[0] ?? '' }, portA),
    startServerProcess({ ...env, DATA_DIR: dataDirs[1] ?? '' }, portB),
  ]);
}, 180_000);

afterAll(async () => {
  await Promise.all((instances ?? []).map((instance) => stopServerProcess(instance)));
  await nginx?.stop();
  await scratch?.drop();
  await clearRedisPrefix(redisUrl, prefix);
  for (const dir of [...tempDirs, nginx?.prefix ?? '']) {
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
});

interface Answer {
  status: number;
  json: unknown;
  headers: Headers;
}

/** A user's cookie and, once admitted, the access key of the concert's seat page. */
interface Buyer {
  cookie: string;
  accessKey?: string;
}

async function call(
  method: string,
  pathAndQuery: string,
  buyer?: Buyer,
  body?: unknown,
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (buyer) headers.cookie = buyer.cookie;
  if (buyer?.accessKey) headers['x-access-key'] = buyer.accessKey;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${nginx.url}${pathAndQuery}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: 'manual',
  });
  const text = await response.text();
  return { status: response.status, json: parseJson(text), headers: response.headers };
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}

/** The envelope's `data`, as the test expects it to be shaped. */
function dataOf<T>(answer: Answer): T {
  return (answer.json as { data: T }).data;
}

async function login(username: string, password: string): Promise<Buyer> {
  const response = await fetch(`${nginx.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password }),
  });
  expect(response.status).toBe(200);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('cc_session='));
  if (!cookie) throw new Error(`no session cookie for ${username}`);
  return { cookie: cookie.split(';')[0] ?? '' };
}

async function concertIdOf(title: string): Promise<number> {
  const found = await call('GET', `/api/concerts/search?query=${encodeURIComponent(title)}`);
  const concert = dataOf<Array<{ concertId: number; title: string }>>(found).find(
    (c) => c.title === title,
  );
  if (!concert) throw new Error(`demo concert ${title} not found`);
  return concert.concertId;
}

async function freeSeats(concertId: number, buyer: Buyer): Promise<number[]> {
  const status = await call('GET', `/api/seats/concerts/${concertId}/status`, buyer);
  expect(status.status).toBe(200);
  return dataOf<SeatEntry[]>(status)
    .filter((seat) => seat.status === 'AVAILABLE')
    .map((seat) => seat.seatId);
}

const upstreams = () => instances.map((instance) => `127.0.0.1:${instance.port}`);

describe('deploy/nginx.conf in front of two instances', () => {
  it('serves hashed assets itself, gzip-compressed and cached for a year; refuses /metrics', async () => {
    const asset = await fetch(`${nginx.url}/assets/${bundleName}`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(asset.status).toBe(200);
    // fetch decodes the body: the header says nginx sent the .gz file.
    expect(asset.headers.get('content-encoding')).toBe('gzip');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await asset.text()).toBe(bundle);
    const servedBy = nginx.accessLog().find((line) => line.path === `/assets/${bundleName}`);
    expect(servedBy?.upstream).toBe('-');

    // The SPA's pages come from an instance.
    const page = await fetch(`${nginx.url}/concerts`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('커튼콜');

    expect((await fetch(`${nginx.url}/metrics`)).status).toBe(403);
    expect((await fetch(`${nginx.url}/metrics?x=1`)).status).toBe(403);
  });

  it('books through nginx: websocket admission, holds, a long poll answered by the other instance, payment, cancel', async () => {
    const concertId = await concertIdOf('루나 솔로 콘서트 〈MOONLIGHT〉');
    const first = await login('buyer2', 'buyer1234!');
    const buyer = await login('buyer', 'buyer1234!');

    // Queue: buyer2 takes the one place on the seat page; the buyer waits on the websocket.
    const entered = await call('POST', `/api/queue/enter?concertId=${concertId}`, first);
    expect(dataOf<{ accessKey?: string }>(entered).accessKey).toEqual(expect.any(String));
    const waiting = await call('POST', `/api/queue/enter?concertId=${concertId}`, buyer);
    expect(dataOf<{ status: string }>(waiting).status).toBe('WAITING');
    const socket = connectWaitQueue(nginx.url.replace('http', 'ws'), concertId, {
      cookie: buyer.cookie,
    });
    await waitFor('the first rank update', () => socket.frames.length >= 1, 10_000);
    expect(socket.frames[0]).toMatchObject({ type: 'RANK_UPDATE', rank: 1 });

    // buyer2 leaves: the admission tick (on either instance) admits the buyer over the socket.
    expect((await call('DELETE', `/api/access-keys?concertId=${concertId}`, first)).status).toBe(
      200,
    );
    await waitFor('ADMIT on the websocket', () => socket.frames.length >= 2, 10_000);
    const admit = socket.frames[1] as { type: string; accessKey: string };
    expect(admit).toEqual({ type: 'ADMIT', accessKey: expect.any(String) });
    expect((await socket.closed).code).toBe(1000);
    buyer.accessKey = admit.accessKey;

    // Holds, then a long poll held by one instance and answered by a hold on the other.
    const [seatOne, seatTwo] = await freeSeats(concertId, buyer);
    const holdOne = await call(
      'POST',
      `/api/seats/concerts/${concertId}/seats/${seatOne}/reserve`,
      buyer,
    );
    expect(holdOne.status).toBe(200);
    const since = new Date().toISOString();
    const poll = call(
      'GET',
      `/api/seats/concerts/${concertId}/polling?replace=true&timeout=20000&lastUpdateTime=${encodeURIComponent(since)}`,
      buyer,
    );
    const holdTwo = await call(
      'POST',
      `/api/seats/concerts/${concertId}/seats/${seatTwo}/reserve`,
      buyer,
    );
    expect(holdTwo.status).toBe(200);
    const answer = await poll;
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ status: 'update', hasUpdate: true });
    expect((answer.json as { seatUpdates: SeatEntry[] }).seatUpdates).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ seatId: seatTwo, isReservedByCurrentUser: true }),
      ]),
    );

    // Payment in the sandbox window, then the callback, both through nginx.
    const booked = await call('POST', '/api/bookings', buyer, {
      concertId,
      concertSeatIds: [seatOne, seatTwo],
    });
    expect(booked.status).toBe(201);
    const created = dataOf<BookingCreated>(booked);
    const checkout = new URL(created.checkoutUrl ?? '');
    expect(checkout.origin).toBe(nginx.url);
    const submitted = await fetch(`${nginx.url}${checkout.pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        orderId: created.orderId,
        orderName: created.orderName,
        amount: String(created.amount),
        customerName: created.customerName,
        cardNumber: sandboxTestCards.approve,
        expiry: '12/39',
        installment: '0',
      }),
      redirect: 'manual',
    });
    expect(submitted.status).toBe(302);
    const callback = new URL(submitted.headers.get('location') ?? '');
    expect(callback.origin).toBe(nginx.url);
    const landed = await call('GET', `${callback.pathname}${callback.search}`, buyer);
    expect(landed.status).toBe(302);
    expect(landed.headers.get('location')).toContain('/payment/result/success');

    // Cancel the paid booking: refunded, and its seats free again.
    const detail = await call('GET', `/api/mypage/bookingDetail/${created.bookingNumber}`, buyer);
    expect(dataOf<BookingDetail>(detail)).toMatchObject({
      bookingStatus: 'CONFIRMED',
      paymentStatus: 'DONE',
    });
    const cancelled = await call(
      'POST',
      `/api/bookings/${dataOf<BookingDetail>(detail).bookingId}/cancel`,
      buyer,
    );
    expect(cancelled.status).toBe(200);
    expect((cancelled.json as { message: string }).message).toBe(
      '예매가 성공적으로 취소되었습니다.',
    );
    expect(await freeSeats(concertId, buyer)).toEqual(expect.arrayContaining([seatOne, seatTwo]));

    // The journey went through both instances, turn by turn; the poll and the change that
    // answered it were on different ones.
    const journey = nginx.accessLog().filter((line) => line.upstream !== '-');
    for (const upstream of upstreams()) {
      expect(journey.filter((line) => line.upstream === upstream).length).toBeGreaterThan(5);
    }
    const pollLine = journey.find((line) => line.path.includes('/polling?'));
    const holdTwoLine = journey.find((line) => line.path.endsWith(`/seats/${seatTwo}/reserve`));
    expect(pollLine?.upstream).toBeDefined();
    expect(holdTwoLine?.upstream).toBeDefined();
    expect(pollLine?.upstream).not.toBe(holdTwoLine?.upstream);
    expect(journey.every((line) => line.status < 500)).toBe(true);
  }, 60_000);

  it('a rolling restart of both instances during a burst of holds fails no request', async () => {
    // Four fans, each alone on the seat page of a concert of their own, holding and releasing
    // one seat as fast as answers come: a hold is a POST, which nginx must never retry once sent.
    const titles = [
      '노을 밴드 전국투어 〈여름의 끝〉 서울',
      '스텔라 팬미팅 〈HELLO STELLA〉',
      '어쿠스틱 기타 리사이틀',
      '발라드의 계절',
    ];
    const fans = await Promise.all(
      titles.map(async (title, index) => {
        const fan = await login(`fan0${index + 3}`, 'fan1234!');
        const concertId = await concertIdOf(title);
        const entered = await call('POST', `/api/queue/enter?concertId=${concertId}`, fan);
        const { accessKey } = dataOf<{ accessKey?: string }>(entered);
        expect(accessKey).toEqual(expect.any(String));
        fan.accessKey = accessKey;
        const [seatId] = await freeSeats(concertId, fan);
        return { fan, seatUrl: `/api/seats/concerts/${concertId}/seats/${seatId}` };
      }),
    );

    const failures: string[] = [];
    let answered = 0;
    let stopping = false;
    const holdAndRelease = async ({ fan, seatUrl }: (typeof fans)[number]) => {
      while (!stopping) {
        for (const [method, action] of [
          ['POST', 'reserve'],
          ['DELETE', 'release'],
        ] as const) {
          try {
            const response = await call(method, `${seatUrl}/${action}`, fan);
            if (response.status !== 200) {
              failures.push(
                `${method} ${action}: ${response.status} ${JSON.stringify(response.json)}`,
              );
            }
          } catch (error) {
            failures.push(`${method} ${action}: ${(error as Error).message}`);
          }
          answered += 1;
        }
      }
    };
    const burst = Promise.all(fans.map(holdAndRelease));

    try {
      for (const index of [0, 1] as const) {
        const before = answered;
        await waitFor('holds before the restart', () => answered >= before + 40, 20_000);
        const instance = instances[index];
        // Drains its open requests and exits by itself, well inside its 10 s (main.ts).
        expect(await stopServerProcess(instance)).toBe(0);
        const logLength = nginx.accessLog().length;
        instances[index] = await startServerProcess(
          { ...env, DATA_DIR: dataDirs[index] ?? '' },
          instance.port,
        );
        // Back in nginx's turn (after the fail_timeout of its refused connections), before the
        // other one stops: then the site never has both down.
        await waitFor(
          'nginx to send holds to the restarted instance',
          () =>
            nginx
              .accessLog()
              .slice(logLength)
              .some((line) => line.upstream === upstreams()[index] && line.status === 200),
          20_000,
        );
      }
    } finally {
      stopping = true;
      await burst;
    }
    expect(failures).toEqual([]);
    expect(answered).toBeGreaterThan(100);
    // nginx did meet a stopped instance (a refused connection) and passed the request on.
    expect(nginx.accessLog().some((line) => line.upstream.includes(', '))).toBe(true);
    await expectDatabaseInvariants(scratch.url);
  }, 150_000);
});
