import { randomUUID } from 'node:crypto';
import { limits } from '@curtaincall/contracts';
import { and, asc, eq, inArray, isNull, like, sql } from 'drizzle-orm';
import type { FileStoragePort, PrivateFileStoragePort } from '../adapters/storage/file-storage';
import type { Database, Transaction } from '../db/client';
import {
  appMeta,
  bookings,
  concertSeats,
  concerts,
  expectations,
  payments,
  reviews,
  seatGrades,
  tickets,
  users,
} from '../db/schema/index';
import type { Clock } from '../lib/clock';
import { hashPassword } from '../lib/passwords';
import { addDays, daysBetween, fromSeoulDateTime, toSeoulDate } from '../lib/seoul-time';
import { generateBookingNumber } from '../modules/bookings/booking-number';
import { createConcertWithSeats } from '../modules/concerts/concerts.service';
import {
  demoConcerts,
  demoFans,
  expectationComments,
  reviewComplaints,
  reviewPraise,
  reviewTitles,
  type DemoConcert,
} from './demo-content';
import { renderPoster } from './posters';
import { seedDemoVenues, demoVenues } from './demo-venues';
import { seedDemoPerformances } from './demo-performances';
import { seedDemoPricing } from './demo-pricing';
import { seedSellerDemo, writeSellerDemoDocuments } from './seller-demo';

const META_KEY = 'demo-data';
/** Every demo account's address (seed.ts and seller-demo.ts). */
const DEMO_EMAIL_PATTERN = '%@curtaincall.example';
/** Every instance seeds under this lock, so two starting at once seed once. */
const SEED_LOCK_ID = 726_2002;

interface DemoMeta {
  anchorDate: string;
  version: number;
}

export const demoAccounts = [
  {
    username: 'admin',
    password: 'admin1234!',
    nickname: '관리자',
    name: '김관리',
    role: 'ROLE_ADMIN',
  },
  {
    username: 'seller',
    password: 'seller1234!',
    nickname: '커튼콜기획',
    name: '박판매',
    role: 'ROLE_SELLER',
  },
  {
    username: 'buyer',
    password: 'buyer1234!',
    nickname: '티켓헌터',
    name: '이구매',
    role: 'ROLE_USER',
  },
  {
    username: 'buyer2',
    password: 'buyer1234!',
    nickname: '공연러버',
    name: '최관객',
    role: 'ROLE_USER',
  },
] as const;

const posterKey = (index: number) => `posters/demo-${index + 1}.webp`;

/**
 * Seeds the demo (accounts, concerts in every status with seat maps, posters, reviews,
 * expectations, bookings). Idempotent: on later starts it only moves the demo concerts' dates by
 * the days that have passed, so the demo never goes stale, and redraws any missing poster.
 */
export async function seedDemoData(deps: {
  db: Database;
  storage: FileStoragePort;
  /** Where the demo seller applications' licence documents go (never publicly served). */
  privateStorage: PrivateFileStoragePort;
  clock: Clock;
}): Promise<void> {
  const { db, storage, privateStorage, clock } = deps;
  const today = toSeoulDate(clock.now());
  const [fanHash, ...accountHashes] = await Promise.all([
    hashPassword('fan1234!'),
    ...demoAccounts.map((a) => hashPassword(a.password)),
  ]);

  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    const [meta] = await tx.select().from(appMeta).where(eq(appMeta.key, META_KEY));
    if (meta) {
      const { anchorDate } = meta.value as DemoMeta;
      const shift = daysBetween(anchorDate, today);
      if (shift !== 0) await shiftDemoDates(tx, shift, today);
    } else {
      const accountIds = await insertAccounts(tx, accountHashes, fanHash ?? '');
      await insertCatalogue(tx, { today, clock, ...accountIds });
      await tx.insert(appMeta).values({ key: META_KEY, value: { anchorDate: today, version: 1 } });
    }
    // Its own marker: a database seeded before seller applications existed gets them once too.
    await seedSellerDemo(tx, { clock, passwordHash: fanHash ?? '' });
    await seedDemoVenues(tx, { clock });
    // Issue 26, its own marker too: some demo concerts become shows of several performances,
    // added after the catalogue so its concerts keep their ids.
    await seedDemoPerformances(tx, { clock });
    // Issue 27, its own marker: 권종 and the code WELCOME10 on the demo concerts still to play.
    await seedDemoPricing(tx, { clock });
    // The demo accounts' addresses count as verified (issue 22), those seeded before included.
    // `.example` is reserved (RFC 2606): nobody else can own one of these mailboxes.
    await tx
      .update(users)
      .set({ emailVerifiedAt: clock.now() })
      .where(and(isNull(users.emailVerifiedAt), like(users.email, DEMO_EMAIL_PATTERN)));
  });
  await writeSellerDemoDocuments(privateStorage);

  await Promise.all(
    demoConcerts.map(async (_, index) => {
      const key = posterKey(index);
      if (!(await storage.exists(key)))
        await storage.put(key, await renderPoster(index + 1), 'image/webp');
    }),
  );
}

