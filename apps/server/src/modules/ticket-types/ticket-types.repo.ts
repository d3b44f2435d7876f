import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bookings, concerts, seatGrades, ticketTypes, tickets } from '../../db/schema/index';

/** 권종 (issue 27): a concert's ticket types, and the quota their bookings take and give back. */

export type TicketTypeRow = typeof ticketTypes.$inferSelect;
export type NewTicketTypeRow = typeof ticketTypes.$inferInsert;

export interface TicketTypeConcert {
  sellerId: number;
  status: string;
}

/** The concert's owner and status; null when there is no such concert. */
export async function findTicketTypeConcert(
  db: DbOrTx,
  concertId: number,
  options: { lock?: boolean } = {},
): Promise<TicketTypeConcert | null> {
  const query = db
    .select({ sellerId: concerts.sellerId, status: concerts.status })
    .from(concerts)
    .where(eq(concerts.id, concertId))
    .limit(1);
  // NO KEY UPDATE: a seller's type changes take turns with each other and with the concert's own
  // edit and cancel (FOR UPDATE), but never wait for bookings, whose foreign keys only share it.
  const [row] = options.lock ? await query.for('no key update') : await query;
  return row ?? null;
}

/** The keys a type names grades by: a layout grade's code, a quick-plan grade's name. */
export async function findGradeKeys(db: DbOrTx, concertId: number): Promise<Set<string>> {
  const rows = await db
    .select({ key: sql<string>`coalesce(${seatGrades.code}, ${seatGrades.name})` })
    .from(seatGrades)
    .where(eq(seatGrades.concertId, concertId));
  return new Set(rows.map((row) => row.key));
}

/** The concert's types still on offer, in the seller's order. */
export async function findActiveTicketTypes(
  db: DbOrTx,
  concertId: number,
): Promise<TicketTypeRow[]> {
  return db
    .select()
    .from(ticketTypes)
    .where(and(eq(ticketTypes.concertId, concertId), eq(ticketTypes.active, true)))
    .orderBy(asc(ticketTypes.sortOrder), asc(ticketTypes.id));
}

/** An active type of this concert, locked for a change; undefined for any other id. */
export async function lockActiveTicketType(
  db: DbOrTx,
  concertId: number,
  typeId: number,
): Promise<TicketTypeRow | undefined> {
  const [row] = await db
    .select()
    .from(ticketTypes)
    .where(
      and(
        eq(ticketTypes.id, typeId),
        eq(ticketTypes.concertId, concertId),
        eq(ticketTypes.active, true),
      ),
    )
    .for('update')
    .limit(1);
  return row;
}

/** The names of the concert's active types other than `exceptTypeId` (one entry per type). */
export async function findActiveNames(
  db: DbOrTx,
  concertId: number,
  exceptTypeId?: number,
): Promise<string[]> {
  const rows = await db
    .select({ name: ticketTypes.name })
    .from(ticketTypes)
    .where(
      and(
        eq(ticketTypes.concertId, concertId),
        eq(ticketTypes.active, true),
        exceptTypeId === undefined ? undefined : ne(ticketTypes.id, exceptTypeId),
      ),
    );
  return rows.map((row) => row.name);
}

/** The next place in the seller's order (after every type ever made, removed ones too). */
export async function nextSortOrder(db: DbOrTx, concertId: number): Promise<number> {
  const [row] = await db
    .select({ next: sql<number>`coalesce(max(${ticketTypes.sortOrder}), -1)::int + 1` })
    .from(ticketTypes)
    .where(eq(ticketTypes.concertId, concertId));
  return Number(row?.next ?? 0);
}

export async function insertTicketType(
  db: DbOrTx,
  values: NewTicketTypeRow,
): Promise<TicketTypeRow> {
  const [row] = await db.insert(ticketTypes).values(values).returning();
  if (!row) throw new Error('insert into ticket_types returned no row');
  return row;
}

export async function updateTicketType(
  db: DbOrTx,
  typeId: number,
  changes: Partial<NewTicketTypeRow>,
): Promise<TicketTypeRow> {
  const [row] = await db
    .update(ticketTypes)
    .set(changes)
    .where(eq(ticketTypes.id, typeId))
    .returning();
  if (!row) throw new Error(`ticket type ${typeId} vanished during an update`);
  return row;
}

/** The rows of these ids, whatever their concert or state (the booking check sorts them out). */
export async function findTicketTypesByIds(
  db: DbOrTx,
  typeIds: readonly number[],
): Promise<TicketTypeRow[]> {
  if (typeIds.length === 0) return [];
  return db
    .select()
    .from(ticketTypes)
    .where(inArray(ticketTypes.id, [...typeIds]));
}

/**
 * Takes `seats` uses of an active type in one conditional UPDATE: under any concurrency, across
 * instances, the quota is never passed (the row lock makes the next taker re-read the count).
 * Returns the row as taken (its terms at this instant), or undefined when the quota is short or
 * the type was just removed.
 */
export async function takeTicketTypeQuota(
  db: DbOrTx,
  typeId: number,
  seats: number,
): Promise<TicketTypeRow | undefined> {
  const [row] = await db
    .update(ticketTypes)
    .set({ usedCount: sql`${ticketTypes.usedCount} + ${seats}` })
    .where(
      and(
        eq(ticketTypes.id, typeId),
        eq(ticketTypes.active, true),
        sql`(${ticketTypes.quota} is null or ${ticketTypes.usedCount} + ${seats} <= ${ticketTypes.quota})`,
      ),
    )
    .returning();
  return row;
}

/** Gives `seats` uses back, never below 0 (a removed type's too: its tickets still counted). */
export async function giveBackTicketTypeQuota(
  db: DbOrTx,
  typeId: number,
  seats: number,
): Promise<void> {
  await db
    .update(ticketTypes)
    .set({ usedCount: sql`greatest(${ticketTypes.usedCount} - ${seats}, 0)` })
    .where(eq(ticketTypes.id, typeId));
}

/**
 * 재관람: whether the user holds a valid ticket (ACTIVE, of a CONFIRMED or COMPLETED booking) of
 * another performance of the show that starts before this one and was not cancelled.
 */
export async function holdsEarlierTicketOfShow(
  db: DbOrTx,
  options: {
    userId: number;
    showId: number;
    concertId: number;
    concertDate: string;
    startTime: string;
  },
): Promise<boolean> {
  const [row] = await db
    .select({ ticketId: tickets.id })
    .from(tickets)
    .innerJoin(bookings, eq(bookings.id, tickets.bookingId))
    .innerJoin(concerts, eq(concerts.id, bookings.concertId))
    .where(
      and(
        eq(bookings.userId, options.userId),
        inArray(bookings.status, ['CONFIRMED', 'COMPLETED']),
        eq(tickets.status, 'ACTIVE'),
        eq(concerts.showId, options.showId),
        ne(concerts.id, options.concertId),
        ne(concerts.status, 'CANCELLED'),
        sql`(${concerts.concertDate}, ${concerts.startTime}) < (${options.concertDate}::date, ${options.startTime}::time)`,
      ),
    )
    .limit(1);
  return row !== undefined;
}
