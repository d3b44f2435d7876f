import { sql } from 'drizzle-orm';
import pg from 'pg';
import { queryRows, type DbOrTx } from '../../src/db/client';

/**
 * The rules the booking data must obey whatever failed on the way (a statement that timed out, a
 * killed instance, PostgreSQL or Redis gone mid-request), as SQL checks on a scale-out test's
 * database. Each check returns the rows that break its rule, so a failure names them.
 *
 * Run after every fault test: `await expectDatabaseInvariants(databaseUrl)` (PostgreSQL, with the
 * connection check), or `await expectBookingInvariants(ctx.database.db)` on either runtime.
 */
export interface InvariantCheck {
  name: string;
  sql: string;
}

export const bookingInvariants: readonly InvariantCheck[] = [
  {
    // A booking is made in one transaction with its payment row (bookings.service createBooking).
    name: 'every booking has a payment',
    sql: `select b.id, b.booking_number, b.status from bookings b
          where not exists (select 1 from payments p where p.booking_id = b.id)`,
  },
  {
    name: 'every payment belongs to a booking',
    sql: `select p.id, p.order_id, p.status from payments p
          where not exists (select 1 from bookings b where b.id = p.booking_id)`,
  },
  {
    // ... and with one ticket per seat.
    name: 'every booking has tickets',
    sql: `select b.id, b.booking_number, b.status from bookings b
          where not exists (select 1 from tickets t where t.booking_id = b.id)`,
  },
  {
    name: 'a confirmed booking has a paid payment',
    sql: `select b.id, b.booking_number, b.status from bookings b
          where b.status in ('CONFIRMED', 'COMPLETED')
            and not exists (select 1 from payments p where p.booking_id = b.id
                            and p.status in ('DONE', 'PARTIAL_CANCELED'))`,
  },
  {
    // Confirmed: every ticket not cancelled on its own names a seat BOOKED for this booking.
    name: 'a confirmed booking owns its booked seats',
    sql: `select b.id as booking_id, t.id as ticket_id, s.id as seat_id, s.status, s.booking_id
          from bookings b join tickets t on t.booking_id = b.id and t.status = 'ACTIVE'
            left join concert_seats s on s.id = t.concert_seat_id
          where b.status = 'CONFIRMED'
            and (s.id is null or s.status <> 'BOOKED' or s.booking_id is distinct from b.id)`,
  },
  {
    // Issue 27: a per-seat cancel voids a ticket only once its money is back.
    name: 'a cancelled ticket was given back by a DONE refund and holds no seat',
    sql: `select t.id, t.booking_id, t.concert_seat_id, pc.id as refund_id, pc.status
          from tickets t left join payment_cancellations pc on pc.id = t.refund_id
          where t.status = 'CANCELED'
            and (pc.id is null or pc.status <> 'DONE' or t.concert_seat_id is not null)`,
  },
  {
    name: 'refunds given back never exceed what was paid',
    sql: `select p.id, p.amount, sum(pc.amount)::int as refunded
          from payments p join payment_cancellations pc on pc.payment_id = p.id
          where pc.status = 'DONE'
          group by p.id, p.amount
          having sum(pc.amount) > p.amount`,
  },
  {
    // What was paid = what came back + the fees kept + what the buyer still holds.
    name: 'a partially refunded payment adds up: refunds, fees kept and what remains',
    sql: `select p.id, p.amount, given.back, given.kept, held.remaining from payments p
          join bookings b on b.id = p.booking_id
          cross join lateral (
            select coalesce(sum(pc.amount), 0)::int as back,
                   coalesce(sum(pc.cancellation_fee + pc.booking_fee_kept), 0)::int as kept
            from payment_cancellations pc where pc.payment_id = p.id and pc.status = 'DONE'
          ) given
          cross join lateral (
            select coalesce(sum(t.price + t.fee), 0)::int as remaining
            from tickets t left join payment_cancellations pc on pc.id = t.refund_id
            where t.booking_id = b.id and t.status = 'ACTIVE'
              and (pc.id is null or pc.status <> 'DONE')
          ) held
          where p.status = 'PARTIAL_CANCELED'
            and (b.status not in ('CONFIRMED', 'COMPLETED')
                 or given.back + given.kept + held.remaining <> p.amount)`,
  },
  {
    name: 'a free seat has no holder, hold or booking',
    sql: `select id, held_by_user_id, hold_expires_at, booking_id from concert_seats
          where status = 'AVAILABLE'
            and (held_by_user_id is not null or hold_expires_at is not null
                 or booking_id is not null)`,
  },
  {
    // A held seat is its holder's, until a deadline, and in at most their own unpaid booking.
    name: 'a held seat has a holder and a deadline, and only its holder s unpaid booking',
    sql: `select s.id, s.held_by_user_id, s.hold_expires_at, s.booking_id, b.status, b.user_id
          from concert_seats s left join bookings b on b.id = s.booking_id
          where s.status = 'RESERVED'
            and (s.held_by_user_id is null or s.hold_expires_at is null
                 or (s.booking_id is not null
                     and (b.id is null or b.status <> 'PENDING_PAYMENT'
                          or b.user_id <> s.held_by_user_id)))`,
  },
  {
    // Issue 28: or to a 가상계좌 order awaiting its deposit (its seats are taken until then).
    name: 'a booked seat belongs to a confirmed, attended or awaiting-deposit booking, unheld',
    sql: `select s.id, s.booking_id, s.held_by_user_id, b.status from concert_seats s
            left join bookings b on b.id = s.booking_id
          where s.status = 'BOOKED'
            and (s.held_by_user_id is not null or b.id is null
                 or b.status not in ('CONFIRMED', 'COMPLETED', 'AWAITING_DEPOSIT'))`,
  },
  {
    // Issue 28: waiting for a deposit means an issued account and a due time, nothing paid.
    name: 'an awaiting-deposit booking has an issued account, a due time and no paid payment',
    sql: `select b.id, b.booking_number, b.payment_deadline from bookings b
          where b.status = 'AWAITING_DEPOSIT'
            and (b.payment_deadline is null
                 or not exists (select 1 from payments p where p.booking_id = b.id
                                and p.status = 'WAITING_FOR_DEPOSIT'
                                and p.virtual_account_number is not null
                                and p.payment_key is not null)
                 or exists (select 1 from payments p where p.booking_id = b.id
                            and p.status in ('DONE', 'PARTIAL_CANCELED')))`,
  },
  {
    name: 'a payment waits for a deposit only while its booking does',
    sql: `select p.id, p.order_id, b.status from payments p join bookings b on b.id = p.booking_id
          where p.status = 'WAITING_FOR_DEPOSIT' and b.status <> 'AWAITING_DEPOSIT'`,
  },
  {
    name: 'a cancelled booking holds no seat',
    sql: `select s.id, s.booking_id from concert_seats s join bookings b on b.id = s.booking_id
          where b.status = 'CANCELED'`,
  },
];