async function shiftDemoDates(tx: Transaction, days: number, today: string): Promise<void> {
  await tx
    .update(concerts)
    .set({
      concertDate: sql`${concerts.concertDate} + ${days}::int`,
      bookingStartAt: sql`${concerts.bookingStartAt} + make_interval(days => ${days}::int)`,
      bookingEndAt: sql`${concerts.bookingEndAt} + make_interval(days => ${days}::int)`,
    })
    .where(eq(concerts.isDemo, true));
  await tx
    .update(appMeta)
    .set({ value: { anchorDate: today, version: 1 }, updatedAt: new Date() })
    .where(eq(appMeta.key, META_KEY));
}

async function insertAccounts(tx: Transaction, hashes: string[], fanHash: string) {
  const accounts = await tx
    .insert(users)
    .values(
      demoAccounts.map((a, i) => ({
        username: a.username,
        email: `${a.username}@curtaincall.example`,
        nickname: a.nickname,
        name: a.name,
        passwordHash: hashes[i] ?? null,
        phone: `010-1234-${String(1000 + i)}`,
        address: '서울특별시 중구 커튼콜로 1',
        role: a.role,
        sellerApprovalStatus: a.role === 'ROLE_SELLER' ? 'APPROVED' : null,
      })),
    )
    .returning({ id: users.id, username: users.username });
  const fans = await tx
    .insert(users)
    .values(
      demoFans.map(([username, nickname], i) => ({
        username,
        email: `${username}@curtaincall.example`,
        nickname,
        name: `팬${i + 1}`,
        passwordHash: fanHash,
        phone: `010-5555-${String(1000 + i)}`,
        address: '서울특별시 마포구 팬클럽로 7',
      })),
    )
    .returning({ id: users.id });
  const idOf = (username: string) => {
    const found = accounts.find((a) => a.username === username);
    if (!found) throw new Error(`demo account ${username} missing`);
    return found.id;
  };
  return {
    sellerId: idOf('seller'),
    buyerId: idOf('buyer'),
    buyer2Id: idOf('buyer2'),
    fanIds: fans.map((f) => f.id),
  };
}

function bookingWindow(concert: DemoConcert, today: string, concertDate: string) {
  if (concert.plan === 'SCHEDULED') {
    const opens = addDays(today, concert.bookingOpensIn ?? 3);
    return { start: `${opens}T20:00:00`, end: `${addDays(concertDate, -1)}T23:59:00` };
  }
  if (concert.plan === 'COMPLETED') {
    return {
      start: `${addDays(concertDate, -30)}T10:00:00`,
      end: `${addDays(concertDate, -1)}T23:59:00`,
    };
  }
  return { start: `${addDays(today, -7)}T10:00:00`, end: `${addDays(concertDate, -1)}T23:59:00` };
}

