import type { BookingCreated } from '@curtaincall/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_TOSS_SECRET_KEY,
  startFakeTossServer,
  type FakeTossServer,
} from '../../../test/helpers/fake-toss-server';
import { createConcert, createLoggedInUser } from '../../../test/helpers/factories';
import { admit, book, holdSeats } from '../../../test/helpers/paid-booking';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';

/**
 * Cancelling a concert with PAYMENT_PROVIDER=toss against the fake Toss server: each paid
 * booking is refunded at Toss in full, once, under its own idempotency key; a refund Toss
 * refuses is retried by the refund job until Toss takes it.
 */
let toss: FakeTossServer;
let ctx: TestContext;
let seller: Awaited<ReturnType<typeof createLoggedInUser>>;
let paymentSequence = 0;

beforeAll(async () => {
  toss = await startFakeTossServer({ secretKey: FAKE_TOSS_SECRET_KEY });
  ctx = await createTestContext({
    env: {
      PAYMENT_PROVIDER: 'toss',
      TOSS_CLIENT_KEY: 'test_ck_curtaincall_fake_0001',
      TOSS_SECRET_KEY: FAKE_TOSS_SECRET_KEY,
      TOSS_API_BASE_URL: toss.baseUrl,
      QUEUE_RATE_PER_MINUTE: '100000',
      SEAT_RATE_PER_MINUTE: '100000',
    },
  });
  seller = await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_SELLER');
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await toss?.close();
});

/** A buyer who booked `seats` seats and paid at Toss (the success redirect confirmed it). */
async function paidAtToss(concertId: number, seats: number) {
  const account = await createLoggedInUser(ctx.app, ctx.database.db);
  const session = await admit(ctx.app, concertId, account);
  const created: BookingCreated = await book(
    ctx.app,
    concertId,
    session,
    await holdSeats(ctx.app, concertId, session, seats),
  );
  paymentSequence += 1;
  const paymentKey = `tgen_cancel_${String(paymentSequence).padStart(4, '0')}`;
  const success = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/payments/success?${new URLSearchParams({
      paymentKey,
      orderId: created.orderId,
      amount: String(created.amount),
      paymentType: 'NORMAL',
    }).toString()}`,
    headers: { cookie: account.cookie },
  });
  expect(new URL(String(success.headers.location)).pathname).toBe('/payment/result/success');
  return { account, created, paymentKey };
}

async function statusesOf(buyer: { cookie: string }, bookingNumber: string) {
  const detail = await ctx.app.inject({
    method: 'GET',
    url: `/api/mypage/bookingDetail/${bookingNumber}`,
    headers: { cookie: buyer.cookie },
  });
  const data = detail.json().data as { bookingStatus: string; paymentStatus: string };
  return `${data.bookingStatus}/${data.paymentStatus}`;
}

function cancel(concertId: number) {
  return ctx.app.inject({
    method: 'DELETE',
    url: `/api/seller/concerts/${concertId}?sellerId=${seller.id}`,
    headers: { cookie: seller.cookie },
  });
}

describe('cancelling a concert with Toss payments', () => {
  it('3 paid bookings -> 3 full refunds at Toss, each once', async () => {
    const { id: concertId } = await createConcert(ctx.database.db, {
      sellerId: seller.id,
      totalSeats: 20,
    });
    const paid = [
      await paidAtToss(concertId, 2),
      await paidAtToss(concertId, 1),
      await paidAtToss(concertId, 1),
    ];
    const before = toss.refunds.length;
    const response = await cancel(concertId);
    expect(response.json()).toMatchObject({
      success: true,
      message: '콘서트가 취소되었습니다.',
      data: { status: 'CANCELLED', refundsPending: 3, refundsDone: 0 },
    });
    // The cancel answers first; the refund job makes the refunds.
    expect(toss.refunds.length).toBe(before);
    await ctx.app.scheduler.runNow('cancelled-concert-refunds');
    const made = toss.refunds.slice(before);
    expect(made).toHaveLength(3);
    for (const { paymentKey, created, account } of paid) {
      expect(made.filter((r) => r.paymentKey === paymentKey)).toEqual([
        expect.objectContaining({
          orderId: created.orderId,
          cancelAmount: created.amount,
          idempotencyKey: `cancel-${created.orderId}`,
        }),
      ]);
      expect(await statusesOf(account, created.bookingNumber)).toBe('CANCELED/CANCELED');
    }
    // The job finds nothing left to refund.
    await ctx.app.scheduler.runNow('cancelled-concert-refunds');
    expect(toss.refunds.length - before).toBe(3);
  });

  it('a refund Toss refuses is retried by the job until it succeeds', async () => {
    const { id: concertId } = await createConcert(ctx.database.db, {
      sellerId: seller.id,
      totalSeats: 10,
    });
    const buyer = await paidAtToss(concertId, 1);
    const before = toss.refunds.length;
    const refusal = {
      kind: 'json' as const,
      status: 500,
      body: {
        code: 'FAILED_REFUND_PROCESS',
        message: '은행 응답시간 지연이나 일시적인 오류로 환불요청에 실패했습니다.',
      },
    };
    toss.setNext(refusal, refusal);
    const response = await cancel(concertId);
    expect(response.json().data).toMatchObject({ status: 'CANCELLED', refundsPending: 1 });
    expect(await statusesOf(buyer.account, buyer.created.bookingNumber)).toBe('CONFIRMED/DONE');

    // Refused on the job's first two runs (the cancel itself makes no refund), taken on the third.
    await ctx.app.scheduler.runNow('cancelled-concert-refunds');
    await ctx.app.scheduler.runNow('cancelled-concert-refunds');
    expect(toss.refunds.length).toBe(before);
    expect(await statusesOf(buyer.account, buyer.created.bookingNumber)).toBe('CONFIRMED/DONE');
    await ctx.app.scheduler.runNow('cancelled-concert-refunds');
    expect(toss.refunds.slice(before)).toEqual([
      expect.objectContaining({
        paymentKey: buyer.paymentKey,
        cancelAmount: buyer.created.amount,
        idempotencyKey: `cancel-${buyer.created.orderId}`,
      }),
    ]);
    expect(await statusesOf(buyer.account, buyer.created.bookingNumber)).toBe('CANCELED/CANCELED');
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/seller/concerts/status?status=CANCELLED`,
      headers: { cookie: seller.cookie },
    });
    const entry = (list.json().data as Array<{ concertId: number; refundsPending: number }>).find(
      (c) => c.concertId === concertId,
    );
    expect(entry?.refundsPending).toBe(0);
  });
});
