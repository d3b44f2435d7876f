import { createECDH, createHash, randomBytes, randomInt } from 'node:crypto';
import type { BookingCreated, SellerApplication } from '@curtaincall/contracts';
import sharp from 'sharp';
import { multipart, registerUser, registrationFields } from '../helpers/factories';
import { applicationMultipart, applicationBody, applyForSeller, decide } from '../helpers/sellers';
import {
  authorOf,
  headersOf,
  type Actor,
  type RouteRequest,
  type SecurityWorld,
} from './security-world';

/**
 * Who may call each route. Every route the app registers must have a rule here, or the security
 * suite fails: a new route cannot land without someone deciding who may call it.
 *
 * - `public`: everyone, logged in or not.
 * - `user`: any logged-in account; anonymous gets 401.
 * - `owner`: only the buyer who owns the resource; anonymous 401, any other account 403 or 404.
 * - `ownerOrAdmin`: the owner, or an admin (moderation); others 403 or 404.
 * - `verifier`: an admin, or the seller of the concert; anonymous 401, others 403.
 * - `seller` / `admin`: accounts of that role; anonymous 401, others 403.
 * - `concertSeller`: only the seller who owns the concert; anonymous 401, everyone else 403
 *   (another seller included).
 * - `nonAdmin`: any logged-in account except admins (a user's own seller permission calls: admins
 *   manage sellers and cannot be one); anonymous 401, admins 403.
 */
export type Access =
  | 'public'
  | 'user'
  | 'owner'
  | 'ownerOrAdmin'
  | 'verifier'
  | 'seller'
  | 'concertSeller'
  | 'admin'
  | 'nonAdmin';

export interface RouteRule {
  access: Access;
  /**
   * The request an actor sends. For owner rules it targets a resource of a buyer made for the
   * call (`user` sends that buyer's cookie), so a call that changes or ends the resource never
   * spoils the next one.
   */
  request(world: SecurityWorld, actor: Actor): Promise<RouteRequest>;
  /** Statuses that count as allowed (default: 2xx and 3xx). */
  allowedStatuses?: number[];
}

/** The actor whose request a route accepts (the sweeps send each route's valid request as it). */
export const callerOf: Record<Access, Actor> = {
  public: 'user',
  user: 'user',
  owner: 'user',
  ownerOrAdmin: 'user',
  verifier: 'admin',
  seller: 'seller',
  concertSeller: 'seller',
  admin: 'admin',
  nonAdmin: 'user',
};

const json = { 'content-type': 'application/json' };
const form = { 'content-type': 'application/x-www-form-urlencoded' };

/** The actor's own author fields (anonymous claims the owner's). */
function authorOfActor(w: SecurityWorld, actor: Actor) {
  return authorOf(w.accounts[actor === 'anonymous' ? 'user' : actor]);
}

/** A route that takes nothing but the actor's cookie. */
function plain(url: string | ((w: SecurityWorld) => string)): RouteRule['request'] {
  return async (w, actor) => ({
    url: typeof url === 'string' ? url : url(w),
    headers: headersOf(w, actor),
  });
}

/** A fresh account with a seller application under review; its id, cookie and application. */
async function newApplicant(w: SecurityWorld) {
  const account = await w.newAccount();
  const applied = await applyForSeller(w.app, account.cookie, applicationBody());
  if (applied.statusCode !== 201) throw new Error(`apply failed: ${applied.body}`);
  const list = await w.app.inject({
    method: 'GET',
    url: '/api/admin/seller-requests',
    headers: { cookie: w.accounts.admin.cookie },
  });
  const application = (list.json().data as SellerApplication[]).find(
    (a) => a.userId === account.id,
  );
  if (!application) throw new Error('the new application is not listed');
  return { ...account, applicationId: application.applicationId };
}

/** A fresh approved seller without concerts (withdrawal and revoke end the role it was given). */
async function newApprovedSeller(w: SecurityWorld) {
  const applicant = await newApplicant(w);
  const approved = await decide(w.app, w.accounts.admin.cookie, applicant.id, true);
  if (approved.statusCode !== 200) throw new Error(`approve failed: ${approved.body}`);
  return applicant;
}

/** The actor's own id as the `sellerId` query every seller call carries (§11.2). */
function sellerIdQuery(w: SecurityWorld, actor: Actor): string {
  return actor === 'anonymous' ? '' : `sellerId=${w.accounts[actor].id}`;
}

/** A valid concert form (api-contract §11.2), booking open from yesterday, small seat map. */
function concertForm(title: string) {
  const day = (offset: number) =>
    new Date(Date.now() + 9 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);
  return {
    title,
    artist: '보안 아티스트',
    description: null,
    venueName: '보안홀',
    venueAddress: null,
    concertDate: day(30),
    startTime: '19:00',
    endTime: '21:00',
    totalSeats: 10,
    bookingStartDate: `${day(-1)}T10:00`,
    bookingEndDate: `${day(29)}T23:00`,
    minAge: 0,
    maxTicketsPerUser: 4,
    posterImageUrl: null,
    status: 'SCHEDULED',
  };
}

/**
 * A fresh concert of the world's seller, registered through the API: calls that edit, cancel or
 * refresh a concert get one each, so none spoils the world's concert or the next call.
 */
async function newSellerConcert(w: SecurityWorld): Promise<number> {
  const created = await w.app.inject({
    method: 'POST',
    url: `/api/seller/concerts?sellerId=${w.accounts.seller.id}`,
    headers: { cookie: w.accounts.seller.cookie, ...json },
    payload: concertForm('보안 점검 공연'),
  });
  if (created.statusCode !== 201) throw new Error(`concert create failed: ${created.body}`);
  return (created.json().data as { concertId: number }).concertId;
}

/** A small PNG of a random colour: distinct bytes per call (one upload of the same file at a time). */
async function posterPng(): Promise<Buffer> {
  return sharp({
    create: {
      width: 40,
      height: 60,
      channels: 3,
      background: { r: randomInt(256), g: randomInt(256), b: randomInt(256) },
    },
  })
    .png()
    .toBuffer();
}

/** The multipart body of a poster upload (api-contract §11.3). */
async function posterUploadBody() {
  return multipart({ timestamp: '1764000000000' }, [
    { field: 'file', filename: 'poster.png', contentType: 'image/png', content: await posterPng() },
  ]);
}

/** A poster freshly uploaded by the world's seller; its absolute URL. */
async function newSellerPoster(w: SecurityWorld): Promise<string> {
  const body = await posterUploadBody();
  const uploaded = await w.app.inject({
    method: 'POST',
    url: '/api/upload/poster',
    headers: { cookie: w.accounts.seller.cookie, ...body.headers },
    payload: body.payload,
  });
  if (uploaded.statusCode !== 200) throw new Error(`poster upload failed: ${uploaded.body}`);
  return uploaded.json().data as string;
}

/** A fresh concert of the world's seller with one review long enough to summarise. */
async function reviewedSellerConcert(w: SecurityWorld): Promise<number> {
  const concertId = await newSellerConcert(w);
  const author = w.accounts.user;
  const reviewed = await w.app.inject({
    method: 'POST',
    url: `/api/concerts/${concertId}/reviews`,
    headers: { cookie: author.cookie, ...json },
    payload: {
      title: '요약용 관람평',
      description: '요약할 수 있을 만큼 충분히 긴 관람평입니다.',
      rating: 5,
      ...authorOf(author),
    },
  });
  if (reviewed.statusCode !== 201) throw new Error(`review failed: ${reviewed.body}`);
  return concertId;
}

