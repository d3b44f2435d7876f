import { and, eq, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
import { concerts } from '../../db/schema/index';

/**
 * Issue 26: a summary belongs to the show. It is built from the reviews of every performance and
 * written to each performance that is not cancelled (the shared `ai_summary` columns), so the
 * digest, the reviews read and the cooldown are all the show's.
 *
 * A digest of a show's reviews: their count and a checksum over ids, ratings and texts, so an
 * edit is noticed as well as an added or deleted review.
 */
const reviewDigest = sql`select c.show_id,
    count(*)::int as review_count,
    md5(string_agg(r.id || ':' || r.rating || ':' || md5(r.title || '|' || r.description), ',' order by r.id)) as checksum
  from reviews r join concerts c on c.id = r.concert_id`;

export interface ShowDigest {
  showId: number;
  reviewCount: number;
  checksum: string;
}

/**
 * Shows with at least `minReviews` reviews (all performances together) where a performance not
 * cancelled holds a summary of another digest; each with that performance's id (the lowest).
 */
export async function findShowsWithChangedReviews(
  db: DbOrTx,
  minReviews: number,
): Promise<Array<ShowDigest & { concertId: number }>> {
  const rows = await queryRows<{
    show_id: number;
    concert_id: number;
    review_count: number;
    checksum: string;
  }>(
    db,
    sql`with digests as (${reviewDigest} group by c.show_id having count(*) >= ${minReviews})
        select d.show_id, min(c.id) as concert_id, d.review_count, d.checksum
        from digests d join concerts c on c.show_id = d.show_id
        where c.status <> 'CANCELLED' and c.ai_summary_checksum is distinct from d.checksum
        group by d.show_id, d.review_count, d.checksum
        order by min(c.id)`,
  );
  return rows.map((r) => ({
    showId: Number(r.show_id),
    concertId: Number(r.concert_id),
    reviewCount: Number(r.review_count),
    checksum: r.checksum,
  }));
}

export async function findShowDigest(db: DbOrTx, showId: number): Promise<ShowDigest | null> {
  const [row] = await queryRows<{ review_count: number; checksum: string }>(
    db,
    sql`${reviewDigest} where c.show_id = ${showId} group by c.show_id`,
  );
  return row ? { showId, reviewCount: Number(row.review_count), checksum: row.checksum } : null;
}

/**
 * A show's reviews as the summarizer reads them: 예매자 관람평 first (the rule of
 * community.repo's verifiedAuthor, for the performance each review names: a paid, not cancelled
 * booking of it and that performance started by `now`), then the newest, so the cap keeps
 * verified reviews before anything else.
 */
export async function findReviewsForSummary(
  db: DbOrTx,
  showId: number,
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
        where c.show_id = ${showId}
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
  showId: number,
  minLength: number,
): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from reviews r join concerts c on c.id = r.concert_id
        where c.show_id = ${showId} and char_length(trim(r.description)) >= ${minLength}`,
  );
  return Number(row?.n ?? 0);
}

/**
 * Claims the 30-second regeneration slot of a show atomically, before the (slow, networked)
 * summarizer runs, so two sellers' clicks, on one performance or two, or two instances cannot
 * both pass the cooldown. The slot lives on the show's first performance (the lowest id, which
 * never changes), since every click of the show must meet on one row.
 */
export async function claimRegenerationSlot(
  db: DbOrTx,
  showId: number,
  now: Date,
  cooldownMs: number,
): Promise<boolean> {
  const rows = await db
    .update(concerts)
    .set({ aiSummaryGeneratedAt: now })
    .where(
      and(
        sql`${concerts.id} = (select min(fc.id) from concerts fc where fc.show_id = ${showId})`,
        or(
          isNull(concerts.aiSummaryGeneratedAt),
          lte(concerts.aiSummaryGeneratedAt, new Date(now.getTime() - cooldownMs)),
        ),
      ),
    )
    .returning({ id: concerts.id });
  return rows.length > 0;
}

/** Writes the summary to every performance of the show that is not cancelled; their ids. */
export async function saveSummary(
  db: DbOrTx,
  options: { showId: number; text: string; digest: ShowDigest | null; now: Date },
): Promise<number[]> {
  const rows = await db
    .update(concerts)
    .set({
      aiSummary: options.text,
      aiSummaryReviewCount: options.digest?.reviewCount ?? 0,
      aiSummaryChecksum: options.digest?.checksum ?? null,
      aiSummaryGeneratedAt: options.now,
    })
    .where(and(eq(concerts.showId, options.showId), ne(concerts.status, 'CANCELLED')))
    .returning({ id: concerts.id });
  return rows.map((row) => row.id).sort((a, b) => a - b);
}
