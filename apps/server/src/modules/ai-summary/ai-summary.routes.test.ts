import { AI_SUMMARY_EMPTY } from '@curtaincall/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { concerts } from '../../db/schema/index';
import { toSeoulDate } from '../../lib/seoul-time';
import { createConcert, createLoggedInUser } from '../../../test/helpers/factories';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';

type Account = Awaited<ReturnType<typeof createLoggedInUser>>;

/**
 * `POST /seller/concerts/{id}/ai-summary/regenerate` through the front door: the owning seller
 * gets a new summary that the public pages show at once; the rules of §11.4 hold on the server.
 */
let ctx: TestContext;
let seller: Account;
let reviewer: Account;

beforeAll(async () => {
  // The public catalogue never expires by age here: only the regeneration itself can refresh it.
  ctx = await createTestContext({ configure: (c) => ({ ...c, catalogMaxAgeMs: 3_600_000 }) });
  seller = await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_SELLER');
  reviewer = await createLoggedInUser(ctx.app, ctx.database.db);
}, 120_000);
afterAll(async () => ctx?.close());

function regenerate(account: Account | null, concertId: number, sellerId = account?.id) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/seller/concerts/${concertId}/ai-summary/regenerate${sellerId ? `?sellerId=${sellerId}` : ''}`,
    headers: {
      ...(account ? { cookie: account.cookie } : {}),
      'content-type': 'application/json',
    },
    payload: {},
  });
}

async function review(concertId: number, description: string, rating = 5) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/concerts/${concertId}/reviews`,
    headers: { cookie: reviewer.cookie, 'content-type': 'application/json' },
    payload: {
      title: '관람 후기',
      description,
      rating,
      userId: reviewer.id,
      userNickname: reviewer.nickname,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
}

async function ownConcert(overrides: Parameters<typeof createConcert>[1] = { sellerId: 0 }) {
  return (await createConcert(ctx.database.db, { ...overrides, sellerId: seller.id })).id;
}

describe('POST /seller/concerts/{id}/ai-summary/regenerate', () => {
  it('200 with the new text, shown at once on the public pages; then 429 AI007 for 30 s', async () => {
    const concertId = await ownConcert();
    await review(concertId, '무대 연출과 음향이 정말 훌륭했고 다시 보고 싶은 공연이었습니다.');
    await review(concertId, '좌석이 조금 불편했지만 라이브 실력은 최고였어요. 추천합니다.', 4);
    // Warm the public pages first, so only the regeneration can change what they show.
    const detailBefore = await ctx.app.inject({ method: 'GET', url: `/api/concerts/${concertId}` });
    expect(detailBefore.json().data.aiSummary).toBeNull();
    await ctx.app.inject({ method: 'GET', url: '/api/concerts?size=100' });

    const response = await regenerate(seller, concertId);
    expect(response.statusCode).toBe(200);
    const body = response.json() as { success: boolean; message: string; data: string };
    expect(body.success).toBe(true);
    expect(body.data.trim().length).toBeGreaterThan(0);
    // Fewer than 10 reviews: the message says so.
    expect(body.message).toContain('리뷰 2개 기준');

    const publicSummary = await ctx.app.inject({
      method: 'GET',
      url: `/api/concerts/${concertId}/ai-summary`,
    });
    expect(publicSummary.json().data).toBe(body.data);
    expect(publicSummary.json().data).not.toBe(AI_SUMMARY_EMPTY);
    const detail = await ctx.app.inject({ method: 'GET', url: `/api/concerts/${concertId}` });
    expect(detail.json().data.aiSummary).toBe(body.data);
    const list = await ctx.app.inject({ method: 'GET', url: '/api/concerts?size=100' });
    const listed = (
      list.json().data.content as Array<{ concertId: number; aiSummary: string }>
    ).find((c) => c.concertId === concertId);
    expect(listed?.aiSummary).toBe(body.data);

    const again = await regenerate(seller, concertId);
    expect(again.json()).toMatchObject({ status: 429, code: 'AI007' });
    ctx.clock.advance(29_000);
    expect((await regenerate(seller, concertId)).statusCode).toBe(429);
    ctx.clock.advance(1_000);
    expect((await regenerate(seller, concertId)).statusCode).toBe(200);
  });

  it('400 AI004 without reviews, and with only reviews under 10 characters', async () => {
    const none = await ownConcert();
    expect((await regenerate(seller, none)).json()).toMatchObject({
      status: 400,
      code: 'AI004',
      message: 'AI 요약 생성을 위한 리뷰가 없습니다. 먼저 리뷰를 작성해주세요.',
    });
    const short = await ownConcert();
    await review(short, '좋았어요');
    expect((await regenerate(seller, short)).json()).toMatchObject({
      status: 400,
      code: 'AI004',
      message: 'AI 요약 생성을 위해 최소 10자 이상의 리뷰 내용이 필요합니다.',
    });
  });

  it('409 S006 for a cancelled concert and a show that has started; 404 T003 when unknown', async () => {
    const cancelled = await ownConcert();
    await review(cancelled, '취소되기 전에 남긴 아주 긴 관람평입니다.');
    await ctx.database.db
      .update(concerts)
      .set({ status: 'CANCELLED' })
      .where(eq(concerts.id, cancelled));
    expect((await regenerate(seller, cancelled)).json()).toMatchObject({
      status: 409,
      code: 'S006',
    });

    const started = await ownConcert();
    await review(started, '오늘 공연도 정말 기대가 되는 멋진 무대였습니다.');
    await ctx.database.db
      .update(concerts)
      .set({
        concertDate: toSeoulDate(ctx.clock.now()),
        startTime: '00:00:00',
        endTime: '23:59:00',
      })
      .where(eq(concerts.id, started));
    expect((await regenerate(seller, started)).json()).toMatchObject({
      status: 409,
      code: 'S006',
      message: '이미 종료된 공연입니다',
    });
    expect((await regenerate(seller, 99_999_999)).json()).toMatchObject({
      status: 404,
      code: 'T003',
    });
  });

  it('ownership: another seller, a foreign sellerId, users and admins 403; anonymous 401', async () => {
    const concertId = await ownConcert();
    await review(concertId, '소유권 검사를 위한 충분히 긴 관람평입니다.');
    const otherSeller = await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_SELLER');
    expect((await regenerate(otherSeller, concertId)).json()).toMatchObject({
      status: 403,
      code: 'S002',
      message: '해당 콘서트를 관리할 권한이 없습니다.',
    });
    expect((await regenerate(seller, concertId, otherSeller.id)).json()).toMatchObject({
      status: 403,
      code: 'S002',
    });
    for (const role of ['ROLE_USER', 'ROLE_ADMIN'] as const) {
      const account = await createLoggedInUser(ctx.app, ctx.database.db, role);
      expect((await regenerate(account, concertId)).json()).toMatchObject({
        status: 403,
        code: 'S002',
      });
    }
    expect((await regenerate(null, concertId)).json()).toMatchObject({ status: 401, code: 'A006' });
    // None of the refusals used the cooldown: the owner still regenerates at once, and a call
    // without any body is as good as the client's `{}`.
    const bodiless = await ctx.app.inject({
      method: 'POST',
      url: `/api/seller/concerts/${concertId}/ai-summary/regenerate`,
      headers: { cookie: seller.cookie },
    });
    expect(bodiless.statusCode, bodiless.body).toBe(200);
  });
});
