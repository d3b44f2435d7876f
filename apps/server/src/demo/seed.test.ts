import { and, count, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  approvalHistory,
  concertSeats,
  concerts,
  reviews,
  sellerApplications,
  users,
  venues,
} from '../db/schema/index';
import { queryRows } from '../db/client';
import { addDays, toSeoulDate } from '../lib/seoul-time';
import { createTestContext, type TestContext } from '../../test/helpers/test-app';
import { login } from '../../test/helpers/factories';
import { seedDemoData } from './seed';
import {
  createLocalFileStorage,
  createLocalPrivateFileStorage,
} from '../adapters/storage/local-file-storage';
import type { ApprovalHistoryEntry, Page, SellerApplication } from '@curtaincall/contracts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ demoData: true });
});
afterAll(async () => ctx?.close());

describe('demo data', () => {
  it('has the four demo accounts with working passwords and roles', async () => {
    for (const [username, password, role] of [
      ['admin', 'admin1234!', 'ROLE_ADMIN'],
      ['seller', 'seller1234!', 'ROLE_SELLER'],
      ['buyer', 'buyer1234!', 'ROLE_USER'],
      ['buyer2', 'buyer1234!', 'ROLE_USER'],
    ] as const) {
      const cookie = await login(ctx.app, username, password);
      const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
      expect(me.json()).toMatchObject({ username, role });
    }
  });

  it('counts every demo account`s address as verified (social logins may join them)', async () => {
    const unverified = await ctx.database.db
      .select({ username: users.username })
      .from(users)
      .where(sql`${users.emailVerifiedAt} is null`);
    expect(unverified).toEqual([]);
    const [{ total } = { total: 0 }] = await ctx.database.db.select({ total: count() }).from(users);
    expect(total).toBeGreaterThan(4);
  });

  it('has at least 24 concerts in every status, with 6+ on sale now and 3+ days ahead', async () => {
    const db = ctx.database.db;
    const rows = await db.select().from(concerts);
    expect(rows.length).toBeGreaterThanOrEqual(24);
    expect(new Set(rows.map((c) => c.status))).toEqual(
      new Set(['SCHEDULED', 'ON_SALE', 'SOLD_OUT', 'CANCELLED', 'COMPLETED']),
    );
    const now = ctx.clock.now();
    const threeDaysAhead = addDays(toSeoulDate(now), 3);
    const openNow = rows.filter(
      (c) =>
        c.status === 'ON_SALE' &&
        c.bookingStartAt <= now &&
        c.bookingEndAt > now &&
        c.concertDate > threeDaysAhead,
    );
    expect(openNow.length).toBeGreaterThanOrEqual(6);
    expect(rows.every((c) => c.title && /[가-힣]/.test(c.title) && c.posterImageUrl)).toBe(true);
  });

  it('generates seat maps from 60 to 5,000 seats, one of 50,000 and two drawn venues, with numeric rows', async () => {
    const db = ctx.database.db;
    const rows = await db
      .select({
        total: concerts.totalSeats,
        drawn: sql<boolean>`${concerts.seatLayout} is not null`,
      })
      .from(concerts);
    const quickPlans = rows.filter((r) => !r.drawn).map((r) => r.total);
    expect(Math.min(...quickPlans)).toBe(60);
    expect(quickPlans).toContain(50_000);
    expect(quickPlans.filter((s) => s !== 50_000).every((s) => s >= 60 && s <= 5_000)).toBe(true);
    // The hall and the arena of the demo venues (issue 25), their places exactly the layouts'.
    expect(
      rows
        .filter((r) => r.drawn)
        .map((r) => r.total)
        .sort(),
    ).toEqual([1_500, 6_000]);
    // A KILLED seat is a row (its place on the drawing) but never a place for sale.
    const mismatched = await queryRows<{ id: number }>(
      db,
      sql`select c.id from concerts c
          left join concert_seats s on s.concert_id = c.id
          group by c.id
          having (count(s.id) filter (where s.block is distinct from 'KILLED')) <> c.total_seats`,
    );
    expect(mismatched).toEqual([]);
    const [bad] = await db
      .select({ n: count() })
      .from(concertSeats)
      .where(
        sql`${concertSeats.section} like '%-%' or ${concertSeats.seatNumber} < 1
            or (${concertSeats.rowNumber} < 1 and not ${concertSeats.standing})
            or (${concertSeats.rowNumber} <> 0 and ${concertSeats.standing})`,
      );
    expect(bad?.n).toBe(0);
  });

  it("gives the demo seller two venues, each used by a demo concert that sells the venue's grades", async () => {
    const db = ctx.database.db;
    const saved = await db
      .select({ id: venues.id, name: venues.name, seller: users.username })
      .from(venues)
      .innerJoin(users, eq(users.id, venues.sellerId));
    expect(saved.map((v) => [v.name, v.seller])).toEqual([
      ['한빛 아트홀', 'seller'],
      ['인천 하모니 파크 야외무대', 'seller'],
    ]);
    const drawn = await queryRows<{
      venue_id: number;
      grades: string[];
      standing: number;
      wheelchairs: number;
    }>(
      db,
      sql`select c.venue_id,
                 (select array_agg(g.name order by g.sort_order) from seat_grades g
                  where g.concert_id = c.id) as grades,
                 (select count(*)::int from concert_seats s
                  where s.concert_id = c.id and s.standing) as standing,
                 (select count(*)::int from concert_seats s
                  where s.concert_id = c.id and s.tags like '%WHEELCHAIR%') as wheelchairs
          from concerts c where c.seat_layout is not null order by c.total_seats`,
    );
    expect(drawn).toEqual([
      { venue_id: saved[0]?.id, grades: ['VIP석', 'R석', 'S석'], standing: 0, wheelchairs: 4 },
      {
        venue_id: saved[1]?.id,
        grades: ['스탠딩 P', '스탠딩 R', 'R석', 'S석', 'A석'],
        standing: 2_000,
        wheelchairs: 4,
      },
    ]);
  });

  it('sells every seat of the sold-out concert through real bookings', async () => {
    const db = ctx.database.db;
    const [soldOut] = await db.select().from(concerts).where(eq(concerts.status, 'SOLD_OUT'));
    expect(soldOut).toBeDefined();
    const [free] = await db
      .select({ n: count() })
      .from(concertSeats)
      .where(
        and(eq(concertSeats.concertId, soldOut?.id ?? -1), sql`${concertSeats.status} <> 'BOOKED'`),
      );
    expect(free?.n).toBe(0);
  });

  it('has shows of 2-5 performances, one with a sold-out performance beside ones on sale (issue 26)', async () => {
    const db = ctx.database.db;
    const performances = await queryRows<{
      show_id: number;
      title: string;
      statuses: string[];
      dates: string[];
      per_show: number | null;
    }>(
      db,
      sql`select c.show_id, min(c.title) as title,
                 array_agg(c.status order by c.concert_date, c.start_time) as statuses,
                 array_agg(to_char(c.concert_date, 'YYYY-MM-DD') order by c.concert_date, c.start_time) as dates,
                 min(s.max_tickets_per_show) as per_show
          from concerts c join shows s on s.id = c.show_id
          group by c.show_id having count(*) > 1 order by c.show_id`,
    );
    const byTitle = new Map(performances.map((show) => [show.title, show]));
    expect(performances.length).toBeGreaterThanOrEqual(3);
    expect(performances.every((show) => show.statuses.length <= 5)).toBe(true);
    // Three consecutive dates, sold out the first evening, with a limit across them.
    const reggae = byTitle.get('레게 선셋 파티');
    expect(reggae?.statuses).toEqual(['SOLD_OUT', 'ON_SALE', 'ON_SALE']);
    expect(reggae?.dates).toEqual([0, 1, 2].map((d) => addDays(reggae?.dates[0] ?? '', d)));
    expect(reggae?.per_show).toBe(6);
    expect(byTitle.get('뮤지컬 넘버 콘서트 〈무대 위의 별〉')?.statuses).toEqual([
      'SCHEDULED',
      'SCHEDULED',
      'SCHEDULED',
    ]);
    expect(byTitle.get('재즈 브런치 라이브')?.statuses).toEqual(['COMPLETED', 'COMPLETED']);

    // The sold-out performance really is: every seat belongs to a paid booking.
    const [soldOut] = await queryRows<{ id: number; free: number }>(
      db,
      sql`select c.id, (select count(*)::int from concert_seats s
                        where s.concert_id = c.id and s.status <> 'BOOKED') as free
          from concerts c where c.title = '레게 선셋 파티' and c.status = 'SOLD_OUT'`,
    );
    expect(soldOut?.free).toBe(0);

    // The two mornings of the brunch show share their reviews; a verified one names its day.
    const [brunch] = await db
      .select({ id: concerts.id })
      .from(concerts)
      .where(eq(concerts.title, '재즈 브런치 라이브'))
      .orderBy(concerts.id)
      .limit(1);
    const page = (
      await ctx.app.inject({ url: `/api/concerts/reviews/${brunch?.id}?size=50` })
    ).json().data as { totalElements: number; content: Array<{ performance?: object }> };
    expect(page.totalElements).toBe(10);
    expect(page.content.filter((review) => review.performance).length).toBeGreaterThanOrEqual(5);
  });

  it('offers 권종 and the code WELCOME10 on the demo concerts still to play (issue 27)', async () => {
    const [onSale] = await ctx.database.db
      .select({ id: concerts.id })
      .from(concerts)
      .where(and(eq(concerts.isDemo, true), eq(concerts.status, 'ON_SALE')))
      .orderBy(concerts.id)
      .limit(1);
    const list = (await ctx.app.inject({ url: `/api/concerts/${onSale?.id}/ticket-types` })).json()
      .data as { bookingFeePerSeat: number; ticketTypes: Array<{ name: string }> };
    expect(list.bookingFeePerSeat).toBe(2_000);
    expect(list.ticketTypes.map((type) => type.name)).toEqual([
      '장애인(심한)',
      '장애인(심하지 않은)',
      '국가유공자',
      '경로(65세 이상)',
      '청소년',
    ]);
    const buyer = await login(ctx.app, 'buyer', 'buyer1234!');
    const check = await ctx.app.inject({
      method: 'POST',
      url: `/api/concerts/${onSale?.id}/promo-codes/check`,
      headers: { cookie: buyer, 'content-type': 'application/json' },
      payload: { code: 'welcome10' },
    });
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json().data).toMatchObject({ code: 'WELCOME10', discountValue: 10 });
  });

  it('has reviews, with 3+ concerts having 10 or more', async () => {
    const rows = await ctx.database.db
      .select({ concertId: reviews.concertId, n: count() })
      .from(reviews)
      .groupBy(reviews.concertId)
      .having(gt(count(), 9));
    expect(rows.length).toBeGreaterThanOrEqual(3);
  });

  it('has 예매자 관람평: every other reviewer of a finished show had a paid ticket (issue 23)', async () => {
    const [completed] = await ctx.database.db
      .select()
      .from(concerts)
      .where(eq(concerts.title, '가을 포크 음악회'));
    const id = completed?.id ?? -1;
    const all = await ctx.app.inject({ url: `/api/concerts/reviews/${id}?size=50` });
    const verified = await ctx.app.inject({
      url: `/api/concerts/reviews/${id}?size=50&verifiedOnly=true`,
    });
    expect(all.json().data.totalElements).toBe(10);
    const marked = (all.json().data.content as Array<{ verified: boolean }>).filter(
      (review) => review.verified,
    ).length;
    expect(marked).toBeGreaterThanOrEqual(4);
    expect(marked).toBeLessThan(10);
    expect(verified.json().data.totalElements).toBe(marked);
  });

  it('serves the generated posters', async () => {
    const [concert] = await ctx.database.db.select().from(concerts).limit(1);
    const response = await ctx.app.inject({ method: 'GET', url: concert?.posterImageUrl ?? '' });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
  });

  it('fills the admin pages: pending applications with documents, a re-applicant, a revoked seller, a history', async () => {
    const cookie = await login(ctx.app, 'admin', 'admin1234!');
    const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });
    const pending = (await get('/api/admin/seller-requests')).json().data as SellerApplication[];
    expect(pending.length).toBeGreaterThanOrEqual(3);
    expect(pending.find((a) => a.username === 'reapply1')).toMatchObject({
      reapplicant: true,
      everRevoked: false,
    });
    expect(pending.find((a) => a.username === 'applicant1')).toMatchObject({ reapplicant: false });
    const types = new Set<string>();
    for (const application of pending) {
      const document = await get(new URL(application.uploadedFileUrl ?? '').pathname);
      expect(document.statusCode).toBe(200);
      types.add(String(document.headers['content-type']));
    }
    expect(types).toEqual(new Set(['application/pdf', 'image/png']));

    const sellers = (await get('/api/admin/sellers')).json().data as SellerApplication[];
    expect(sellers.map((s) => s.username)).toContain('seller');
    const sellerDocument = await get(
      new URL(sellers.find((s) => s.username === 'seller')?.uploadedFileUrl ?? '').pathname,
    );
    expect(sellerDocument.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const history = (await get('/api/admin/approvals/history?size=20')).json()
      .data as Page<ApprovalHistoryEntry>;
    expect(new Set(history.content.map((e) => e.type))).toEqual(
      new Set(['REQUEST', 'APPROVED', 'REJECTED', 'WITHDRAWN', 'REVOKED']),
    );
    expect(history.content.find((e) => e.type === 'REVOKED')).toMatchObject({
      username: 'revoked1',
      adminUsername: 'admin',
    });
    // The demo accounts see their status: the seller approved, the revoked user with the reason.
    const sellerCookie = await login(ctx.app, 'seller', 'seller1234!');
    const sellerStatus = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/me/seller-status',
      headers: { cookie: sellerCookie },
    });
    expect(sellerStatus.json().data).toMatchObject({
      role: 'SELLER',
      approvalStatus: 'APPROVED',
      companyName: '커튼콜기획',
    });
    const revokedCookie = await login(ctx.app, 'revoked1', 'fan1234!');
    const revokedStatus = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/me/seller-status',
      headers: { cookie: revokedCookie },
    });
    expect(revokedStatus.json().data).toMatchObject({
      role: 'USER',
      approvalStatus: 'REVOKED',
      canReapply: true,
      lastReason: '허위 공연 정보를 반복해서 등록했습니다.',
    });
  });

  it('is idempotent, and moves the demo dates with the calendar on a later start', async () => {
    const db = ctx.database.db;
    const before = await db.select().from(concerts).orderBy(concerts.id);
    const userCount = (await db.select({ n: count() }).from(users))[0]?.n;
    const applicationCount = (await db.select({ n: count() }).from(sellerApplications))[0]?.n;
    const historyCount = (await db.select({ n: count() }).from(approvalHistory))[0]?.n;
    const storage = createLocalFileStorage({
      rootDir: `${ctx.config.dataDir}/uploads`,
      publicBaseUrl: ctx.config.publicBaseUrl,
    });
    const privateStorage = createLocalPrivateFileStorage({
      rootDir: `${ctx.config.dataDir}/private-files`,
    });
    await seedDemoData({ db, storage, privateStorage, clock: ctx.clock });
    expect((await db.select({ n: count() }).from(users))[0]?.n).toBe(userCount);
    expect(await db.select().from(concerts).orderBy(concerts.id)).toHaveLength(before.length);
    expect((await db.select({ n: count() }).from(sellerApplications))[0]?.n).toBe(applicationCount);
    expect((await db.select({ n: count() }).from(approvalHistory))[0]?.n).toBe(historyCount);

    ctx.clock.advance(2 * 24 * 3_600_000);
    await seedDemoData({ db, storage, privateStorage, clock: ctx.clock });
    const after = await db.select().from(concerts).orderBy(concerts.id);
    for (const [i, concert] of after.entries()) {
      const old = before[i];
      expect(concert.concertDate).toBe(addDays(old?.concertDate ?? '', 2));
      expect(concert.bookingStartAt.getTime() - (old?.bookingStartAt.getTime() ?? 0)).toBe(
        2 * 24 * 3_600_000,
      );
    }
  });
});