/**
 * Connections of this database left inside a transaction with nothing running: a pooled
 * connection handed back mid-transaction (issue 22, H1) shows here. A live transaction between
 * two of its statements is idle for a moment only, so `settleMs` lets those finish.
 */
const idleInTransactionSql = `
  select pid, application_name, state, now() - state_change as idle_for, left(query, 200) as query
  from pg_stat_activity
  where datname = current_database() and pid <> pg_backend_pid()
    and state in ('idle in transaction', 'idle in transaction (aborted)')`;

/** Runs one SQL text and returns its rows. */
export type RunSql = (text: string) => Promise<unknown[]>;

/** The booking rules through any runner (PGlite or PostgreSQL): the broken ones with their rows. */
export async function findBookingViolations(
  run: RunSql,
): Promise<Array<{ rule: string; rows: unknown[] }>> {
  const violations: Array<{ rule: string; rows: unknown[] }> = [];
  for (const check of bookingInvariants) {
    const rows = await run(check.sql);
    if (rows.length > 0) violations.push({ rule: check.name, rows: rows.slice(0, 10) });
  }
  return violations;
}

/** A runner on the app's own database handle (both runtimes; no pool state to look at). */
export function runOn(db: DbOrTx): RunSql {
  return (text) => queryRows(db, sql.raw(text));
}

/**
 * Every broken rule with its offending rows on a PostgreSQL database (scale-out tests), plus the
 * connections left idle in a transaction; empty when all is sound.
 */
export async function findInvariantViolations(
  databaseUrl: string,
  options: { settleMs?: number } = {},
): Promise<Array<{ rule: string; rows: unknown[] }>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // One snapshot for all the data checks, so a commit between two checks cannot fake a break.
    await client.query('begin isolation level repeatable read read only');
    const violations = await findBookingViolations(async (text) => (await client.query(text)).rows);
    await client.query('commit');
    const deadline = Date.now() + (options.settleMs ?? 1_000);
    let idle = (await client.query(idleInTransactionSql)).rows;
    while (idle.length > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      idle = (await client.query(idleInTransactionSql)).rows;
    }
    if (idle.length > 0) {
      violations.push({ rule: 'no connection is idle in a transaction', rows: idle });
    }
    return violations;
  } finally {
    await client.end();
  }
}

function describeViolations(violations: Array<{ rule: string; rows: unknown[] }>): string {
  return `database invariants broken:\n${violations
    .map((v) => `- ${v.rule}: ${JSON.stringify(v.rows)}`)
    .join('\n')}`;
}

/** Throws, naming every broken rule and its rows, unless the PostgreSQL database is sound. */
export async function expectDatabaseInvariants(
  databaseUrl: string,
  options: { settleMs?: number } = {},
): Promise<void> {
  const violations = await findInvariantViolations(databaseUrl, options);
  if (violations.length > 0) throw new Error(describeViolations(violations));
}

/** The same booking rules on the app's database handle (either runtime). */
export async function expectBookingInvariants(db: DbOrTx): Promise<void> {
  const violations = await findBookingViolations(runOn(db));
  if (violations.length > 0) throw new Error(describeViolations(violations));
}
