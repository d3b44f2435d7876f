import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { expectations, reviews, users } from '../../db/schema/index';

export type ReviewRow = typeof reviews.$inferSelect & { userNickname: string; verified: boolean };
export type ExpectationRow = typeof expectations.$inferSelect & { userNickname: string };

/**
 * 예매자 관람평 (issue 23): the author holds a paid, not cancelled booking (CONFIRMED or
 * COMPLETED; a refund makes it CANCELED) of the review's concert, and that show has started
 * (concert_date + start_time, Seoul wall clock) by `now`. Judged when read, so a review written
 * before the show becomes verified once the curtain rises, and loses it when the booking is
 * refunded. The bookings (concert_id, status) index answers it.
 */
export function verifiedAuthor(now: Date): SQL<boolean> {
  return sql<boolean>`exists (
    select 1 from bookings vb join concerts vc on vc.id = vb.concert_id
    where vb.concert_id = ${reviews.concertId} and vb.user_id = ${reviews.userId}
      and vb.status in ('CONFIRMED', 'COMPLETED')
      and timezone(interval '+09:00', vc.concert_date + vc.start_time) <= ${now.toISOString()}::timestamptz
  )`;
}

function reviewColumns(now: Date) {
  return { ...reviewBaseColumns, verified: verifiedAuthor(now) };
}

const reviewBaseColumns = {
  id: reviews.id,
  concertId: reviews.concertId,
  userId: reviews.userId,
  title: reviews.title,
  description: reviews.description,
  rating: reviews.rating,
  createdAt: reviews.createdAt,
  updatedAt: reviews.updatedAt,
  userNickname: users.nickname,
};

const expectationColumns = {
  id: expectations.id,
  concertId: expectations.concertId,
  userId: expectations.userId,
  comment: expectations.comment,
  expectationRating: expectations.expectationRating,
  createdAt: expectations.createdAt,
  updatedAt: expectations.updatedAt,
  userNickname: users.nickname,
};

const reviewSort = {
  createdAt: reviews.createdAt,
  rating: reviews.rating,
  title: reviews.title,
} as const;

export async function findReviewPage(
  db: DbOrTx,
  options: {
    concertId: number;
    limit: number;
    offset: number;
    sortBy: keyof typeof reviewSort;
    sortDir: 'asc' | 'desc';
    /** Only 예매자 관람평. */
    verifiedOnly: boolean;
    now: Date;
  },
): Promise<{ rows: ReviewRow[]; total: number }> {
  const direction = options.sortDir === 'asc' ? asc : desc;
  const ofConcert = eq(reviews.concertId, options.concertId);
  const where = options.verifiedOnly ? and(ofConcert, verifiedAuthor(options.now)) : ofConcert;
  const [rows, [totalRow]] = await Promise.all([
    db
      .select(reviewColumns(options.now))
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.userId))
      .where(where)
      .orderBy(direction(reviewSort[options.sortBy]), direction(reviews.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ total: count() }).from(reviews).where(where),
  ]);
  return { rows, total: totalRow?.total ?? 0 };
}

export async function findReview(
  db: DbOrTx,
  concertId: number,
  reviewId: number,
  now: Date,
): Promise<ReviewRow | undefined> {
  const [row] = await db
    .select(reviewColumns(now))
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(and(eq(reviews.id, reviewId), eq(reviews.concertId, concertId)))
    .limit(1);
  return row;
}

export async function insertReview(
  db: DbOrTx,
  review: typeof reviews.$inferInsert,
): Promise<number> {
  const [row] = await db.insert(reviews).values(review).returning({ id: reviews.id });
  if (!row) throw new Error('insert into reviews returned no row');
  return row.id;
}

export async function updateReview(
  db: DbOrTx,
  reviewId: number,
  changes: Pick<typeof reviews.$inferInsert, 'title' | 'description' | 'rating' | 'updatedAt'>,
): Promise<void> {
  await db.update(reviews).set(changes).where(eq(reviews.id, reviewId));
}

export async function deleteReview(db: DbOrTx, reviewId: number): Promise<void> {
  await db.delete(reviews).where(eq(reviews.id, reviewId));
}

export async function findExpectationPage(
  db: DbOrTx,
  options: { concertId: number; limit: number; offset: number },
): Promise<{ rows: ExpectationRow[]; total: number }> {
  const where = eq(expectations.concertId, options.concertId);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select(expectationColumns)
      .from(expectations)
      .innerJoin(users, eq(users.id, expectations.userId))
      .where(where)
      .orderBy(desc(expectations.createdAt), desc(expectations.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ total: count() }).from(expectations).where(where),
  ]);
  return { rows, total: totalRow?.total ?? 0 };
}

export async function findExpectation(
  db: DbOrTx,
  concertId: number,
  expectationId: number,
): Promise<ExpectationRow | undefined> {
  const [row] = await db
    .select(expectationColumns)
    .from(expectations)
    .innerJoin(users, eq(users.id, expectations.userId))
    .where(and(eq(expectations.id, expectationId), eq(expectations.concertId, concertId)))
    .limit(1);
  return row;
}

export async function insertExpectation(
  db: DbOrTx,
  expectation: typeof expectations.$inferInsert,
): Promise<number> {
  const [row] = await db
    .insert(expectations)
    .values(expectation)
    .returning({ id: expectations.id });
  if (!row) throw new Error('insert into expectations returned no row');
  return row.id;
}

export async function updateExpectation(
  db: DbOrTx,
  expectationId: number,
  changes: Pick<typeof expectations.$inferInsert, 'comment' | 'expectationRating' | 'updatedAt'>,
): Promise<void> {
  await db.update(expectations).set(changes).where(eq(expectations.id, expectationId));
}

export async function deleteExpectation(db: DbOrTx, expectationId: number): Promise<void> {
  await db.delete(expectations).where(eq(expectations.id, expectationId));
}
