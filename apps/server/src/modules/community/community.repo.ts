import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { expectations, reviews, users } from '../../db/schema/index';

export type ReviewRow = typeof reviews.$inferSelect & { userNickname: string };
export type ExpectationRow = typeof expectations.$inferSelect & { userNickname: string };

const reviewColumns = {
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
  },
): Promise<{ rows: ReviewRow[]; total: number }> {
  const direction = options.sortDir === 'asc' ? asc : desc;
  const where = eq(reviews.concertId, options.concertId);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select(reviewColumns)
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
): Promise<ReviewRow | undefined> {
  const [row] = await db
    .select(reviewColumns)
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
