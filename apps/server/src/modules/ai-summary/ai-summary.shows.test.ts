import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalSummarizer } from '../../adapters/summarizer/local-summarizer';
import type { SummarizerPort, SummaryInput } from '../../adapters/summarizer/summarizer';
import { concerts, reviews, shows } from '../../db/schema/index';
import { AppError } from '../../http/app-error';
import { fromSeoulDateTime } from '../../lib/seoul-time';
import { insertBooking } from '../../../test/helpers/direct-bookings';
import { createConcert, createLoggedInUser } from '../../../test/helpers/factories';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';
import { createConcertsService } from '../concerts/concerts.service';
import { createAiSummaryService } from './ai-summary.service';

/**
 * Issue 26, point 5: the AI summary belongs to the show. The batch reads the reviews of every
 * performance (10 together are enough) and writes one summary to each performance not
 * cancelled; a seller's regenerate of one performance refreshes the show, under one cooldown.
 * Both runtimes.
 */
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
  return createAiSummaryService({
    db: ctx.database.db,
    summarizer,
    concerts: createConcertsService({
      db: ctx.database.db,
      publicBaseUrl: '',
      clock: ctx.clock,
      catalogMaxAgeMs: 0,
    }),
    clock: ctx.clock,
  });
}

function recording(inputs: SummaryInput[]): SummarizerPort {
  return {
    kind: 'local',
    summarize: (input) => {
      inputs.push(input);
      return createLocalSummarizer().summarize(input);
    },
  };
}

/** A show played yesterday (COMPLETED), on sale in ten and eleven days, and one cancelled. */
async function showOfFour() {
  const db = ctx.database.db;
  const [show] = await db.insert(shows).values({ sellerId }).returning();
  const showId = show?.id ?? 0;
  const make = (concertDate: string, status: 'COMPLETED' | 'ON_SALE' | 'CANCELLED') =>
    createConcert(db, { sellerId, showId, concertDate, status }).then((c) => c.id);
  return {
    played: await make('2031-06-09', 'COMPLETED'),
    first: await make('2031-06-20', 'ON_SALE'),
    second: await make('2031-06-21', 'ON_SALE'),
    cancelled: await make('2031-06-22', 'CANCELLED'),
  };
}

async function addReviews(concertId: number, count: number, userId = fanId) {
  await ctx.database.db.insert(reviews).values(
    Array.from({ length: count }, (_, i) => ({
      concertId,
      userId,
      title: `${concertId}회차 후기 ${i}`,
      description: `무대 연출과 조명이 정말 화려했어요. 다만 입장 줄이 길었어요. ${i}`,
      rating: 3 + (i % 3),
    })),
  );
}

async function summaries(ids: number[]) {
  const rows = await Promise.all(
    ids.map((id) =>
      ctx.database.db
        .select({ text: concerts.aiSummary, count: concerts.aiSummaryReviewCount })
        .from(concerts)
        .where(eq(concerts.id, id)),
    ),
  );
  return rows.map(([row]) => row);
}

describe('the AI summary of a show of several performances', () => {
  it('the batch reads every performance’s reviews and writes one summary to each not cancelled', async () => {
    const show = await showOfFour();
    // 6 + 4 reviews: no performance has 10 alone, the show has.
    const booker = await createLoggedInUser(ctx.app, ctx.database.db);
    await insertBooking(ctx.database.db, {
      userId: booker.id,
      concertId: show.played,
      seats: 1,
      amount: 50_000,
      status: 'COMPLETED',
      paidAt: fromSeoulDateTime('2031-06-01T10:00:00'),
    });
    await addReviews(show.played, 1, booker.id);
    await addReviews(show.played, 5);
    await addReviews(show.first, 4);
    const inputs: SummaryInput[] = [];
    const result = await service(recording(inputs)).refreshChangedSummaries();
    expect(result.refreshed).toEqual(
      expect.arrayContaining([show.played, show.first, show.second]),
    );
    expect(result.refreshed).not.toContain(show.cancelled);
    const input = inputs.find((one) => one.reviews.length === 10);
    // The booker of the played performance is a 예매자 관람평, read first.
    expect(input?.reviews[0]).toMatchObject({ verified: true });
    expect(input?.reviews.filter((review) => review.verified)).toHaveLength(1);

    const [played, first, second, cancelled] = await summaries([
      show.played,
      show.first,
      show.second,
      show.cancelled,
    ]);
    expect(played?.text).toContain('[좋은 점]');
    expect([first, second]).toEqual([played, played]);
    expect(played?.count).toBe(10);
    expect(cancelled?.text).toBeNull();
    const pub = await ctx.app.inject({ url: `/api/concerts/${show.second}/ai-summary` });
    expect(pub.json().data).toBe(played?.text);

    // Nothing changed: nothing to do. A review of one performance refreshes them all.
    const again = await service().refreshChangedSummaries();
    expect(again.refreshed).not.toContain(show.first);
    await addReviews(show.second, 1);
    const after = await service().refreshChangedSummaries();
    expect(after.refreshed).toEqual(expect.arrayContaining([show.played, show.first, show.second]));
    expect((await summaries([show.first]))[0]?.count).toBe(11);
  });

  it("a seller's regenerate of one performance refreshes the show, one cooldown for all", async () => {
    const show = await showOfFour();
    await addReviews(show.played, 2);
    const result = await service().regenerateBySeller({ sellerId, concertId: show.second });
    expect(result.message).toContain('리뷰 2개 기준');
    const [played, first, second] = await summaries([show.played, show.first, show.second]);
    expect(second?.text).toBe(result.text);
    expect([played?.text, first?.text]).toEqual([result.text, result.text]);

    // Another performance of the same show within 30 s: the show's cooldown.
    const refused = await service()
      .regenerateBySeller({ sellerId, concertId: show.first })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('AI007');
    ctx.clock.advance(30_001);
    const later = await service().regenerateBySeller({ sellerId, concertId: show.first });
    const texts = (await summaries([show.played, show.second])).map((row) => row?.text);
    expect(texts).toEqual([later.text, later.text]);
    ctx.clock.set(NOW);
  });
});
