import {
  concertStatusSchema,
  statisticsDays,
  type AdminStatistics,
  type ConcertStatus,
  type SellerDashboard,
  type SellerDashboardConcert,
} from '@curtaincall/contracts';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { addDays, fromSeoulDateTime, toSeoulDate, toSeoulDateTime } from '../../lib/seoul-time';
import type { AuthUser } from '../auth/auth.policy';
import {
  countConcertsByStatus,
  countUsers,
  findSellerConcertFigures,
  sumDailySales,
  sumSellerSales,
  type SellerConcertFiguresRow,
} from './dashboards.repo';

/** The instant a Seoul day starts. */
function startOfSeoulDay(date: string): Date {
  return fromSeoulDateTime(`${date}T00:00:00`);
}

function toDashboardConcert(row: SellerConcertFiguresRow): SellerDashboardConcert {
  return {
    concertId: row.id,
    title: row.title,
    artist: row.artist,
    status: row.status as ConcertStatus,
    concertDate: row.concertDate,
    startTime: row.startTime,
    venueName: row.venueName,
    bookingStartDate: toSeoulDateTime(row.bookingStartAt),
    totalSeats: row.totalSeats,
    soldSeats: row.soldSeats,
  };
}

/**
 * The seller home's figures and the admin statistics (issue 23, point 6). Read on request: a
 * handful of indexed aggregates, so no cache (a seller checking today's sales wants them now).
 */
export function createDashboardsService(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;

  async function sellerDashboard(seller: AuthUser): Promise<SellerDashboard> {
    const now = clock.now();
    const today = toSeoulDate(now);
    const [rows, sales] = await Promise.all([
      findSellerConcertFigures(db, seller.id, ['ON_SALE', 'SOLD_OUT', 'SCHEDULED']),
      sumSellerSales(db, seller.id, startOfSeoulDay(today), startOfSeoulDay(addDays(today, 1))),
    ]);
    const upcoming = rows
      .filter((row) => row.status === 'SCHEDULED')
      .sort((a, b) => a.bookingStartAt.getTime() - b.bookingStartAt.getTime() || a.id - b.id);
    return {
      today: { date: today, ...sales },
      onSale: rows.filter((row) => row.status !== 'SCHEDULED').map(toDashboardConcert),
      upcoming: upcoming.map(toDashboardConcert),
      measuredAt: toSeoulDateTime(now),
    };
  }

  async function adminStatistics(): Promise<AdminStatistics> {
    const now = clock.now();
    const to = toSeoulDate(now);
    const from = addDays(to, -(statisticsDays - 1));
    const fromInstant = startOfSeoulDay(from);
    const toInstant = startOfSeoulDay(addDays(to, 1));
    const [users, byStatus, sales] = await Promise.all([
      countUsers(db, fromInstant),
      countConcertsByStatus(db),
      sumDailySales(db, fromInstant, toInstant),
    ]);
    const daily = Array.from({ length: statisticsDays }, (_, index) => {
      const date = addDays(from, index);
      const day = sales.get(date);
      return { date, bookings: day?.bookings ?? 0, revenue: day?.revenue ?? 0 };
    });
    const concertsByStatus = Object.fromEntries(
      concertStatusSchema.options.map((status) => [status, byStatus.get(status) ?? 0]),
    ) as Record<ConcertStatus, number>;
    return {
      users: {
        total: users.total,
        buyers: users.buyers,
        sellers: users.sellers,
        admins: users.admins,
        newInPeriod: users.since,
      },
      concertsByStatus,
      period: { from, to },
      totals: {
        bookings: daily.reduce((sum, day) => sum + day.bookings, 0),
        revenue: daily.reduce((sum, day) => sum + day.revenue, 0),
      },
      daily,
      measuredAt: toSeoulDateTime(now),
    };
  }

  return { sellerDashboard, adminStatistics };
}

export type DashboardsService = ReturnType<typeof createDashboardsService>;
