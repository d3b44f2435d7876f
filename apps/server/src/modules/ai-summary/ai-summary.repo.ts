import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
import { concerts } from '../../db/schema/index';

/**
 * A digest of a concert's reviews: their count and a checksum over ids, ratings and texts, so an
 * edit is noticed as well as an added or deleted review.
 */
const reviewDigest = sql`select r.concert_id,
    count(*)::int as review_count,
    md5(string_agg(r.id || ':' || r.rating || ':' || md5(r.title || '|' || r.description), ',' order by r.id)) as checksum
  from reviews r`;

export interface ConcertDigest {
  concertId: number;
  reviewCount: number;
  checksum: string;
}

/** Concerts with at least `minReviews` reviews whose digest differs from the stored summary's. */
export async function findConcertsWithChangedReviews(
  db: DbOrTx,
  minReviews: number,
): Promise<ConcertDigest[]> {
  const rows = await queryRows<{ concert_id: number; review_count: number; checksum: string }>(
    db,
    sql`with digests as (${reviewDigest} group by r.concert_id having count(*) >= ${minReviews})
        select d.concert_id, d.review_count, d.checksum
        from digests d join concerts c on c.id = d.concert_id
        where c.status <> 'CANCELLED' and c.ai_summary_checksum is distinct from d.checksum
        order by d.concert_id`,
  );
  return rows.map((r) => ({
    concertId: Number(r.concert_id),
    reviewCount: Number(r.review_count),
    checksum: r.checksum,
  }));
}

export async function findConcertDigest(
  db: DbOrTx,
  concertId: number,
): Promise<ConcertDigest | null> {
  const [row] = await queryRows<{ concert_id: number; review_count: number; checksum: string }>(
    db,
    sql`${reviewDigest} where r.concert_id = ${concertId} group by r.concert_id`,
  );
  return row ? { concertId, reviewCount: Number(row.review_count), checksum: row.checksum } : null;
}

/**
 * A concert's reviews as the summarizer reads them: 예매자 관람평 first (the rule of
 * community.repo's verifiedAuthor: a paid, not cancelled booking and the show started by `now`),
 * then the newest, so the cap keeps verified reviews before anything else.
 */
export async function findReviewsForSummary(
  db: DbOrTx,
  concertId: number,
  limit: number,
  now: Date,
): Promise<Array<{ title: string; description: string; rating: number; verified: boolean }>> {
  const rows = await queryRows<{
    title: string;
    description: string;
    rating: number;
    verified: boolean;
  }>(
    db,
    sql`select r.title, r.description, r.rating,
               (timezone(interval '+09:00', c.concert_date + c.start_time) <= ${now.toISOString()}::timestamptz
                and exists (select 1 from bookings b
                            where b.concert_id = r.concert_id and b.user_id = r.user_id
                              and b.status in ('CONFIRMED', 'COMPLETED'))) as verified
        from reviews r join concerts c on c.id = r.concert_id
        where r.concert_id = ${concertId}
        order by verified desc, r.created_at desc, r.id desc limit ${limit}`,
  );
  return rows.map((row) => ({
    title: row.title,
    description: row.description,
    rating: Number(row.rating),
    verified: row.verified === true,
  }));
}

export async function countSubstantialReviews(
  db: DbOrTx,
  concertId: number,
  minLength: number,
): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from reviews
        where concert_id = ${concertId} and char_length(trim(description)) >= ${minLength}`,
  );
  return Number(row?.n ?? 0);
}

/**
 * Claims the 30-second regeneration slot of a concert atomically, before the (slow, networked)
 * summarizer runs, so two sellers' clicks or two instances cannot both pass the cooldown.
 */
export async function claimRegenerationSlot(
  db: DbOrTx,
  concertId: number,
  now: Date,
  cooldownMs: number,
): Promise<boolean> {
  const rows = await db
    .update(concerts)
    .set({ aiSummaryGeneratedAt: now })
    .where(
      and(
        eq(concerts.id, concertId),
        or(
          isNull(concerts.aiSummaryGeneratedAt),
          lte(concerts.aiSummaryGeneratedAt, new Date(now.getTime() - cooldownMs)),
        ),
      ),
    )
    .returning({ id: concerts.id });
  return rows.length > 0;
}

export async function saveSummary(
  db: DbOrTx,
  options: { concertId: number; text: string; digest: ConcertDigest | null; now: Date },
): Promise<void> {
  await db
    .update(concerts)
    .set({
      aiSummary: options.text,
      aiSummaryReviewCount: options.digest?.reviewCount ?? 0,
      aiSummaryChecksum: options.digest?.checksum ?? null,
      aiSummaryGeneratedAt: options.now,
    })
    .where(eq(concerts.id, options.concertId));
}
