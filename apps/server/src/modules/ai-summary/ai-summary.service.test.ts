import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalSummarizer } from '../../adapters/summarizer/local-summarizer';
import type { SummarizerPort, SummaryInput } from '../../adapters/summarizer/summarizer';
import { concerts, reviews } from '../../db/schema/index';
import { AppError } from '../../http/app-error';
import { fromSeoulDateTime } from '../../lib/seoul-time';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';
import { insertBooking } from '../../../test/helpers/direct-bookings';
import { createConcert, createLoggedInUser } from '../../../test/helpers/factories';
import { createConcertsService } from '../concerts/concerts.service';
import { createAiSummaryService } from './ai-summary.service';

let ctx: TestContext;
let sellerId: number;
let fanId: number;
const NOW = fromSeoulDateTime('2031-06-10T12:00:00');

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set(NOW);
  sellerId = (await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_SELLER')).id;
  fanId = (await createLoggedInUser(ctx.app, ctx.database.db)).id;
});
afterAll(async () => ctx?.close());

function service(summarizer: SummarizerPort = createLocalSummarizer()) {
  const concertsService = createConcertsService({
    db: ctx.database.db,
    publicBaseUrl: '',
    clock: ctx.clock,
    catalogMaxAgeMs: 0,
  });
  return createAiSummaryService({
    db: ctx.database.db,
    summarizer,
    concerts: concertsService,
    clock: ctx.clock,
  });
}

const praise = [
  '라이브 실력이 음원보다 훨씬 좋았어요.',
  '무대 연출과 조명이 정말 화려했어요.',
  '음향이 깔끔해서 가사가 잘 들렸어요.',
];
async function addReviews(
  concertId: number,
  count: number,
  text = (i: number) => `${praise[i % 3]} 다만 입장 대기 줄이 너무 길었어요.`,
) {
  for (let i = 0; i < count; i += 1) {
    await ctx.database.db.insert(reviews).values({
      concertId,
      userId: fanId,
      title: `후기 ${i}`,
      description: text(i),
      rating: 3 + (i % 3),
    });
  }
}
async function summaryOf(id: number) {
  const [row] = await ctx.database.db.select().from(concerts).where(eq(concerts.id, id));
  return row;
}
async function expectAppError(promise: Promise<unknown>, code: string, message?: string) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
  if (message) expect((error as AppError).message).toBe(message);
}

describe('AI summary batch', () => {
  it('summarises concerts with 10+ reviews, from their texts, and only again when reviews change', async () => {
    const busy = (await createConcert(ctx.database.db, { sellerId, concertDate: '2031-06-20' })).id;
    const quiet = (await createConcert(ctx.database.db, { sellerId, concertDate: '2031-06-20' }))
      .id;
    await addReviews(busy, 10);
    await addReviews(quiet, 9);

    const first = await service().refreshChangedSummaries();
    expect(first.refreshed).toContain(busy);
    expect(first.refreshed).not.toContain(quiet);
    const stored = await summaryOf(busy);
    expect(stored?.aiSummary).toMatch(/\[전체 평가\][\s\S]*\[좋은 점\][\s\S]*\[아쉬운 점\]/);
    expect(stored?.aiSummary).toContain('입장 대기 줄이 너무 길었어요');
    expect(stored?.aiSummaryReviewCount).toBe(10);
    const api = await ctx.app.inject({ method: 'GET', url: `/api/concerts/${busy}/ai-summary` });
    expect(api.json().data).toBe(stored?.aiSummary);

    expect((await service().refreshChangedSummaries()).refreshed).not.toContain(busy);

    // An edit, not only an added review, counts as a change.
    const [one] = await ctx.database.db
      .select()
      .from(reviews)
      .where(eq(reviews.concertId, busy))
      .limit(1);
    await ctx.database.db
      .update(reviews)
      .set({ description: '좌석이 너무 좁아서 불편했어요. 그래도 노래는 좋았어요.' })
      .where(eq(reviews.id, one?.id ?? -1));
    expect((await service().refreshChangedSummaries()).refreshed).toContain(busy);
  });

  it('skips cancelled concerts and keeps going when one summary fails', async () => {
    const cancelled = (
      await createConcert(ctx.database.db, {
        sellerId,
        status: 'CANCELLED',
        concertDate: '2031-06-20',
      })
    ).id;
    await addReviews(cancelled, 10);
    const result = await service().refreshChangedSummaries();
    expect(result.refreshed).not.toContain(cancelled);

    const broken = (await createConcert(ctx.database.db, { sellerId, concertDate: '2031-06-20' }))
      .id;
    await addReviews(broken, 11);
    const failing: SummarizerPort = {
      kind: 'openai',
      summarize: () => Promise.reject(new Error('down')),
    };
    expect((await service(failing).refreshChangedSummaries()).failed).toContain(broken);
    expect((await summaryOf(broken))?.aiSummary).toBeNull();
  });

  it('hands the summarizer 예매자 관람평 first, flagged, then the rest newest first (issue 23)', async () => {
    const db = ctx.database.db;
    // The show started the evening before NOW, so paid bookers' reviews are verified.
    const played = (
      await createConcert(db, { sellerId, status: 'COMPLETED', concertDate: '2031-06-09' })
    ).id;
    const booker = await createLoggedInUser(ctx.app, db);
    await insertBooking(db, {
      userId: booker.id,
      concertId: played,
      seats: 2,
      amount: 100_000,
      status: 'COMPLETED',
      paidAt: fromSeoulDateTime('2031-06-01T10:00:00'),
    });
    const hour = 3_600_000;
    const rows = Array.from({ length: 10 }, (_, i) => ({
      concertId: played,
      // Reviews 2 and 7 are the booker's, older than most of the others.
      userId: i === 2 || i === 7 ? booker.id : fanId,
      title: `관람 후기 ${i}`,
      description: `${praise[i % 3]} 번호 ${i}`,
      rating: 4,
      createdAt: new Date(NOW.getTime() - (10 - i) * hour),
    }));
    await db.insert(reviews).values(rows);
    const inputs: SummaryInput[] = [];
    const recording: SummarizerPort = {
      kind: 'local',
      summarize: (input) => {
        inputs.push(input);
        return createLocalSummarizer().summarize(input);
      },
    };
    expect((await service(recording).refreshChangedSummaries()).refreshed).toContain(played);
    const input = inputs.find((one) =>
      one.reviews.some((review) => review.title === '관람 후기 7'),
    );
    expect(input?.reviews.map((review) => [review.title, review.verified])).toEqual([
      ['관람 후기 7', true],
      ['관람 후기 2', true],
      ['관람 후기 9', false],
      ['관람 후기 8', false],
      ['관람 후기 6', false],
      ['관람 후기 5', false],
      ['관람 후기 4', false],
      ['관람 후기 3', false],
      ['관람 후기 1', false],
      ['관람 후기 0', false],
    ]);
    expect((await summaryOf(played))?.aiSummary).toContain('예매자 관람평 2건의 평균은 4.0점');
  });
});

