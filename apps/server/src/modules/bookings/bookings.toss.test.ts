import type { BookingCreated, SeatEntry } from '@curtaincall/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_TOSS_SECRET_KEY,
  startFakeTossServer,
  type FakeTossServer,
} from '../../../test/helpers/fake-toss-server';
import { createConcert, createLoggedInUser } from '../../../test/helpers/factories';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';

/**
 * The same booking routes with PAYMENT_PROVIDER=toss, configured only by environment variables
 * (as an operator would) against the fake Toss server: the booking hands the web app what the
 * Toss SDK needs, the page may load Toss's SDK and frame its window, the sandbox window is not
 * served, and Toss's success redirect is confirmed with Toss and books the seats.
 */

const CLIENT_KEY = 'test_ck_curtaincall_fake_0001';
let toss: FakeTossServer;
let ctx: TestContext;

beforeAll(async () => {
  toss = await startFakeTossServer({ secretKey: FAKE_TOSS_SECRET_KEY });
  ctx = await createTestContext({
    env: {
      PAYMENT_PROVIDER: 'toss',
      TOSS_CLIENT_KEY: CLIENT_KEY,
      TOSS_SECRET_KEY: FAKE_TOSS_SECRET_KEY,
      TOSS_API_BASE_URL: toss.baseUrl,
      QUEUE_RATE_PER_MINUTE: '100000',
      SEAT_RATE_PER_MINUTE: '100000',
    },
  });
});
afterAll(async () => {
  await ctx?.close();
  await toss?.close();
});

/** A buyer holding one seat of a fresh concert, and their booking of it. */
async function bookOneSeat() {
  const sellerId = (await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_SELLER')).id;
  const concertId = (await createConcert(ctx.database.db, { sellerId, totalSeats: 10 })).id;
  const buyer = await createLoggedInUser(ctx.app, ctx.database.db);
  const entry = await ctx.app.inject({
    method: 'POST',
    url: `/api/queue/enter?concertId=${concertId}`,
    headers: { cookie: buyer.cookie },
  });
  const key = String(entry.json().data.accessKey);
  const headers = { cookie: buyer.cookie, 'x-access-key': key };
  const seats: SeatEntry[] = (
    await ctx.app.inject({
      method: 'GET',
      url: `/api/seats/concerts/${concertId}/status`,
      headers,
    })
  ).json().data;
  const seatId = seats[0]?.seatId ?? 0;
  const held = await ctx.app.inject({
    method: 'POST',
    url: `/api/seats/concerts/${concertId}/seats/${seatId}/reserve`,
    headers,
  });
  expect(held.statusCode).toBe(200);
  const booked = await ctx.app.inject({
    method: 'POST',
    url: '/api/bookings',
    headers: { cookie: buyer.cookie, 'content-type': 'application/json' },
    payload: { concertId, concertSeatIds: [seatId] },
  });
  expect(booked.statusCode).toBe(201);
  const created: BookingCreated = booked.json().data;
  return { buyer, seatId, booked, created };
}

async function statusOf(buyer: { cookie: string }, bookingNumber: string) {
  const detail = await ctx.app.inject({
    method: 'GET',
    url: `/api/mypage/bookingDetail/${bookingNumber}`,
    headers: { cookie: buyer.cookie },
  });
  return String(detail.json().data.bookingStatus);
}

/** Toss's success redirect as an anonymous browser (anyone holding the orderId) sends it. */
async function anonymousSuccessCallback(created: BookingCreated, paymentKey: string) {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/payments/success?${new URLSearchParams({
      paymentKey,
      orderId: created.orderId,
      amount: String(created.amount),
      paymentType: 'NORMAL',
    }).toString()}`,
  });
  expect(response.statusCode).toBe(302);
  return new URL(String(response.headers.location));
}

describe('POST /bookings with PAYMENT_PROVIDER=toss', () => {
  it('returns the Toss SDK parameters and confirms the success redirect with Toss', async () => {
    const { buyer, booked, created } = await bookOneSeat();
    expect(created).toMatchObject({ provider: 'toss', clientKey: CLIENT_KEY });
    expect(created.successUrl).toMatch(/\/api\/v1\/payments\/success$/);
    expect(created.failUrl).toMatch(/\/api\/v1\/payments\/fail$/);

    // The SPA may load Toss's SDK and show its window; the sandbox window does not exist here.
    const csp = String(booked.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://*.tosspayments.com");
    expect(csp).toContain("frame-src 'self' https://*.tosspayments.com");
    const sandbox = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/sandbox-payments/checkout',
    });
    expect(sandbox.statusCode).toBe(404);

    // Toss sends the browser back with its paymentKey; we confirm with Toss before booking.
    const success = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/payments/success?${new URLSearchParams({
        paymentKey: 'tgen_curtaincall_0001',
        orderId: created.orderId,
        amount: String(created.amount),
        paymentType: 'NORMAL',
      }).toString()}`,
    });
    expect(success.statusCode).toBe(302);
    const location = new URL(String(success.headers.location));
    expect(location.pathname).toBe('/payment/result/success');
    expect(location.searchParams.get('bookingNumber')).toBe(created.bookingNumber);
    const confirms = toss.requests.filter((r) => r.path === '/v1/payments/confirm');
    expect(confirms).toHaveLength(1);
    expect(confirms[0]?.headers['idempotency-key']).toBe(created.orderId);
    expect(confirms[0]?.body).toEqual({
      paymentKey: 'tgen_curtaincall_0001',
      orderId: created.orderId,
      amount: created.amount,
    });

    const detail = await ctx.app.inject({
      method: 'GET',
      url: `/api/mypage/bookingDetail/${created.bookingNumber}`,
      headers: { cookie: buyer.cookie },
    });
    expect(detail.json().data).toMatchObject({
      bookingStatus: 'CONFIRMED',
      totalAmount: created.amount,
    });
  });

  it('a paymentKey Toss does not know leaves the order held; a card Toss declined frees it', async () => {
    const forged = await bookOneSeat();
    toss.decline('tgen_forged_0001', {
      status: 404,
      code: 'NOT_FOUND_PAYMENT',
      message: '존재하지 않는 결제 정보 입니다.',
    });
    const forgedPage = await anonymousSuccessCallback(forged.created, 'tgen_forged_0001');
    expect(forgedPage.pathname).toBe('/payment/result/fail');
    expect(forgedPage.searchParams.get('code')).toBe('NOT_FOUND_PAYMENT');
    expect(await statusOf(forged.buyer, forged.created.bookingNumber)).toBe('PENDING_PAYMENT');

    const declined = await bookOneSeat();
    toss.decline('tgen_declined_0001');
    const declinedPage = await anonymousSuccessCallback(declined.created, 'tgen_declined_0001');
    expect(declinedPage.pathname).toBe('/payment/result/fail');
    expect(declinedPage.searchParams.get('code')).toBe('REJECT_CARD_COMPANY');
    expect(await statusOf(declined.buyer, declined.created.bookingNumber)).toBe('CANCELED');
  });
});