async function insertCatalogue(
  tx: Transaction,
  ctx: {
    today: string;
    clock: Clock;
    sellerId: number;
    buyerId: number;
    buyer2Id: number;
    fanIds: number[];
  },
): Promise<void> {
  const created: Array<{ id: number; demo: DemoConcert }> = [];
  for (const [index, demo] of demoConcerts.entries()) {
    const concertDate = addDays(ctx.today, demo.dayOffset);
    const window = bookingWindow(demo, ctx.today, concertDate);
    const concert = await createConcertWithSeats(tx, {
      sellerId: ctx.sellerId,
      title: demo.title,
      artist: demo.artist,
      description: demo.description,
      venueName: demo.venueName,
      venueAddress: demo.venueAddress,
      concertDate,
      startTime: demo.startTime,
      endTime: demo.endTime,
      totalSeats: demo.totalSeats,
      seatLayout: demo.layout ? demoVenues[demo.layout].layout() : null,
      bookingStartAt: fromSeoulDateTime(window.start),
      bookingEndAt: fromSeoulDateTime(window.end),
      minAge: demo.minAge,
      maxTicketsPerUser: demo.maxTicketsPerUser,
      status: demo.plan,
      posterImageUrl: `/uploads/${posterKey(index)}`,
      isDemo: true,
    });
    created.push({ id: concert.id, demo });
  }

  const now = ctx.clock.now().getTime();
  const hoursAgo = (h: number) => new Date(now - h * 3_600_000);
  let cursor = 0;
  for (const { id, demo } of created) {
    const reviewRows = Array.from({ length: demo.reviewCount }, (_, i) => {
      cursor += 1;
      // Mostly 4-5 stars with some 2-3s, so summaries have both praise and complaints.
      const rating = [5, 5, 4, 5, 4, 3, 5, 4, 2, 5, 4, 3, 5, 1, 4][cursor % 15] ?? 5;
      const titles = reviewTitles[rating] ?? reviewTitles[5] ?? ['좋았어요'];
      const praise = reviewPraise[cursor % reviewPraise.length] ?? '';
      const praise2 = reviewPraise[(cursor * 3 + 1) % reviewPraise.length] ?? '';
      const complaint = reviewComplaints[cursor % reviewComplaints.length] ?? '';
      const description =
        rating >= 4
          ? `${praise} ${praise2}${rating === 4 ? ` 다만 ${complaint}` : ''}`
          : rating === 3
            ? `${praise} 하지만 ${complaint}`
            : `${complaint} ${reviewComplaints[(cursor + 2) % reviewComplaints.length] ?? ''}`;
      return {
        concertId: id,
        userId: ctx.fanIds[(cursor + i) % ctx.fanIds.length] ?? ctx.buyerId,
        title: titles[cursor % titles.length] ?? '좋았어요',
        description,
        rating,
        createdAt: hoursAgo(3 + cursor * 5),
        updatedAt: hoursAgo(3 + cursor * 5),
      };
    });
    if (reviewRows.length > 0) await tx.insert(reviews).values(reviewRows);
    if (demo.plan === 'COMPLETED') {
      await bookForReviewers(tx, id, reviewRows, addDays(ctx.today, demo.dayOffset));
    }
    const expectationRows = Array.from({ length: demo.expectationCount }, (_, i) => {
      cursor += 1;
      return {
        concertId: id,
        userId: ctx.fanIds[(cursor + i * 3) % ctx.fanIds.length] ?? ctx.buyer2Id,
        comment: expectationComments[cursor % expectationComments.length] ?? '기대돼요!',
        expectationRating: [5, 4, 5, 3, 5][cursor % 5] ?? 5,
        createdAt: hoursAgo(1 + cursor * 2),
        updatedAt: hoursAgo(1 + cursor * 2),
      };
    });
    if (expectationRows.length > 0) await tx.insert(expectations).values(expectationRows);
  }

  // The sold-out show really is sold out: every seat belongs to a paid booking.
  const soldOut = created.find((c) => c.demo.plan === 'SOLD_OUT');
  if (soldOut) {
    const seats = await seatsOf(tx, soldOut.id);
    for (let i = 0; i < seats.length; i += 2) {
      const buyer = ctx.fanIds[Math.floor(i / 4) % ctx.fanIds.length] ?? ctx.buyer2Id;
      await insertPaidBooking(tx, {
        userId: buyer,
        concertId: soldOut.id,
        seats: seats.slice(i, i + 2),
        status: 'CONFIRMED',
        at: hoursAgo(48 + i),
      });
    }
  }
  // The demo buyer has an upcoming and an attended booking to look at on the my page.
  const upcoming = created.find((c) => c.demo.plan === 'ON_SALE');
  if (upcoming) {
    const seats = (await seatsOf(tx, upcoming.id)).slice(4, 6);
    await insertPaidBooking(tx, {
      userId: ctx.buyerId,
      concertId: upcoming.id,
      seats,
      status: 'CONFIRMED',
      at: hoursAgo(20),
    });
  }
  const attended = created.find((c) => c.demo.plan === 'COMPLETED' && c.demo.reviewCount >= 15);
  if (attended) {
    const seats = (await seatsOf(tx, attended.id)).slice(10, 12);
    await insertPaidBooking(tx, {
      userId: ctx.buyerId,
      concertId: attended.id,
      seats,
      status: 'COMPLETED',
      at: hoursAgo(24 * 30),
    });
  }
}

