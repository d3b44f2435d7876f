import { limits } from '@curtaincall/contracts';
import { and, asc, eq, like, sql } from 'drizzle-orm';
import type { Transaction } from '../db/client';
import { appMeta, concertSeats, concerts, reviews, shows, users } from '../db/schema/index';
import type { Clock } from '../lib/clock';
import { addDays, fromSeoulDateTime } from '../lib/seoul-time';
import { generateBookingNumber } from '../modules/bookings/booking-number';
import { createConcertWithSeats } from '../modules/concerts/concerts.service';
import { reviewPraise } from './demo-content';

/**
 * 회차 in the demo (issue 26, point 7): some demo concerts become shows of several performances.
 * Seeded once per database under its own marker, after the catalogue (whose ids the E2E journeys
 * find by title stay as they were), so an older demo database gets them too. Every date comes
 * from the show's first performance as it stands (already moved with the calendar), and the new
 * rows are demo rows, so later starts move them with the rest.
 */
const META_KEY = 'demo-performances';

type ExtraStatus = 'ON_SALE' | 'SCHEDULED' | 'SOLD_OUT' | 'COMPLETED';

interface ExtraPerformance {
  /** Days from the demo concert's own date. */
  dayOffset: number;
  startTime: string;
  endTime: string;
  status: ExtraStatus;
}

interface DemoShowPlan {
  /** The demo concert (demo-content.ts) that becomes the show's first performance. */
  title: string;
  performances: ExtraPerformance[];
  /** The show's 공연 전체 1인 최대 예매 수, when it has one. */
  maxTicketsPerShow?: number;
  /** Reviews by paid bookers of the added performances (예매자 관람평 naming their 회차). */
  reviewsPerPerformance?: number;
}

// Small halls on purpose: every start of a fresh demo database seeds these seats.
const plans: DemoShowPlan[] = [
  // Three consecutive dates: sold out the first evening, on sale the next two; a show limit.
  {
    title: '레게 선셋 파티',
    performances: [
      { dayOffset: -1, startTime: '17:30:00', endTime: '20:00:00', status: 'SOLD_OUT' },
      { dayOffset: 1, startTime: '17:30:00', endTime: '20:00:00', status: 'ON_SALE' },
    ],
    maxTicketsPerShow: 6,
  },
  // Not yet open: a matinee and an evening on the first date, and the next day.
  {
    title: '뮤지컬 넘버 콘서트 〈무대 위의 별〉',
    performances: [
      { dayOffset: 0, startTime: '14:00:00', endTime: '16:30:00', status: 'SCHEDULED' },
      { dayOffset: 1, startTime: '18:00:00', endTime: '20:30:00', status: 'SCHEDULED' },
    ],
  },
  // Played on two mornings: one list of reviews, each verified one naming its morning, and
  // together enough of them for the AI summary of the show.
  {
    title: '재즈 브런치 라이브',
    performances: [
      { dayOffset: -1, startTime: '11:00:00', endTime: '12:30:00', status: 'COMPLETED' },
    ],
    reviewsPerPerformance: 5,
  },
];

const reviewTitlesOfTheOtherDay = [
  '둘째 날도 최고',
  '앵콜 무대 감동',
  '또 가고 싶어요',
  '떼창 최고',
];

export async function seedDemoPerformances(tx: Transaction, deps: { clock: Clock }): Promise<void> {
  const [done] = await tx.select().from(appMeta).where(eq(appMeta.key, META_KEY));
  if (done) return;
  const fans = await tx
    .select({ id: users.id })
    .from(users)
    .where(like(users.email, 'fan%@curtaincall.example'))
    .orderBy(asc(users.id));
  const fanIds = fans.map((fan) => fan.id);
  for (const plan of plans) {
    const [first] = await tx
      .select()
      .from(concerts)
      .where(and(eq(concerts.title, plan.title), eq(concerts.isDemo, true)))
      .orderBy(asc(concerts.id))
      .limit(1);
    // A demo database made without this concert (nothing to extend).
    if (!first) continue;
    if (plan.maxTicketsPerShow !== undefined) {
      await tx
        .update(shows)
        .set({ maxTicketsPerShow: plan.maxTicketsPerShow })
        .where(eq(shows.id, first.showId));
    }
    for (const extra of plan.performances) {
      const concertDate = addDays(first.concertDate, extra.dayOffset);
      const bookingEndAt = fromSeoulDateTime(`${addDays(concertDate, -1)}T23:59:00`);
      const performance = await createConcertWithSeats(tx, {
        sellerId: first.sellerId,
        showId: first.showId,
        title: first.title,
        artist: first.artist,
        description: first.description,
        venueName: first.venueName,
        venueAddress: first.venueAddress,
        concertDate,
        startTime: extra.startTime,
        endTime: extra.endTime,
        totalSeats: first.totalSeats,
        seatLayout: null,
        bookingStartAt: first.bookingStartAt,
        bookingEndAt,
        minAge: first.minAge,
        maxTicketsPerUser: first.maxTicketsPerUser,
        status: extra.status,
        posterImageUrl: first.posterImageUrl,
        isDemo: true,
      });
      const now = deps.clock.now();
      if (extra.status === 'SOLD_OUT') {
        await sellOut(tx, performance.id, fanIds, new Date(now.getTime() - 36 * 3_600_000));
      }
      if (extra.status === 'COMPLETED' && plan.reviewsPerPerformance) {
        await reviewAsBookers(tx, {
          concertId: performance.id,
          concertDate,
          userIds: fanIds.slice(-plan.reviewsPerPerformance),
          now,
        });
      }
    }
  }
  await tx.insert(appMeta).values({ key: META_KEY, value: { version: 1 } });
}