/** A SCHEDULED concert of the world's seller whose booking opens tomorrow (예매 알림), one per world. */
const scheduledConcerts = new WeakMap<SecurityWorld, Promise<number>>();
function scheduledConcert(w: SecurityWorld): Promise<number> {
  let concert = scheduledConcerts.get(w);
  if (!concert) {
    concert = (async () => {
      const day = (offset: number) =>
        new Date(Date.now() + 9 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);
      const created = await w.app.inject({
        method: 'POST',
        url: `/api/seller/concerts?sellerId=${w.accounts.seller.id}`,
        headers: { cookie: w.accounts.seller.cookie, ...json },
        payload: { ...concertForm('보안 예정 공연'), bookingStartDate: `${day(1)}T10:00` },
      });
      if (created.statusCode !== 201) throw new Error(`concert create failed: ${created.body}`);
      return (created.json().data as { concertId: number }).concertId;
    })();
    scheduledConcerts.set(w, concert);
  }
  return concert;
}

/**
 * A venue layout small enough for every call (docs/venue-layout.md): two grades, a wheelchair
 * pair, many promoter-held seats (each release call finds some) and a standing zone.
 */
function securityLayout(name = '보안 배치') {
  const seats = Array.from({ length: 40 }, (_, i) => ({
    number: i + 1,
    grade: i < 20 ? 'R' : 'S',
    ...(i >= 30 ? { tags: ['HELD'] } : {}),
  }));
  return {
    format: 'curtaincall.venue-layout',
    version: 1,
    name,
    grades: [
      { code: 'R', name: 'R석', price: 99_000 },
      { code: 'S', name: 'S석', price: 77_000 },
      { code: 'SP', name: '스탠딩', price: 55_000 },
    ],
    sections: [
      { kind: 'SEATED', name: 'A', rows: [1, 2, 3, 4, 5].map((row) => ({ row, seats })) },
      { kind: 'STANDING', name: 'P', grade: 'SP', capacity: 2_000 },
    ],
  };
}

/** The world seller's saved venue, one per world (each DELETE gets a fresh one). */
const sellerVenues = new WeakMap<SecurityWorld, Promise<number>>();
async function newSellerVenue(w: SecurityWorld): Promise<number> {
  const created = await w.app.inject({
    method: 'POST',
    url: '/api/seller/venues',
    headers: { cookie: w.accounts.seller.cookie, ...json },
    payload: { name: '보안 공연장', address: null, layout: securityLayout() },
  });
  if (created.statusCode !== 201) throw new Error(`venue create failed: ${created.body}`);
  return (created.json().data as { id: number }).id;
}
function sellerVenue(w: SecurityWorld): Promise<number> {
  let venue = sellerVenues.get(w);
  if (!venue) {
    venue = newSellerVenue(w);
    sellerVenues.set(w, venue);
  }
  return venue;
}

/** A concert of the world's seller drawn from a layout, on sale, one per world. */
const drawnConcerts = new WeakMap<SecurityWorld, Promise<number>>();
function drawnConcert(w: SecurityWorld): Promise<number> {
  let concert = drawnConcerts.get(w);
  if (!concert) {
    concert = (async () => {
      const { totalSeats: _quickPlan, ...rest } = concertForm('보안 배치도 공연');
      const created = await w.app.inject({
        method: 'POST',
        url: `/api/seller/concerts?sellerId=${w.accounts.seller.id}`,
        headers: { cookie: w.accounts.seller.cookie, ...json },
        payload: { ...rest, status: 'ON_SALE', seatLayout: securityLayout() },
      });
      if (created.statusCode !== 201) throw new Error(`concert create failed: ${created.body}`);
      return (created.json().data as { concertId: number }).concertId;
    })();
    drawnConcerts.set(w, concert);
  }
  return concert;
}

/** A free seated seat of the drawn concert that no earlier call stopped (one per call). */
const killableSeats = new WeakMap<SecurityWorld, number[]>();
async function killableSeat(w: SecurityWorld): Promise<number> {
  let seats = killableSeats.get(w);
  if (!seats || seats.length === 0) {
    const listed = await w.app.inject({
      method: 'GET',
      url: `/api/seller/concerts/${await drawnConcert(w)}/seats`,
      headers: { cookie: w.accounts.seller.cookie },
    });
    seats = (listed.json().data as Array<{ seatId: number; seatInfo: string; status: string }>)
      .filter((seat) => seat.status === 'AVAILABLE' && !seat.seatInfo.includes('-0-'))
      .map((seat) => seat.seatId);
    killableSeats.set(w, seats);
  }
  const seat = seats.shift();
  if (seat === undefined) throw new Error('no free seat of the drawn concert left');
  return seat;
}

/** A new account admitted to the drawn concert's seat page: its cookie and access key. */
async function drawnConcertBuyer(w: SecurityWorld) {
  const account = await w.newAccount();
  const entry = await w.app.inject({
    method: 'POST',
    url: `/api/queue/enter?concertId=${await drawnConcert(w)}`,
    headers: { cookie: account.cookie },
  });
  const key: unknown = entry.json().data?.accessKey;
  if (typeof key !== 'string') throw new Error(`not admitted: ${entry.body}`);
  return { cookie: account.cookie, key };
}

/** Seoul's date `offset` days from now (the forms' dates). */
function seoulDay(offset: number): string {
  return new Date(Date.now() + 9 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);
}

/** A valid show form (issue 26): two performances of a small quick plan, booking open now. */
function showForm(title: string) {
  return {
    title,
    artist: '보안 아티스트',
    venueName: '보안홀',
    totalSeats: 10,
    bookingStartDate: `${seoulDay(-1)}T10:00`,
    bookingEndDate: `${seoulDay(29)}T23:00`,
    performances: [30, 31].map((offset) => ({
      concertDate: seoulDay(offset),
      startTime: '19:00',
      endTime: '21:00',
    })),
  };
}

/** A fresh show of the world's seller: calls that edit, extend or cancel a show get one each. */
async function newSellerShow(w: SecurityWorld): Promise<number> {
  const created = await w.app.inject({
    method: 'POST',
    url: `/api/seller/shows?sellerId=${w.accounts.seller.id}`,
    headers: { cookie: w.accounts.seller.cookie, ...json },
    payload: showForm('보안 점검 회차 공연'),
  });
  if (created.statusCode !== 201) throw new Error(`show create failed: ${created.body}`);
  return (created.json().data as { showId: number }).showId;
}

/** The world seller's show that reads look at, one per world. */
const sellerShows = new WeakMap<SecurityWorld, Promise<number>>();
function sellerShow(w: SecurityWorld): Promise<number> {
  let show = sellerShows.get(w);
  if (!show) {
    show = newSellerShow(w);
    sellerShows.set(w, show);
  }
  return show;
}

/** A promo code body of a fresh code text (issue 27). */
function promoCodeBody() {
  return {
    code: `SEC-${randomBytes(4).toString('hex')}`,
    discountKind: 'AMOUNT',
    discountValue: 5_000,
    totalUses: 1_000_000,
    oncePerAccount: false,
  };
}

/** A fresh promo code of the world's concert, made through its seller's API; its id. */
async function newPromoCode(w: SecurityWorld): Promise<number> {
  const created = await w.app.inject({
    method: 'POST',
    url: `/api/seller/concerts/${w.concertId}/promo-codes`,
    headers: { cookie: w.accounts.seller.cookie, ...json },
    payload: promoCodeBody(),
  });
  if (created.statusCode !== 201) throw new Error(`promo code create failed: ${created.body}`);
  return (created.json().data as { id: number }).id;
}

/** The world concert's code every account may check again and again, one per world. */
const checkableCodes = new WeakMap<SecurityWorld, Promise<string>>();
function checkableCode(w: SecurityWorld): Promise<string> {
  let code = checkableCodes.get(w);
  if (!code) {
    code = (async () => {
      const body = promoCodeBody();
      const created = await w.app.inject({
        method: 'POST',
        url: `/api/seller/concerts/${w.concertId}/promo-codes`,
        headers: { cookie: w.accounts.seller.cookie, ...json },
        payload: body,
      });
      if (created.statusCode !== 201) throw new Error(`promo code create failed: ${created.body}`);
      return body.code.toLowerCase();
    })();
    checkableCodes.set(w, code);
  }
  return code;
}