describe('seller regenerate', () => {
  it('regenerates an own concert with a few reviews, says so, then enforces the 30 s cooldown', async () => {
    const id = (await createConcert(ctx.database.db, { sellerId, concertDate: '2031-06-20' })).id;
    await addReviews(id, 3);
    const result = await service().regenerateBySeller({ sellerId, concertId: id });
    expect(result.text).toContain('[좋은 점]');
    expect(result.message).toContain('리뷰 3개 기준');
    await expectAppError(service().regenerateBySeller({ sellerId, concertId: id }), 'AI007');
    ctx.clock.advance(30_001);
    await expect(service().regenerateBySeller({ sellerId, concertId: id })).resolves.toMatchObject({
      text: expect.any(String),
    });
    ctx.clock.set(NOW);
  });

  it('says 성공 when there are 10+ reviews', async () => {
    const id = (await createConcert(ctx.database.db, { sellerId, concertDate: '2031-06-20' })).id;
    await addReviews(id, 10);
    expect((await service().regenerateBySeller({ sellerId, concertId: id })).message).toBe(
      'AI 요약이 성공적으로 생성되었습니다.',
    );
  });

  it('refuses another seller, a cancelled or started show, and missing or too short reviews', async () => {
    const other = (await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_SELLER')).id;
    const mine = (await createConcert(ctx.database.db, { sellerId, concertDate: '2031-06-20' })).id;
    await expectAppError(
      service().regenerateBySeller({ sellerId: other, concertId: mine }),
      'S002',
    );
    await expectAppError(
      service().regenerateBySeller({ sellerId, concertId: mine }),
      'AI004',
      'AI 요약 생성을 위한 리뷰가 없습니다. 먼저 리뷰를 작성해주세요.',
    );
    await addReviews(mine, 2, () => '좋아요');
    await expectAppError(
      service().regenerateBySeller({ sellerId, concertId: mine }),
      'AI004',
      'AI 요약 생성을 위해 최소 10자 이상의 리뷰 내용이 필요합니다.',
    );

    const cancelled = (
      await createConcert(ctx.database.db, {
        sellerId,
        status: 'CANCELLED',
        concertDate: '2031-06-20',
      })
    ).id;
    await addReviews(cancelled, 2);
    await expectAppError(service().regenerateBySeller({ sellerId, concertId: cancelled }), 'S006');

    const started = (
      await createConcert(ctx.database.db, {
        sellerId,
        concertDate: '2031-06-10',
        startTime: '11:00:00',
        endTime: '13:00:00',
      })
    ).id;
    await addReviews(started, 2);
    await expectAppError(
      service().regenerateBySeller({ sellerId, concertId: started }),
      'S006',
      '이미 종료된 공연입니다',
    );
    await expectAppError(service().regenerateBySeller({ sellerId, concertId: 999_999 }), 'T003');
  });

  it('turns a summarizer failure into 503 AI001', async () => {
    const id = (await createConcert(ctx.database.db, { sellerId, concertDate: '2031-06-20' })).id;
    await addReviews(id, 2);
    const failing: SummarizerPort = {
      kind: 'openai',
      summarize: () => Promise.reject(new Error('down')),
    };
    await expectAppError(service(failing).regenerateBySeller({ sellerId, concertId: id }), 'AI001');
  });
});