/** The performance's seats on sale, in seat order. */
async function freeSeatIdsOf(tx: Transaction, concertId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: concertSeats.id })
    .from(concertSeats)
    .where(and(eq(concertSeats.concertId, concertId), eq(concertSeats.status, 'AVAILABLE')))
    .orderBy(asc(concertSeats.id));
  return rows.map((row) => row.id);
}

/**
 * Paid bookings in one statement however many there are (a sold-out hall is hundreds): each
 * group of seats becomes one booking at its grade prices plus the fee, with its tickets and its
 * DONE payment, and its seats BOOKED.
 */
async function insertPaidBookings(
  tx: Transaction,
  options: {
    concertId: number;
    groups: Array<{ userId: number; seatIds: number[] }>;
    status: 'CONFIRMED' | 'COMPLETED';
    at: Date;
  },
): Promise<void> {
  const groups = options.groups.filter((group) => group.seatIds.length > 0);
  if (groups.length === 0) return;
  const bookingRows = groups.map((group, index) => ({
    grp: index,
    user_id: group.userId,
    number: generateBookingNumber(),
  }));
  const seatRows = groups.flatMap((group, index) =>
    group.seatIds.map((seatId) => ({ grp: index, seat_id: seatId })),
  );
  const at = options.at.toISOString();
  await tx.execute(sql`
    with grp as (
      select * from jsonb_to_recordset(${JSON.stringify(bookingRows)}::jsonb)
        as g(grp int, user_id int, number text)
    ), priced as (
      select p.grp, s.id as seat_id, s.section, s.row_number, s.seat_number,
             sg.name as grade_name, sg.price
        from jsonb_to_recordset(${JSON.stringify(seatRows)}::jsonb) as p(grp int, seat_id int)
        join concert_seats s on s.id = p.seat_id and s.concert_id = ${options.concertId}
        join seat_grades sg on sg.id = s.grade_id
    ), made as (
      insert into bookings (booking_number, user_id, concert_id, status, total_amount,
                            booked_at, confirmed_at, updated_at)
      select grp.number, grp.user_id, ${options.concertId}, ${options.status},
             sum(p.price + ${limits.bookingFeeWon}), ${at}::timestamptz, ${at}::timestamptz,
             ${at}::timestamptz
        from grp join priced p on p.grp = grp.grp
       group by grp.grp, grp.number, grp.user_id
      returning id, booking_number, total_amount
    ), ticketed as (
      insert into tickets (booking_id, concert_seat_id, seat_info, grade_name, price,
                           grade_price, fee)
      select m.id, p.seat_id, p.section || '-' || p.row_number || '-' || p.seat_number,
             p.grade_name, p.price, p.price, ${limits.bookingFeeWon}
        from made m join grp on grp.number = m.booking_number join priced p on p.grp = grp.grp
      returning booking_id, concert_seat_id
    ), paid as (
      insert into payments (booking_id, order_id, provider, payment_key, amount, status, method,
                            approved_at)
      select m.id, gen_random_uuid()::text, 'sandbox', 'demo_' || gen_random_uuid()::text,
             m.total_amount, 'DONE', 'CARD', ${at}::timestamptz
        from made m
      returning id
    )
    update concert_seats s set status = 'BOOKED', booking_id = t.booking_id,
           updated_at = ${at}::timestamptz
      from ticketed t where s.id = t.concert_seat_id`);
}

/** Every seat of the performance sold, two to a booking, to the demo fans in turn. */
async function sellOut(tx: Transaction, concertId: number, fanIds: number[], at: Date) {
  const seatIds = await freeSeatIdsOf(tx, concertId);
  const groups = [];
  for (let i = 0; i < seatIds.length; i += 2) {
    const userId = fanIds[(i / 2) % Math.max(fanIds.length, 1)];
    if (userId !== undefined) groups.push({ userId, seatIds: seatIds.slice(i, i + 2) });
  }
  await insertPaidBookings(tx, { concertId, groups, status: 'CONFIRMED', at });
}

/** Fans who attended the performance (a used ticket each) and reviewed it the day after. */
async function reviewAsBookers(
  tx: Transaction,
  options: { concertId: number; concertDate: string; userIds: number[]; now: Date },
) {
  const seatIds = await freeSeatIdsOf(tx, options.concertId);
  await insertPaidBookings(tx, {
    concertId: options.concertId,
    groups: options.userIds.map((userId, i) => ({ userId, seatIds: seatIds.slice(i, i + 1) })),
    status: 'COMPLETED',
    at: fromSeoulDateTime(`${addDays(options.concertDate, -10)}T12:00:00`),
  });
  const writtenAt = fromSeoulDateTime(`${addDays(options.concertDate, 1)}T10:00:00`);
  await tx.insert(reviews).values(
    options.userIds.map((userId, i) => ({
      concertId: options.concertId,
      userId,
      title: reviewTitlesOfTheOtherDay[i % reviewTitlesOfTheOtherDay.length] ?? '최고',
      description: `${reviewPraise[i % reviewPraise.length] ?? ''} 첫날 아침 공연이었는데도 분위기가 정말 좋았어요.`,
      rating: i % 3 === 2 ? 4 : 5,
      createdAt: new Date(Math.min(writtenAt.getTime() + i * 3_600_000, options.now.getTime())),
      updatedAt: new Date(Math.min(writtenAt.getTime() + i * 3_600_000, options.now.getTime())),
    })),
  );
}
