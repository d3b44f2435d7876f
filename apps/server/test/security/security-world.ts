import type { BookingCreated, SeatEntry } from '@curtaincall/contracts';
import type { InjectOptions } from 'fastify';
import type { App } from '../../src/app';
import { createConcert, createLoggedInUser, login } from '../helpers/factories';
import { payInSandbox } from '../helpers/paid-booking';
import type { TestContext } from '../helpers/test-app';

/**
 * The people of the security suite: nobody, a buyer who owns the resource under test, another
 * buyer, the seller of the concert, another seller, and an admin.
 */
export const actors = [
  'anonymous',
  'user',
  'anotherUser',
  'seller',
  'anotherSeller',
  'admin',
] as const;
export type Actor = (typeof actors)[number];

type Account = Awaited<ReturnType<typeof createLoggedInUser>>;
export interface Buyer extends Account {
  key: string;
}

/** Everything the requests of the suite refer to, built through the API. */
export interface SecurityWorld {
  app: App;
  accounts: Record<Exclude<Actor, 'anonymous'>, Account>;
  /** An on-sale concert of `accounts.seller`, with room for many holds. */
  concertId: number;
  /** The cookie of an actor (none for anonymous). */
  cookieOf(actor: Actor): { cookie?: string };
  /** A second, disposable session of an actor (for login and logout, which end sessions). */
  disposableCookieOf(actor: Actor): Promise<{ cookie?: string }>;
  /** A fresh buyer admitted to the concert (its own access key). */
  newBuyer(): Promise<Buyer>;
  /** One of the actors, admitted to the concert. */
  admit(actor: Exclude<Actor, 'anonymous'>): Promise<Buyer>;
  /** A free seat of the concert, never handed out twice. */
  freeSeatId(): Promise<number>;
  /** A seat held by `buyer`. */
  holdSeat(buyer: Buyer): Promise<number>;
  /** A fresh buyer with an unpaid booking of one seat. */
  pendingBooking(): Promise<{ buyer: Buyer; created: BookingCreated }>;
  /** A fresh buyer with a paid (CONFIRMED) booking of one seat. */
  paidBooking(): Promise<{ buyer: Buyer; created: BookingCreated; bookingId: number }>;
  /** A review or an expectation written by `author`; returns its id. */
  newPost(kind: 'reviews' | 'expectations', author: Account): Promise<number>;
  /** A fresh logged-in plain user (for calls that change what the account may do next). */
  newAccount(): Promise<Account>;
}

/** The author fields a review or expectation body carries (compared with the session). */
export function authorOf(account: { id: number; nickname: string }) {
  return { userId: account.id, userNickname: account.nickname };
}

/** Inject headers: the actor's cookie, or none. */
export function headersOf(world: SecurityWorld, actor: Actor, owner?: { cookie: string }) {
  if (actor === 'user' && owner) return { cookie: owner.cookie };
  return world.cookieOf(actor);
}

function expectStatus(
  response: { statusCode: number; body: string },
  status: number,
  what: string,
): void {
  if (response.statusCode !== status) {
    throw new Error(`${what}: ${response.statusCode} ${response.body.slice(0, 300)}`);
  }
}

