import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
import { concerts, expectations, reviews, users } from '../../db/schema/index';

export type ReviewRow = typeof reviews.$inferSelect & {
  userNickname: string;
  verified: boolean;
  /** The date and start time of the review's performance (issue 26). */
  concertDate: string;
  startTime: string;
};
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
  concertDate: concerts.concertDate,
  startTime: concerts.startTime,
};

/**
 * Issue 26: reviews and expectations belong to the show, so a performance's lists hold those of
 * every performance of its show (a plain concert is a show of one: its own, as before). The
 * concerts (show_id) index answers it.
 */
function ofShow(
  concertIdColumn: typeof reviews.concertId | typeof expectations.concertId,
  showId: number,
): SQL {
  return sql`${concertIdColumn} in (select sc.id from concerts sc where sc.show_id = ${showId})`;
}

/** The concert's show and how many performances it has, whatever their status. */
export async function findShowOfConcert(
  db: DbOrTx,
  concertId: number,
): Promise<{ showId: number; performanceCount: number } | undefined> {
  const [row] = await queryRows<{ show_id: number; performances: number }>(
    db,
    sql`select c.show_id,
               (select count(*)::int from concerts sc where sc.show_id = c.show_id) as performances
          from concerts c where c.id = ${concertId}`,
  );
  return row && { showId: Number(row.show_id), performanceCount: Number(row.performances) };
}

/**
 * The performance a booker's review names (issue 26): of the show's performances where they hold
 * a paid, not cancelled booking, one that has started (the chosen one if it is among them, else
 * the latest), else one still to come (the chosen one, else the next); undefined without such a
 * booking.
 */
export async function findAttendedPerformance(
  db: DbOrTx,
  options: { userId: number; showId: number; chosenConcertId: number; now: Date },
): Promise<number | undefined> {
  const startsAt = sql`timezone(interval '+09:00', ${concerts.concertDate} + ${concerts.startTime})`;
  const started = sql`${startsAt} <= ${options.now.toISOString()}::timestamptz`;
  const [row] = await db
    .select({ id: concerts.id })
    .from(concerts)
    .where(
      and(
        eq(concerts.showId, options.showId),
        sql`exists (select 1 from bookings ab where ab.concert_id = ${concerts.id}
                      and ab.user_id = ${options.userId}
                      and ab.status in ('CONFIRMED', 'COMPLETED'))`,
      ),
    )
    .orderBy(
      sql`case when ${started} then 0 else 1 end`,
      sql`case when ${concerts.id} = ${options.chosenConcertId} then 0 else 1 end`,
      sql`case when ${started} then ${startsAt} end desc`,
      asc(startsAt),
    )
    .limit(1);
  return row?.id;
}

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
    showId: number;
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
  const ofConcert = ofShow(reviews.concertId, options.showId);
  const where = options.verifiedOnly ? and(ofConcert, verifiedAuthor(options.now)) : ofConcert;
  const [rows, [totalRow]] = await Promise.all([
    db
      .select(reviewColumns(options.now))
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.userId))
      .innerJoin(concerts, eq(concerts.id, reviews.concertId))
      .where(where)
      .orderBy(direction(reviewSort[options.sortBy]), direction(reviews.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ total: count() }).from(reviews).where(where),
  ]);
  return { rows, total: totalRow?.total ?? 0 };
}

/** A review of any performance of the show. */
export async function findReview(
  db: DbOrTx,
  showId: number,
  reviewId: number,
  now: Date,
): Promise<ReviewRow | undefined> {
  const [row] = await db
    .select(reviewColumns(now))
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .innerJoin(concerts, eq(concerts.id, reviews.concertId))
    .where(and(eq(reviews.id, reviewId), ofShow(reviews.concertId, showId)))
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
  options: { showId: number; limit: number; offset: number },
): Promise<{ rows: ExpectationRow[]; total: number }> {
  const where = ofShow(expectations.concertId, options.showId);
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

/** An expectation of any performance of the show. */
export async function findExpectation(
  db: DbOrTx,
  showId: number,
  expectationId: number,
): Promise<ExpectationRow | undefined> {
  const [row] = await db
    .select(expectationColumns)
    .from(expectations)
    .innerJoin(users, eq(users.id, expectations.userId))
    .where(and(eq(expectations.id, expectationId), ofShow(expectations.concertId, showId)))
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
