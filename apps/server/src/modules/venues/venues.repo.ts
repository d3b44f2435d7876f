import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { concerts, venues } from '../../db/schema/index';

export type VenueRow = typeof venues.$inferSelect;

export async function insertVenue(
  db: DbOrTx,
  venue: {
    sellerId: number;
    name: string;
    address: string | null;
    layout: unknown;
    summary: unknown;
    now: Date;
  },
): Promise<VenueRow> {
  const [row] = await db
    .insert(venues)
    .values({
      sellerId: venue.sellerId,
      name: venue.name,
      address: venue.address,
      layout: venue.layout,
      summary: venue.summary,
      createdAt: venue.now,
      updatedAt: venue.now,
    })
    .returning();
  if (!row) throw new Error('insert into venues returned no row');
  return row;
}

export async function findVenue(db: DbOrTx, id: number): Promise<VenueRow | undefined> {
  const [row] = await db.select().from(venues).where(eq(venues.id, id)).limit(1);
  return row;
}

/** A seller's venues, last edited first. */
export async function findSellerVenues(
  db: DbOrTx,
  sellerId: number,
): Promise<Array<Omit<VenueRow, 'layout'>>> {
  // Without the layouts: a 100,000-seat document is megabytes; the list needs the summary.
  return db
    .select({
      id: venues.id,
      sellerId: venues.sellerId,
      name: venues.name,
      address: venues.address,
      summary: venues.summary,
      createdAt: venues.createdAt,
      updatedAt: venues.updatedAt,
    })
    .from(venues)
    .where(eq(venues.sellerId, sellerId))
    .orderBy(desc(venues.updatedAt), desc(venues.id));
}

export async function countSellerVenues(db: DbOrTx, sellerId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(venues)
    .where(eq(venues.sellerId, sellerId));
  return Number(row?.total ?? 0);
}

/** Concerts created from each venue (they keep their own copy of its layout). */
export async function countConcertsByVenue(
  db: DbOrTx,
  venueIds: readonly number[],
): Promise<Map<number, number>> {
  if (venueIds.length === 0) return new Map();
  const rows = await db
    .select({ venueId: concerts.venueId, total: count() })
    .from(concerts)
    .where(inArray(concerts.venueId, [...venueIds]))
    .groupBy(concerts.venueId);
  return new Map(rows.map((row) => [Number(row.venueId), Number(row.total)]));
}

export async function updateVenue(
  db: DbOrTx,
  id: number,
  sellerId: number,
  change: { name: string; address: string | null; layout: unknown; summary: unknown; now: Date },
): Promise<VenueRow | undefined> {
  const [row] = await db
    .update(venues)
    .set({
      name: change.name,
      address: change.address,
      layout: change.layout,
      summary: change.summary,
      updatedAt: change.now,
    })
    .where(and(eq(venues.id, id), eq(venues.sellerId, sellerId)))
    .returning();
  return row;
}

export async function deleteVenue(db: DbOrTx, id: number, sellerId: number): Promise<boolean> {
  const rows = await db
    .delete(venues)
    .where(and(eq(venues.id, id), eq(venues.sellerId, sellerId)))
    .returning({ id: venues.id });
  return rows.length > 0;
}