export async function buildSecurityWorld(ctx: TestContext): Promise<SecurityWorld> {
  const { app } = ctx;
  const db = ctx.database.db;
  const accounts = {
    user: await createLoggedInUser(app, db),
    anotherUser: await createLoggedInUser(app, db),
    seller: await createLoggedInUser(app, db, 'ROLE_SELLER'),
    anotherSeller: await createLoggedInUser(app, db, 'ROLE_SELLER'),
    admin: await createLoggedInUser(app, db, 'ROLE_ADMIN'),
  };
  const { id: concertId } = await createConcert(db, {
    sellerId: accounts.seller.id,
    totalSeats: 400,
    maxTicketsPerUser: 4,
  });

  const seatIds: number[] = [];
  async function freeSeatId(): Promise<number> {
    if (seatIds.length === 0) {
      const buyer = await newBuyer();
      const status = await app.inject({
        method: 'GET',
        url: `/api/seats/concerts/${concertId}/status`,
        headers: { cookie: buyer.cookie, 'x-access-key': buyer.key },
      });
      expectStatus(status, 200, 'seat status');
      const seats = status.json().data as SeatEntry[];
      seatIds.push(...seats.filter((s) => s.status === 'AVAILABLE').map((s) => s.seatId));
    }
    const seatId = seatIds.shift();
    if (seatId === undefined) throw new Error('the security world ran out of seats');
    return seatId;
  }

  async function newBuyer(): Promise<Buyer> {
    return admitAccount(await createLoggedInUser(app, db));
  }

  async function admitAccount(account: Account): Promise<Buyer> {
    const entry = await app.inject({
      method: 'POST',
      url: `/api/queue/enter?concertId=${concertId}`,
      headers: { cookie: account.cookie },
    });
    expectStatus(entry, 200, 'queue entry');
    const key: unknown = entry.json().data?.accessKey;
    if (typeof key !== 'string') throw new Error(`not admitted: ${entry.body}`);
    return { ...account, key };
  }

  async function holdSeat(buyer: Buyer): Promise<number> {
    const seatId = await freeSeatId();
    const held = await app.inject({
      method: 'POST',
      url: `/api/seats/concerts/${concertId}/seats/${seatId}/reserve`,
      headers: { cookie: buyer.cookie, 'x-access-key': buyer.key },
    });
    expectStatus(held, 200, 'hold');
    return seatId;
  }

  async function pendingBooking() {
    const buyer = await newBuyer();
    const seatId = await holdSeat(buyer);
    const booked = await app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { cookie: buyer.cookie, 'content-type': 'application/json' },
      payload: { concertId, concertSeatIds: [seatId] },
    });
    expectStatus(booked, 201, 'booking');
    return { buyer, created: booked.json().data as BookingCreated };
  }

  async function paidBooking() {
    const { buyer, created } = await pendingBooking();
    await payInSandbox(app, buyer, created);
    const list = await app.inject({
      method: 'GET',
      url: '/api/mypage/booking',
      headers: { cookie: buyer.cookie },
    });
    const booking = (list.json().data as Array<{ bookingId: number; bookingNumber: string }>).find(
      (b) => b.bookingNumber === created.bookingNumber,
    );
    if (!booking) throw new Error(`paid booking not listed: ${list.body}`);
    return { buyer, created, bookingId: booking.bookingId };
  }

  async function newPost(kind: 'reviews' | 'expectations', author: Account): Promise<number> {
    const payload =
      kind === 'reviews'
        ? { title: '좋은 공연', description: '다시 보고 싶어요.', rating: 5, ...authorOf(author) }
        : { comment: '기대됩니다!', expectationRating: 5, ...authorOf(author) };
    const created = await app.inject({
      method: 'POST',
      url: `/api/concerts/${concertId}/${kind}`,
      headers: { cookie: author.cookie, 'content-type': 'application/json' },
      payload,
    });
    expectStatus(created, 201, `new ${kind}`);
    return (created.json().data as { id: number }).id;
  }

  return {
    app,
    accounts,
    concertId,
    cookieOf: (actor) => (actor === 'anonymous' ? {} : { cookie: accounts[actor].cookie }),
    async disposableCookieOf(actor) {
      if (actor === 'anonymous') return {};
      const account = accounts[actor];
      return { cookie: await login(app, account.username, account.password) };
    },
    newBuyer,
    admit: (actor) => admitAccount(accounts[actor]),
    freeSeatId,
    holdSeat,
    pendingBooking,
    paidBooking,
    newPost,
    newAccount: () => createLoggedInUser(app, db),
  };
}

export type RouteRequest = Omit<InjectOptions, 'method' | 'url'> & { url: string };