/**
 * 예매자 관람평 in the demo (issue 23): of a finished show's reviewers, every other one (in
 * review order) had a paid ticket, bought a week before the show and used (COMPLETED), so the
 * reviews list shows marked and unmarked reviews and its filter has something to filter.
 */
async function bookForReviewers(
  tx: Transaction,
  concertId: number,
  reviewRows: Array<{ userId: number }>,
  concertDate: string,
): Promise<void> {
  const bookers = [...new Set(reviewRows.filter((_, i) => i % 2 === 0).map((r) => r.userId))];
  if (bookers.length === 0) return;
  const seats = await seatsOf(tx, concertId);
  const paidAt = fromSeoulDateTime(`${addDays(concertDate, -7)}T12:00:00`);
  for (const [index, userId] of bookers.entries()) {
    await insertPaidBooking(tx, {
      userId,
      concertId,
      seats: seats.slice(index, index + 1),
      status: 'COMPLETED',
      at: paidAt,
    });
  }
}

async function seatsOf(tx: Transaction, concertId: number) {
  return (
    tx
      .select({
        id: concertSeats.id,
        section: concertSeats.section,
        rowNumber: concertSeats.rowNumber,
        seatNumber: concertSeats.seatNumber,
        gradeName: seatGrades.name,
        price: seatGrades.price,
      })
      .from(concertSeats)
      .innerJoin(seatGrades, eq(seatGrades.id, concertSeats.gradeId))
      // Plain seats on sale: never a promoter's, a killed, a wheelchair or a standing place.
      .where(
        and(
          eq(concertSeats.concertId, concertId),
          eq(concertSeats.status, 'AVAILABLE'),
          isNull(concertSeats.tags),
          eq(concertSeats.standing, false),
        ),
      )
      .orderBy(asc(concertSeats.id))
  );
}

async function insertPaidBooking(
  tx: Transaction,
  options: {
    userId: number;
    concertId: number;
    seats: Awaited<ReturnType<typeof seatsOf>>;
    status: 'CONFIRMED' | 'COMPLETED';
    at: Date;
  },
): Promise<void> {
  const { seats } = options;
  if (seats.length === 0) return;
  const amount = seats.reduce((sum, s) => sum + s.price + limits.bookingFeeWon, 0);
  const [booking] = await tx
    .insert(bookings)
    .values({
      bookingNumber: generateBookingNumber(),
      userId: options.userId,
      concertId: options.concertId,
      status: options.status,
      totalAmount: amount,
      bookedAt: options.at,
      confirmedAt: options.at,
    })
    .returning({ id: bookings.id });
  if (!booking) throw new Error('demo booking insert failed');
  await tx.insert(tickets).values(
    seats.map((s) => ({
      bookingId: booking.id,
      concertSeatId: s.id,
      seatInfo: `${s.section}-${s.rowNumber}-${s.seatNumber}`,
      gradeName: s.gradeName,
      price: s.price,
      gradePrice: s.price,
      fee: limits.bookingFeeWon,
    })),
  );
  await tx.insert(payments).values({
    bookingId: booking.id,
    orderId: randomUUID(),
    provider: 'sandbox',
    paymentKey: `demo_${randomUUID()}`,
    amount,
    status: 'DONE',
    method: 'CARD',
    approvedAt: options.at,
  });
  await tx
    .update(concertSeats)
    .set({ status: 'BOOKED', bookingId: booking.id, updatedAt: options.at })
    .where(
      and(
        eq(concertSeats.concertId, options.concertId),
        inArray(
          concertSeats.id,
          seats.map((s) => s.id),
        ),
      ),
    );
}