/** A ticket type body of a fresh name (issue 27: names are unique among a concert's types). */
function ticketTypeBody() {
  return {
    kind: 'YOUTH',
    name: `보안 청소년 ${randomBytes(3).toString('hex')}`,
    discountKind: 'PERCENT',
    discountValue: 30,
    quota: 100,
  };
}

/**
 * A ticket type on a fresh concert of the world's seller (a concert offers 20 at most, and every
 * allowed call must find room): the concert's id and the type's.
 */
async function newTicketType(w: SecurityWorld): Promise<{ concertId: number; typeId: number }> {
  const concertId = await newSellerConcert(w);
  const created = await w.app.inject({
    method: 'POST',
    url: `/api/seller/concerts/${concertId}/ticket-types`,
    headers: { cookie: w.accounts.seller.cookie, ...json },
    payload: ticketTypeBody(),
  });
  if (created.statusCode !== 201) throw new Error(`ticket type create failed: ${created.body}`);
  return { concertId, typeId: (created.json().data as { id: number }).id };
}

/** A browser push subscription body (a public https push service; nothing is sent in tests). */
function pushSubscriptionBody() {
  const endpoint = `https://push.example.com/send/${randomBytes(12).toString('hex')}`;
  const keys = createECDH('prime256v1');
  return {
    playerId: createHash('sha256').update(endpoint).digest('base64url'),
    channel: 'PUSH',
    subscription: {
      endpoint,
      keys: {
        p256dh: keys.generateKeys().toString('base64url'),
        auth: randomBytes(16).toString('base64url'),
      },
    },
  };
}

/**
 * Routes left out of the suite on purpose: generated API documentation, the SPA's pages (the
 * static files, the history fallback and `/`, public HTML proven in http/web-app tests) and
 * `/metrics`, which no session opens: it answers 404 without METRICS_TOKEN and wants that
 * bearer token otherwise (modules/metrics/metrics.routes.test.ts proves both).
 */
export function isOutsideSuite(url: string): boolean {
  return (
    url.startsWith('/api/docs') || url === '*' || url === '/*' || url === '/' || url === '/metrics'
  );
}

/** The token of the newest link to `page` mailed to `email`, read as the admin reads the outbox. */
async function mailedToken(
  w: SecurityWorld,
  email: string,
  page: '/verify-email' | '/reset-password',
): Promise<string> {
  await w.app.accountMail.idle();
  const response = await w.app.inject({
    method: 'GET',
    url: `/api/admin/mail-outbox?to=${encodeURIComponent(email)}`,
    headers: w.cookieOf('admin'),
  });
  const mails = (response.json() as { data: { mails: Array<{ text: string }> } }).data.mails;
  const text = mails.find((m) => m.text.includes(`${page}?token=`))?.text ?? '';
  const token = /token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
  if (!token) throw new Error(`no ${page} mail to ${email}`);
  return token;
}

/** A fresh address and username nobody has, so the per-target mail limits never trip. */
function unusedIdentity() {
  const tag = randomBytes(5).toString('hex');
  return { username: `nobody${tag}`, email: `nobody${tag}@example.com` };
}

export const routeRules: Record<string, RouteRule> = {
  'GET /api/health': { access: 'public', request: plain('/api/health') },
  'GET /api/health/live': { access: 'public', request: plain('/api/health/live') },

  'POST /api/auth/login': {
    access: 'public',
    // Login replaces the caller's session: send a disposable one, and log a fresh account in.
    request: async (w, actor) => {
      const fields = await registerUser(w.app);
      return {
        url: '/api/auth/login',
        headers: { ...(await w.disposableCookieOf(actor)), ...form },
        payload: new URLSearchParams({
          username: fields.username,
          password: fields.password,
        }).toString(),
      };
    },
  },
  'POST /api/auth/logout': {
    access: 'public',
    request: async (w, actor) => ({
      url: '/api/auth/logout',
      headers: await w.disposableCookieOf(actor),
    }),
  },
  'GET /api/auth/me': { access: 'public', request: plain('/api/auth/me') },
  'POST /api/users/me/sessions/logout-all': {
    access: 'user',
    // It ends every session of the caller's account: each logged-in call is made by an account
    // of its own (no role changes what the call does), so the world's actors stay logged in.
    request: async (w, actor) => ({
      url: '/api/users/me/sessions/logout-all',
      headers: actor === 'anonymous' ? {} : { cookie: (await w.newAccount()).cookie },
    }),
  },
  'POST /api/auth/register': {
    access: 'public',
    request: async (w, actor) => {
      const body = multipart(registrationFields());
      return {
        url: '/api/auth/register',
        headers: { ...headersOf(w, actor), ...body.headers },
        payload: body.payload,
      };
    },
  },
  // Verified e-mail, 아이디 찾기, 비밀번호 찾기 (issue 22). The "mail me" calls answer 200 for
  // everyone alike; links are spent by whoever holds them (the mailbox's owner), logged in or not.
  'POST /api/auth/email-verification/resend': {
    access: 'user',
    request: async (w, actor) => ({
      url: '/api/auth/email-verification/resend',
      headers: { ...headersOf(w, actor), ...json },
      payload: '{}',
    }),
  },
  'POST /api/auth/email-verification/confirm': {
    access: 'public',
    request: async (w, actor) => {
      const fields = await registerUser(w.app);
      const token = await mailedToken(w, fields.email, '/verify-email');
      return {
        url: '/api/auth/email-verification/confirm',
        headers: { ...headersOf(w, actor), ...json },
        payload: JSON.stringify({ token }),
      };
    },
  },
  'POST /api/auth/find-username': {
    access: 'public',
    request: async (w, actor) => ({
      url: '/api/auth/find-username',
      headers: { ...headersOf(w, actor), ...json },
      payload: JSON.stringify({ email: unusedIdentity().email }),
    }),
  },
  'POST /api/auth/password-reset': {
    access: 'public',
    request: async (w, actor) => ({
      url: '/api/auth/password-reset',
      headers: { ...headersOf(w, actor), ...json },
      payload: JSON.stringify(unusedIdentity()),
    }),
  },
  'POST /api/auth/password-reset/confirm': {
    access: 'public',
    request: async (w, actor) => {
      const fields = await registerUser(w.app);
      await w.app.inject({
        method: 'POST',
        url: '/api/auth/password-reset',
        headers: json,
        payload: JSON.stringify({ username: fields.username, email: fields.email }),
      });
      const token = await mailedToken(w, fields.email, '/reset-password');
      return {
        url: '/api/auth/password-reset/confirm',
        headers: { ...headersOf(w, actor), ...json },
        payload: JSON.stringify({
          token,
          newPassword: 'resetsecret12!',
          confirmPassword: 'resetsecret12!',
        }),
      };
    },
  },
  'GET /api/auth/register/social': {
    access: 'public',
    request: plain('/api/auth/register/social'),
    // What a pending social sign-up (kept in the session) left to complete: without one, 401
    // A006 for everyone alike.
    allowedStatuses: [401],
  },

  // Social login (api-contract §2.6): browser navigations, outside /api. The suite's app has no
  // provider credentials, so both answer 302 to /login with socialError=not_configured; the
  // flows themselves are proven against the fake provider in social-auth.routes.test.ts.
  'GET /api/auth/social/providers': {
    access: 'public',
    request: plain('/api/auth/social/providers'),
  },
  'GET /oauth2/authorization/{provider}': {
    access: 'public',
    request: plain('/oauth2/authorization/kakao?intent=login'),
  },
  'GET /login/oauth2/code/{provider}': {
    access: 'public',
    request: plain('/login/oauth2/code/kakao?code=abc&state=def'),
  },
  // The sandbox identity provider's test consent page (OAUTH_SANDBOX, on in test apps): the
  // browser of whoever started a login; the POST answers 302 to our callback.
  'GET /oauth2/sandbox/{provider}': {
    access: 'public',
    request: plain('/oauth2/sandbox/kakao?state=abcdef&code_challenge=ghijkl'),
  },
  'POST /oauth2/sandbox/{provider}': {
    access: 'public',
    request: async (w, actor) => ({
      url: '/oauth2/sandbox/kakao',
      headers: { ...headersOf(w, actor), ...form },
      payload: new URLSearchParams({
        state: 'abcdef',
        code_challenge: 'ghijkl',
        choice: 'tester',
      }).toString(),
    }),
  },
  // The caller's own linked accounts (no id in the request).
  'GET /api/mypage/social-accounts': {
    access: 'user',
    request: plain('/api/mypage/social-accounts'),
  },
  'DELETE /api/mypage/social-accounts/{provider}': {
    access: 'user',
    request: plain('/api/mypage/social-accounts/naver'),
    // The suite's accounts link no provider: 404 A013 for every logged-in caller (unlinking
    // itself, and the last-method rule, are proven in social-auth.routes.test.ts).
    allowedStatuses: [404],
  },

  // The profile calls always act on the caller's own account (no id in the request).
  'GET /api/mypage/profile': { access: 'user', request: plain('/api/mypage/profile') },
  'POST /api/mypage/profile': {
    access: 'user',
    request: async (w, actor) => {
      const nickname = actor === 'anonymous' ? '익명' : w.accounts[actor].nickname;
      const body = multipart({
        name: '김보안',
        nickname,
        phone: '010-2222-3333',
        address: '서울특별시 종로구 1',
      });
      return {
        url: '/api/mypage/profile',
        headers: { ...headersOf(w, actor), ...body.headers },
        payload: body.payload,
      };
    },
  },
  // The caller's own address (no id in the request).
  'GET /api/mypage/email-status': { access: 'user', request: plain('/api/mypage/email-status') },
  'POST /api/mypage/email': {
    access: 'user',
    request: async (w, actor) => ({
      url: '/api/mypage/email',
      headers: { ...headersOf(w, actor), ...json },
      payload: JSON.stringify({ email: unusedIdentity().email }),
    }),
  },
  'POST /api/mypage/changePwd': {
    access: 'owner',
    // A password change ends the owner's sessions: each call gets an owner of its own.
    request: async (w, actor) => {
      const buyer = await w.newBuyer();
      return {
        url: '/api/mypage/changePwd',
        headers: { ...headersOf(w, actor, buyer), ...form },
        payload: new URLSearchParams({
          currentPassword: buyer.password,
          newPassword: 'newsecret12!',
          userId: String(buyer.id),
        }).toString(),
      };
    },
  },
  'GET /api/mypage/booking': {
    access: 'owner',
    request: async (w, actor) => ({
      url: `/api/mypage/booking?userId=${w.accounts.user.id}`,
      headers: headersOf(w, actor),
    }),
  },
  'GET /api/mypage/bookingDetail/{bookingNumber}': {
    access: 'owner',
    request: async (w, actor) => {
      const { buyer, created } = await w.pendingBooking();
      return {
        url: `/api/mypage/bookingDetail/${created.bookingNumber}`,
        headers: headersOf(w, actor, buyer),
      };
    },
  },

  // Push and in-app notifications (api-contract §10): the caller's own subscriptions, inbox and
  // alerts only; nothing names another user (an unknown or foreign playerId changes nothing).
  'GET /api/notifications/vapid-public-key': {
    access: 'public',
    request: plain('/api/notifications/vapid-public-key'),
  },
  'GET /api/notifications/status': { access: 'user', request: plain('/api/notifications/status') },
  'POST /api/notifications/subscribe': {
    access: 'user',
    request: async (w, actor) => ({
      url: '/api/notifications/subscribe',
      headers: { ...headersOf(w, actor), ...json },
      payload: pushSubscriptionBody(),
    }),
  },
  'POST /api/notifications/unsubscribe': {
    access: 'user',
    request: async (w, actor) => ({
      url: '/api/notifications/unsubscribe',
      headers: { ...headersOf(w, actor), ...json },
      payload: { playerId: pushSubscriptionBody().playerId },
    }),
  },
  'GET /api/notifications/inbox': { access: 'user', request: plain('/api/notifications/inbox') },
  'GET /api/notifications/inbox/unread-count': {
    access: 'user',
    request: plain('/api/notifications/inbox/unread-count'),
  },
  'POST /api/notifications/inbox/read': {
    access: 'user',
    request: async (w, actor) => ({
      url: '/api/notifications/inbox/read',
      headers: { ...headersOf(w, actor), ...json },
      payload: { ids: [1, 2] },
    }),
  },
  'GET /api/notifications/concert-alerts/{concertId}': {
    access: 'user',
    request: plain((w) => `/api/notifications/concert-alerts/${w.concertId}`),
  },
  'PUT /api/notifications/concert-alerts/{concertId}/{kind}': {
    access: 'user',
    request: async (w, actor) => ({
      url: `/api/notifications/concert-alerts/${await scheduledConcert(w)}/booking-open`,
      headers: headersOf(w, actor),
    }),
  },
  'DELETE /api/notifications/concert-alerts/{concertId}/{kind}': {
    access: 'user',
    request: async (w, actor) => ({
      url: `/api/notifications/concert-alerts/${w.concertId}/seats-released`,
      headers: headersOf(w, actor),
    }),
  },

  // 환불 계좌 (issue 28): always the caller's own (no id in the request), answered masked.
  'GET /api/users/me/refund-account': {
    access: 'user',
    request: plain('/api/users/me/refund-account'),
  },
  'PUT /api/users/me/refund-account': {
    access: 'user',
    request: async (w, actor) => ({
      url: '/api/users/me/refund-account',
      headers: { ...headersOf(w, actor), ...json },
      payload: JSON.stringify({ bank: '88', accountNumber: '110-123-455678', holder: '김보안' }),
    }),
  },
  'DELETE /api/users/me/refund-account': {
    access: 'user',
    request: plain('/api/users/me/refund-account'),
  },

  // Seller permission (api-contract §11.1): the caller's own, never another user's; admins 403.
  'GET /api/users/me/seller-status': {
    access: 'nonAdmin',
    request: plain('/api/users/me/seller-status'),
  },
  'GET /api/users/me/applicant-info': {
    access: 'nonAdmin',
    request: plain('/api/users/me/applicant-info'),
  },
  'POST /api/users/me/seller-requests': {
    access: 'nonAdmin',
    // Users apply as fresh accounts (an application changes what the next call may do); the
    // world's sellers send their own cookie and are told they are sellers already (400 A005).
    request: async (w, actor) => {
      const cookie =
        actor === 'user' || actor === 'anotherUser'
          ? { cookie: (await w.newAccount()).cookie }
          : headersOf(w, actor);
      const body = applicationMultipart(applicationBody());
      return {
        url: '/api/users/me/seller-requests',
        headers: { ...cookie, ...body.headers },
        payload: body.payload,
      };
    },
    allowedStatuses: [201, 400],
  },
  // The owner is an applicant made for the call; any other account has no document: 404.
  'GET /api/users/me/seller-requests/document': {
    access: 'owner',
    request: async (w, actor) => ({
      url: '/api/users/me/seller-requests/document',
      headers: headersOf(w, actor, actor === 'user' ? await newApplicant(w) : undefined),
    }),
  },
  'DELETE /api/users/me/role': {
    access: 'nonAdmin',
    // A seller made for the call withdraws (200); the world's seller has an on-sale concert
    // (409 S006) and the other user is no seller (400 S009): both got past the guard.
    request: async (w, actor) => ({
      url: '/api/users/me/role',
      headers:
        actor === 'user' || actor === 'anotherSeller'
          ? { cookie: (await newApprovedSeller(w)).cookie }
          : headersOf(w, actor),
    }),
    allowedStatuses: [200, 400, 409],
  },

  // The admin area (api-contract §12).
  'GET /api/admin/seller-requests': {
    access: 'admin',
    request: plain('/api/admin/seller-requests'),
  },
  'GET /api/admin/seller-requests/{applicationId}': {
    access: 'admin',
    request: async (w, actor) => ({
      url: `/api/admin/seller-requests/${(await newApplicant(w)).applicationId}`,
      headers: headersOf(w, actor),
    }),
  },
  'GET /api/admin/seller-requests/{applicationId}/document': {
    access: 'admin',
    request: async (w, actor) => ({
      url: `/api/admin/seller-requests/${(await newApplicant(w)).applicationId}/document`,
      headers: headersOf(w, actor),
    }),
  },
  'PATCH /api/admin/seller-requests/{userId}/process': {
    access: 'admin',
    request: async (w, actor) => ({
      url: `/api/admin/seller-requests/${(await newApplicant(w)).id}/process`,
      headers: { ...headersOf(w, actor), ...json },
      payload: { approve: false, reason: '서류 확인 불가' },
    }),
  },
  'DELETE /api/admin/sellers/{userId}/role': {
    access: 'admin',
    request: async (w, actor) => ({
      url: `/api/admin/sellers/${(await newApprovedSeller(w)).id}/role`,
      headers: { ...headersOf(w, actor), ...json },
      payload: { reason: '보안 점검' },
    }),
  },
  'GET /api/admin/sellers': { access: 'admin', request: plain('/api/admin/sellers') },
  'GET /api/admin/sellers/{userId}/approval-history': {
    access: 'admin',
    request: plain((w) => `/api/admin/sellers/${w.accounts.user.id}/approval-history`),
  },
  'GET /api/admin/approvals/history': {
    access: 'admin',
    request: plain('/api/admin/approvals/history?page=0&size=5&keyword=seller&sort=createdAt,desc'),
  },

  // The live on-sale page (issue 18).
  'GET /api/admin/mail-outbox': {
    access: 'admin',
    request: plain('/api/admin/mail-outbox?to=example.com'),
  },
  'GET /api/admin/on-sale/concerts': {
    access: 'admin',
    request: plain('/api/admin/on-sale/concerts?keyword=%ED%85%8C%EC%8A%A4%ED%8A%B8'),
  },
  'GET /api/admin/on-sale/concerts/{concertId}': {
    access: 'admin',
    request: plain((w) => `/api/admin/on-sale/concerts/${w.concertId}`),
  },
  'GET /api/admin/statistics': { access: 'admin', request: plain('/api/admin/statistics') },
  // Issue 27: the platform's booking fee; the sweep writes back the default it reads.
  'GET /api/admin/settings/payments': {
    access: 'admin',
    request: plain('/api/admin/settings/payments'),
  },
  'PUT /api/admin/settings/payments': {
    access: 'admin',
    request: async (w, actor) => ({
      url: '/api/admin/settings/payments',
      headers: { ...headersOf(w, actor), ...json },
      payload: { bookingFeePerSeat: 2_000 },
    }),
  },
  'GET /api/seller/dashboard': { access: 'seller', request: plain('/api/seller/dashboard') },

  'GET /api/concerts': { access: 'public', request: plain('/api/concerts') },
  'GET /api/concerts/search': {
    access: 'public',
    request: plain('/api/concerts/search?query=%ED%85%8C%EC%8A%A4%ED%8A%B8'),
  },
  'GET /api/concerts/filter': { access: 'public', request: plain('/api/concerts/filter') },
  'GET /api/concerts/{concertId}': {
    access: 'public',
    request: plain((w) => `/api/concerts/${w.concertId}`),
  },
  // Seller concerts (api-contract §11.2): each actor sends its own id as sellerId, so a refusal
  // is about the role or the concert, never a mismatching parameter.
  'GET /api/seller/concerts': {
    access: 'seller',
    request: async (w, actor) => ({
      url: `/api/seller/concerts?page=0&size=10&sortBy=createdAt&sortDir=desc&${sellerIdQuery(w, actor)}`,
      headers: headersOf(w, actor),
    }),
  },
  'GET /api/seller/concerts/status': {
    access: 'seller',
    request: async (w, actor) => ({
      url: `/api/seller/concerts/status?status=ON_SALE&${sellerIdQuery(w, actor)}`,
      headers: headersOf(w, actor),
    }),
  },
  'GET /api/seller/concerts/count': {
    access: 'seller',
    request: async (w, actor) => ({
      url: `/api/seller/concerts/count?${sellerIdQuery(w, actor)}`,
      headers: headersOf(w, actor),
    }),
  },
  'POST /api/seller/concerts': {
    access: 'seller',
    request: async (w, actor) => ({
      url: `/api/seller/concerts?${sellerIdQuery(w, actor)}`,
      headers: { ...headersOf(w, actor), ...json },
      payload: concertForm('보안 등록 공연'),
    }),
  },
  'PUT /api/seller/concerts/{concertId}': {
    access: 'concertSeller',
    request: async (w, actor) => ({
      url: `/api/seller/concerts/${await newSellerConcert(w)}?${sellerIdQuery(w, actor)}`,
      headers: { ...headersOf(w, actor), ...json },
      payload: { title: '수정된 보안 공연', description: '설명', status: 'ON_SALE' },
    }),
  },
  'DELETE /api/seller/concerts/{concertId}': {
    access: 'concertSeller',
    request: async (w, actor) => ({
      url: `/api/seller/concerts/${await newSellerConcert(w)}?${sellerIdQuery(w, actor)}`,
      headers: headersOf(w, actor),
    }),
  },
  // A fresh reviewed concert per call: the 30 s cooldown must not turn an allowed call into 429.
  // The route reads no body (the client's `{}` is ignored), so none is sent; a form body is
  // still refused by the content-type check like on every JSON route.
  'POST /api/seller/concerts/{concertId}/ai-summary/regenerate': {
    access: 'concertSeller',
    request: async (w, actor) => ({
      url: `/api/seller/concerts/${await reviewedSellerConcert(w)}/ai-summary/regenerate?${sellerIdQuery(w, actor)}`,
      headers: headersOf(w, actor),
    }),
  },
  // Issue 25: a seller's venues are that seller's alone (another seller 403, like a concert).
  'GET /api/seller/venues': { access: 'seller', request: plain('/api/seller/venues') },
  'POST /api/seller/venues': {
    access: 'seller',
    request: async (w, actor) => ({
      url: '/api/seller/venues',
      headers: { ...headersOf(w, actor), ...json },
      payload: { name: '보안 새 공연장', address: '서울', layout: securityLayout() },
    }),
  },
  'GET /api/seller/venues/{venueId}': {
    access: 'concertSeller',
    request: async (w, actor) => ({
      url: `/api/seller/venues/${await sellerVenue(w)}`,
      headers: headersOf(w, actor),
    }),
  },
  'PUT /api/seller/venues/{venueId}': {
    access: 'concertSeller',
    request: async (w, actor) => ({
      url: `/api/seller/venues/${await sellerVenue(w)}`,
      headers: { ...headersOf(w, actor), ...json },
      payload: { name: '보안 공연장', address: null, layout: securityLayout('고친 배치') },
    }),
  },
  'DELETE /api/seller/venues/{venueId}': {
    access: 'concertSeller',
    request: async (w, actor) => ({
      url: `/api/seller/venues/${await newSellerVenue(w)}`,
      headers: headersOf(w, actor),
    }),
  },
  'GET /api/seller/venues/{venueId}/layout': {
    access: 'concertSeller',
    request: async (w, actor) => ({
      url: `/api/seller/venues/${await sellerVenue(w)}/layout?format=csv`,
      headers: headersOf(w, actor),
    }),
  },
  'GET /api/concerts/{concertId}/layout': {
    access: 'public',
    request: async (w, actor) => ({
      url: `/api/concerts/${await drawnConcert(w)}/layout`,
      headers: headersOf(w, actor),
    }),
  },
  'GET /api/concerts/{concertId}/grades': {
    access: 'public',
    request: async (w, actor) => ({
      url: `/api/concerts/${await drawnConcert(w)}/grades`,
      headers: headersOf(w, actor),
    }),
  },
  'GET /api/seller/concerts/{concertId}/seats': {
    access: 'concertSeller',
    request: async (w, actor) => ({
      url: `/api/seller/concerts/${await drawnConcert(w)}/seats`,
      headers: headersOf(w, actor),
    }),
  },
  'POST /api/seller/concerts/{concertId}/seats/release': {
    access: 'concertSeller',
    request: async (w, actor) => ({
      url: `/api/seller/concerts/${await drawnConcert(w)}/seats/release`,
      headers: { ...headersOf(w, actor), ...json },
      payload: { all: true },
    }),
  },
  'POST /api/seller/concerts/{concertId}/seats/kill': {
    access: 'concertSeller',
    request: async (w, actor) => ({
      url: `/api/seller/concerts/${await drawnConcert(w)}/seats/kill`,
      headers: { ...headersOf(w, actor), ...json },
      payload: { seatIds: [await killableSeat(w)] },
    }),
  },
  'PUT /api/seller/concerts/{concertId}/grades': {
    access: 'concertSeller',
    request: async (w, actor) => ({
      url: `/api/seller/concerts/${await drawnConcert(w)}/grades`,
      headers: { ...headersOf(w, actor), ...json },
      payload: { prices: [{ code: 'R', price: 88_000 }] },
    }),
  },
  // 권종 (issue 27): the concert's seller manages them; everyone may read those on offer.
  'GET /api/seller/concerts/{concertId}/ticket-types': {
    access: 'concertSeller',
    request: plain((w) => `/api/seller/concerts/${w.concertId}/ticket-types`),
  },
  'POST /api/seller/concerts/{concertId}/ticket-types': {
    access: 'concertSeller',
    request: async (w, actor) => ({
      url: `/api/seller/concerts/${await newSellerConcert(w)}/ticket-types`,
      headers: { ...headersOf(w, actor), ...json },
      payload: ticketTypeBody(),
    }),
  },
  'PUT /api/seller/concerts/{concertId}/ticket-types/{typeId}': {
    access: 'concertSeller',
    request: async (w, actor) => {
      const { concertId, typeId } = await newTicketType(w);
      return {
        url: `/api/seller/concerts/${concertId}/ticket-types/${typeId}`,
        headers: { ...headersOf(w, actor), ...json },
        payload: { ...ticketTypeBody(), discountValue: 40 },
      };
    },
  },
  'DELETE /api/seller/concerts/{concertId}/ticket-types/{typeId}': {
    access: 'concertSeller',
    request: async (w, actor) => {
      const { concertId, typeId } = await newTicketType(w);
      return {
        url: `/api/seller/concerts/${concertId}/ticket-types/${typeId}`,
        headers: headersOf(w, actor),
      };
    },
  },
  // 결제 설정 (issue 28: 가상계좌, 입금 기한, 문화비 소득공제): the concert's seller only. The PUT
  // writes the defaults back, so the world's concert keeps taking 가상계좌 bookings.
  'GET /api/seller/concerts/{concertId}/payment-settings': {
    access: 'concertSeller',
    request: plain((w) => `/api/seller/concerts/${w.concertId}/payment-settings`),
  },
  'PUT /api/seller/concerts/{concertId}/payment-settings': {
    access: 'concertSeller',
    request: async (w, actor) => ({
      url: `/api/seller/concerts/${w.concertId}/payment-settings`,
      headers: { ...headersOf(w, actor), ...json },
      payload: { virtualAccountEnabled: true, depositDueDays: 1, cultureExpense: false },
    }),
  },
  'GET /api/concerts/{concertId}/ticket-types': {
    access: 'public',
    request: plain((w) => `/api/concerts/${w.concertId}/ticket-types`),
  },
  // Promo codes (issue 27): the concert's seller manages them; every account may check one.
  'GET /api/seller/concerts/{concertId}/promo-codes': {
    access: 'concertSeller',
    request: plain((w) => `/api/seller/concerts/${w.concertId}/promo-codes`),
  },
  'POST /api/seller/concerts/{concertId}/promo-codes': {
    access: 'concertSeller',
    request: async (w, actor) => ({
      url: `/api/seller/concerts/${w.concertId}/promo-codes`,
      headers: { ...headersOf(w, actor), ...json },
      payload: promoCodeBody(),
    }),
  },
  'PUT /api/seller/concerts/{concertId}/promo-codes/{codeId}': {
    access: 'concertSeller',
    request: async (w, actor) => ({
      url: `/api/seller/concerts/${w.concertId}/promo-codes/${await newPromoCode(w)}`,
      headers: { ...headersOf(w, actor), ...json },
      payload: promoCodeBody(),
    }),
  },
  'DELETE /api/seller/concerts/{concertId}/promo-codes/{codeId}': {
    access: 'concertSeller',
    request: async (w, actor) => ({
      url: `/api/seller/concerts/${w.concertId}/promo-codes/${await newPromoCode(w)}`,
      headers: headersOf(w, actor),
    }),
  },
  'POST /api/concerts/{concertId}/promo-codes/check': {
    access: 'user',
    request: async (w, actor) => ({
      url: `/api/concerts/${w.concertId}/promo-codes/check`,
      headers: { ...headersOf(w, actor), ...json },
      payload: { code: await checkableCode(w) },
    }),
  },
  'POST /api/seats/concerts/{concertId}/standing/{section}/reserve': {
    access: 'owner',
    request: async (w, actor) => {
      const buyer = await drawnConcertBuyer(w);
      return {
        url: `/api/seats/concerts/${await drawnConcert(w)}/standing/P/reserve`,
        headers: { ...headersOf(w, actor, buyer), 'x-access-key': buyer.key },
      };
    },
  },
  'POST /api/upload/poster': {
    access: 'seller',
    request: async (w, actor) => {
      const body = await posterUploadBody();
      return {
        url: '/api/upload/poster',
        headers: { ...headersOf(w, actor), ...body.headers },
        payload: body.payload,
      };
    },
  },
  // A fresh concert and upload per call: an allowed call deletes the file.
  'DELETE /api/upload/poster/specific': {
    access: 'concertSeller',
    request: async (w, actor) => {
      const fileUrl = encodeURIComponent(await newSellerPoster(w));
      const concertId = await newSellerConcert(w);
      return {
        url: `/api/upload/poster/specific?fileUrl=${fileUrl}&concertId=${concertId}&${sellerIdQuery(w, actor)}`,
        headers: headersOf(w, actor),
      };
    },
  },
  // Only the uploader (the world's seller) may delete an unsaved upload.
  'DELETE /api/upload/temp': {
    access: 'concertSeller',
    request: async (w, actor) => ({
      url: `/api/upload/temp?fileUrl=${encodeURIComponent(await newSellerPoster(w))}&${sellerIdQuery(w, actor)}`,
      headers: headersOf(w, actor),
    }),
  },
  'PATCH /api/upload/poster/{concertId}/restore': {
    access: 'concertSeller',
    request: async (w, actor) => ({
      url: `/api/upload/poster/${await newSellerConcert(w)}/restore?${sellerIdQuery(w, actor)}`,
      headers: { ...headersOf(w, actor), ...json },
      payload: { originalUrl: 'https://cdn.example.com/original-poster.webp' },
    }),
  },
  'PATCH /api/seller/concerts/{concertId}/poster': {
    access: 'concertSeller',
    request: async (w, actor) => ({
      url: `/api/seller/concerts/${await newSellerConcert(w)}/poster?${sellerIdQuery(w, actor)}`,
      headers: { ...headersOf(w, actor), ...json },
      payload: { posterImageUrl: 'https://cdn.example.com/poster.png' },
    }),
  },
  // Issue 26: a seller's shows are that seller's alone (another seller 403, like a concert).
  'GET /api/seller/shows': {
    access: 'seller',
    request: async (w, actor) => ({
      url: `/api/seller/shows?page=0&size=10&${sellerIdQuery(w, actor)}`,
      headers: headersOf(w, actor),
    }),
  },
  'POST /api/seller/shows': {
    access: 'seller',
    request: async (w, actor) => ({
      url: `/api/seller/shows?${sellerIdQuery(w, actor)}`,
      headers: { ...headersOf(w, actor), ...json },
      payload: showForm('보안 등록 회차 공연'),
    }),
  },
  'GET /api/seller/shows/{showId}': {
    access: 'concertSeller',
    request: async (w, actor) => ({
      url: `/api/seller/shows/${await sellerShow(w)}?${sellerIdQuery(w, actor)}`,
      headers: headersOf(w, actor),
    }),
  },
  'PUT /api/seller/shows/{showId}': {
    access: 'concertSeller',
    request: async (w, actor) => ({
      url: `/api/seller/shows/${await newSellerShow(w)}?${sellerIdQuery(w, actor)}`,
      headers: { ...headersOf(w, actor), ...json },
      payload: { title: '수정된 보안 회차 공연', maxTicketsPerShow: 8 },
    }),
  },
  'POST /api/seller/shows/{showId}/performances': {
    access: 'concertSeller',
    request: async (w, actor) => ({
      url: `/api/seller/shows/${await newSellerShow(w)}/performances?${sellerIdQuery(w, actor)}`,
      headers: { ...headersOf(w, actor), ...json },
      payload: {
        concertDate: seoulDay(32),
        startTime: '19:00',
        endTime: '21:00',
        bookingStartDate: `${seoulDay(-1)}T10:00`,
        bookingEndDate: `${seoulDay(31)}T23:00`,
      },
    }),
  },
  'POST /api/seller/shows/{showId}/cancel': {
    access: 'concertSeller',
    request: async (w, actor) => ({
      url: `/api/seller/shows/${await newSellerShow(w)}/cancel?${sellerIdQuery(w, actor)}`,
      headers: headersOf(w, actor),
    }),
  },

  'GET /api/concerts/{concertId}/ai-summary': {
    access: 'public',
    request: plain((w) => `/api/concerts/${w.concertId}/ai-summary`),
  },
  'GET /api/concerts/{concertId}/seat-map': {
    access: 'public',
    request: plain((w) => `/api/concerts/${w.concertId}/seat-map`),
  },
  'GET /api/concerts/{concertId}/performances': {
    access: 'public',
    request: plain((w) => `/api/concerts/${w.concertId}/performances`),
  },
  'GET /api/concerts/reviews/{concertId}': {
    access: 'public',
    request: plain((w) => `/api/concerts/reviews/${w.concertId}`),
  },
  'GET /api/concerts/{concertId}/reviews/{reviewId}': {
    access: 'public',
    request: async (w, actor) => ({
      url: `/api/concerts/${w.concertId}/reviews/${await w.newPost('reviews', w.accounts.user)}`,
      headers: headersOf(w, actor),
    }),
  },
  'POST /api/concerts/{concertId}/reviews': {
    access: 'user',
    request: async (w, actor) => ({
      url: `/api/concerts/${w.concertId}/reviews`,
      headers: { ...headersOf(w, actor), ...json },
      payload: {
        title: '좋아요',
        description: '최고의 공연',
        rating: 5,
        ...authorOfActor(w, actor),
      },
    }),
  },
  'PUT /api/concerts/{concertId}/reviews/{reviewId}': {
    access: 'owner',
    request: async (w, actor) => ({
      url: `/api/concerts/${w.concertId}/reviews/${await w.newPost('reviews', w.accounts.user)}`,
      headers: { ...headersOf(w, actor), ...json },
      payload: {
        title: '바뀐 제목',
        description: '바뀐 내용',
        rating: 1,
        ...authorOfActor(w, actor),
      },
    }),
  },
  'DELETE /api/concerts/{concertId}/reviews/{reviewId}': {
    access: 'ownerOrAdmin',
    request: async (w, actor) => ({
      url: `/api/concerts/${w.concertId}/reviews/${await w.newPost('reviews', w.accounts.user)}`,
      headers: headersOf(w, actor),
    }),
  },
  'GET /api/concerts/{concertId}/expectations': {
    access: 'public',
    request: plain((w) => `/api/concerts/${w.concertId}/expectations`),
  },
  'POST /api/concerts/{concertId}/expectations': {
    access: 'user',
    request: async (w, actor) => ({
      url: `/api/concerts/${w.concertId}/expectations`,
      headers: { ...headersOf(w, actor), ...json },
      payload: { comment: '기대돼요', expectationRating: 4, ...authorOfActor(w, actor) },
    }),
  },
  'PUT /api/concerts/{concertId}/expectations/{expectationId}': {
    access: 'owner',
    request: async (w, actor) => ({
      url: `/api/concerts/${w.concertId}/expectations/${await w.newPost('expectations', w.accounts.user)}`,
      headers: { ...headersOf(w, actor), ...json },
      payload: { comment: '바뀐 기대평', expectationRating: 1, ...authorOfActor(w, actor) },
    }),
  },
  'DELETE /api/concerts/{concertId}/expectations/{expectationId}': {
    access: 'ownerOrAdmin',
    request: async (w, actor) => ({
      url: `/api/concerts/${w.concertId}/expectations/${await w.newPost('expectations', w.accounts.user)}`,
      headers: headersOf(w, actor),
    }),
  },

  'POST /api/queue/enter': {
    access: 'user',
    request: plain((w) => `/api/queue/enter?concertId=${w.concertId}`),
  },
  'GET /api/queue/status': {
    access: 'user',
    request: plain((w) => `/api/queue/status?concertId=${w.concertId}`),
  },
  // Issue 26: the world's concert is on sale, so a caller past the guard hears 409 S006 (only
  // a fan of a sold-out performance may switch); the moves themselves are proven in
  // queue.switch.routes.test.ts.
  'POST /api/queue/switch': {
    access: 'user',
    request: async (w, actor) => ({
      url: `/api/queue/switch?concertId=${w.concertId}`,
      headers: { ...headersOf(w, actor), ...json },
      payload: { toConcertId: w.concertId + 1 },
    }),
    allowedStatuses: [409],
  },
  // Extending or returning a slot acts on the caller's own key of the concert.
  'PATCH /api/access-keys/extend': {
    access: 'user',
    request: async (w, actor) => {
      if (actor !== 'anonymous') await w.admit(actor);
      return {
        url: `/api/access-keys/extend?concertId=${w.concertId}`,
        headers: headersOf(w, actor),
      };
    },
  },
  'DELETE /api/access-keys': {
    access: 'user',
    request: async (w, actor) => {
      if (actor !== 'anonymous') await w.admit(actor);
      return { url: `/api/access-keys?concertId=${w.concertId}`, headers: headersOf(w, actor) };
    },
  },

  // An access key belongs to the buyer it was issued to: nobody else's session may use it.
  'GET /api/seats/concerts/{concertId}/status': {
    access: 'owner',
    request: async (w, actor) => {
      const buyer = await w.newBuyer();
      return {
        url: `/api/seats/concerts/${w.concertId}/status`,
        headers: { ...headersOf(w, actor, buyer), 'x-access-key': buyer.key },
      };
    },
  },
  'GET /api/seats/concerts/{concertId}/summary': {
    access: 'owner',
    request: async (w, actor) => {
      const buyer = await w.newBuyer();
      return {
        url: `/api/seats/concerts/${w.concertId}/summary`,
        headers: { ...headersOf(w, actor, buyer), 'x-access-key': buyer.key },
      };
    },
  },
  'GET /api/seats/concerts/{concertId}/polling': {
    access: 'owner',
    // A poll from before every change of the concert is answered at once.
    request: async (w, actor) => {
      const buyer = await w.newBuyer();
      await w.holdSeat(buyer);
      return {
        url: `/api/seats/concerts/${w.concertId}/polling?lastUpdateTime=2000-01-01T00:00:00Z&timeout=5000`,
        headers: { ...headersOf(w, actor, buyer), 'x-access-key': buyer.key },
      };
    },
  },
  'POST /api/seats/concerts/{concertId}/seats/{seatId}/reserve': {
    access: 'owner',
    request: async (w, actor) => {
      const buyer = await w.newBuyer();
      return {
        url: `/api/seats/concerts/${w.concertId}/seats/${await w.freeSeatId()}/reserve`,
        headers: { ...headersOf(w, actor, buyer), 'x-access-key': buyer.key },
      };
    },
  },
  'DELETE /api/seats/concerts/{concertId}/seats/{seatId}/release': {
    access: 'owner',
    request: async (w, actor) => {
      const buyer = await w.newBuyer();
      const seatId = await w.holdSeat(buyer);
      return {
        url: `/api/seats/concerts/${w.concertId}/seats/${seatId}/release`,
        headers: { ...headersOf(w, actor, buyer), 'x-access-key': buyer.key },
      };
    },
  },

  'POST /api/bookings': {
    access: 'user',
    // Every account may buy: each actor books a seat it holds itself.
    request: async (w, actor) => {
      // The owner is a fresh buyer per call (a buyer holds at most 2 seats); the other accounts
      // book as themselves.
      const buyer =
        actor === 'anonymous' || actor === 'user' ? await w.newBuyer() : await w.admit(actor);
      const seatId = await w.holdSeat(buyer);
      return {
        url: '/api/bookings',
        headers: { ...headersOf(w, actor, buyer), ...json },
        payload: { concertId: w.concertId, concertSeatIds: [seatId] },
      };
    },
  },
  'GET /api/bookings/{bookingNumber}': {
    access: 'owner',
    request: async (w, actor) => {
      const { buyer, created } = await w.pendingBooking();
      return { url: `/api/bookings/${created.bookingNumber}`, headers: headersOf(w, actor, buyer) };
    },
  },
  'POST /api/bookings/{bookingId}/cancel': {
    access: 'owner',
    request: async (w, actor) => {
      const { buyer, bookingId } = await w.paidBooking();
      return {
        url: `/api/bookings/${bookingId}/cancel`,
        headers: { ...headersOf(w, actor, buyer), ...json },
      };
    },
  },
  // Issue 27: what a cancel would give back now, for the booking's owner only.
  'GET /api/bookings/{bookingNumber}/refund-quote': {
    access: 'owner',
    request: async (w, actor) => {
      const { buyer, created } = await w.paidBooking();
      return {
        url: `/api/bookings/${created.bookingNumber}/refund-quote`,
        headers: headersOf(w, actor, buyer),
      };
    },
  },
  'GET /api/bookings/{bookingNumber}/tickets': {
    access: 'owner',
    request: async (w, actor) => {
      const { buyer, created } = await w.paidBooking();
      return {
        url: `/api/bookings/${created.bookingNumber}/tickets`,
        headers: headersOf(w, actor, buyer),
      };
    },
  },
  'GET /api/bookings/{bookingNumber}/tickets.pdf': {
    access: 'owner',
    request: async (w, actor) => {
      const { buyer, created } = await w.paidBooking();
      return {
        url: `/api/bookings/${created.bookingNumber}/tickets.pdf`,
        headers: headersOf(w, actor, buyer),
      };
    },
  },
  'GET /api/bookings/{bookingNumber}/receipt.pdf': {
    access: 'owner',
    request: async (w, actor) => {
      const { buyer, created } = await w.paidBooking();
      return {
        url: `/api/bookings/${created.bookingNumber}/receipt.pdf`,
        headers: headersOf(w, actor, buyer),
      };
    },
  },
  'GET /api/tickets/verify': {
    access: 'verifier',
    request: async (w, actor) => {
      const { buyer, created } = await w.paidBooking();
      const tickets = await w.app.inject({
        method: 'GET',
        url: `/api/bookings/${created.bookingNumber}/tickets`,
        headers: { cookie: buyer.cookie },
      });
      const token = (tickets.json().data as { tickets: Array<{ token: string }> }).tickets[0]
        ?.token;
      return {
        url: `/api/tickets/verify?token=${encodeURIComponent(token ?? '')}`,
        headers: headersOf(w, actor),
      };
    },
  },

  // The provider sends the buyer's browser back here; whoever arrives gets a result page.
  'GET /api/v1/payments/success': { access: 'public', request: plain('/api/v1/payments/success') },
  'GET /api/v1/payments/fail': { access: 'public', request: plain('/api/v1/payments/fail') },
  // The sandbox card window (hidden from the API document): the buyer's browser, whoever it is.
  'GET /api/v1/sandbox-payments/checkout': {
    access: 'public',
    request: async (w, actor) => {
      const { created } = await w.pendingBooking();
      const checkout = new URL(created.checkoutUrl ?? '');
      return { url: `${checkout.pathname}${checkout.search}`, headers: headersOf(w, actor) };
    },
  },
  'POST /api/v1/sandbox-payments/checkout': {
    access: 'public',
    request: async (w, actor) => {
      const { created } = await w.pendingBooking();
      return {
        url: new URL(created.checkoutUrl ?? '').pathname,
        headers: { ...headersOf(w, actor), ...form },
        payload: new URLSearchParams({
          orderId: created.orderId,
          orderName: created.orderName,
          amount: String(created.amount),
          customerName: created.customerName,
          cardNumber: '4000000000000002',
          expiry: '12/39',
          installment: '0',
        }).toString(),
      };
    },
  },
  'GET /api/v1/sandbox-payments/checkout.js': {
    access: 'public',
    request: plain('/api/v1/sandbox-payments/checkout.js'),
  },
  'GET /api/v1/sandbox-payments/checkout.css': {
    access: 'public',
    request: plain('/api/v1/sandbox-payments/checkout.css'),
  },
  // Toss's server-to-server notices (issue 28): nobody signs in; nothing in the body is
  // trusted (the payment is fetched from the provider), so anyone may send one and an order
  // the provider does not back changes nothing.
  'POST /api/v1/webhooks/toss/payment-updates': {
    access: 'public',
    request: async (w, actor) => ({
      method: 'POST',
      url: '/api/v1/webhooks/toss/payment-updates',
      headers: { ...headersOf(w, actor), ...json },
      payload: { orderId: 'no-such-order-0001', status: 'DONE', secret: 'x' },
    }),
  },
  // The sandbox's test bank page (issue 28, hidden from the API document): anyone's browser.
  // The transfer is into a 가상계좌 a fresh booking was issued, for its exact amount.
  'GET /api/v1/sandbox-payments/bank': {
    access: 'public',
    request: plain('/api/v1/sandbox-payments/bank'),
  },
  'POST /api/v1/sandbox-payments/bank': {
    access: 'public',
    request: async (w, actor) => {
      const buyer = await w.newBuyer();
      const seatId = await w.holdSeat(buyer);
      const booked = await w.app.inject({
        method: 'POST',
        url: '/api/bookings',
        headers: { cookie: buyer.cookie, ...json },
        payload: {
          concertId: w.concertId,
          concertSeatIds: [seatId],
          payment: { method: 'VIRTUAL_ACCOUNT', bank: '20' },
        },
      });
      const account = (booked.json().data as BookingCreated | undefined)?.virtualAccount;
      if (!account) throw new Error(`no 가상계좌 issued: ${booked.body.slice(0, 300)}`);
      return {
        url: '/api/v1/sandbox-payments/bank',
        headers: { ...headersOf(w, actor), ...form },
        payload: new URLSearchParams({
          accountNumber: account.accountNumber,
          amount: String(account.amount),
        }).toString(),
      };
    },
  },
  // Uploaded public files (profile pictures, posters): no session is asked for. An unknown name
  // answers the 404 envelope; serving real files is proven in the web-app tests.
  'GET /uploads/*': {
    access: 'public',
    request: plain('/uploads/profiles/none.webp'),
    allowedStatuses: [404],
  },
  // The waiting-room socket. A plain request passes the same guards as an upgrade (401 for
  // nobody) and then gets 400: sockets themselves are proven in waitqueue.routes.test.ts.
  'GET /ws/waitqueue': {
    access: 'user',
    request: plain((w) => `/ws/waitqueue?concertId=${w.concertId}`),
    allowedStatuses: [400],
  },
};
