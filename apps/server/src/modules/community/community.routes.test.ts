import { reviewMessages } from '@curtaincall/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';
import { createConcert, createLoggedInUser } from '../../../test/helpers/factories';

let ctx: TestContext;
let concertId: number;
let author: Awaited<ReturnType<typeof createLoggedInUser>>;
let other: Awaited<ReturnType<typeof createLoggedInUser>>;
let admin: Awaited<ReturnType<typeof createLoggedInUser>>;

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.database.db;
  const seller = await createLoggedInUser(ctx.app, db, 'ROLE_SELLER');
  concertId = (await createConcert(db, { sellerId: seller.id })).id;
  author = await createLoggedInUser(ctx.app, db);
  other = await createLoggedInUser(ctx.app, db);
  admin = await createLoggedInUser(ctx.app, db, 'ROLE_ADMIN');
});
afterAll(async () => ctx?.close());

type Who = { cookie: string } | null;
function send(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: Who, payload?: object) {
  return ctx.app.inject({
    method,
    url,
    headers: { ...(who ? { cookie: who.cookie } : {}), 'content-type': 'application/json' },
    ...(payload ? { payload } : {}),
  });
}

const reviewBody = (user: { id: number }, overrides: object = {}) => ({
  title: '  최고의 공연  ',
  description: '라이브가 정말 좋았어요.',
  rating: 5,
  userNickname: '아무 닉네임',
  userId: user.id,
  concertId,
  ...overrides,
});

describe('reviews', () => {
  let reviewId: number;

  it('anonymous cannot write -> 401 A006', async () => {
    const response = await send(
      'POST',
      `/api/concerts/${concertId}/reviews`,
      null,
      reviewBody(author),
    );
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('A006');
  });

  it('creates a review: author and nickname from the session, text trimmed', async () => {
    const response = await send(
      'POST',
      `/api/concerts/${concertId}/reviews`,
      author,
      reviewBody(author),
    );
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ success: true, message: '후기가 작성되었습니다.' });
    expect(body.data).toMatchObject({
      concertId,
      userId: author.id,
      userNickname: author.nickname,
      title: '최고의 공연',
      rating: 5,
    });
    reviewId = body.data.id;
  });

  it('refuses a body userId that is not the session user -> 403 A003', async () => {
    const response = await send(
      'POST',
      `/api/concerts/${concertId}/reviews`,
      other,
      reviewBody(author),
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'A003', message: reviewMessages.notOwner });
  });

  it.each([
    [{ title: '' }, '리뷰 제목은 필수입니다.'],
    [{ title: '   ' }, '리뷰 제목은 필수입니다.'],
    [{ title: 'a'.repeat(101) }, '리뷰 제목은 100자 이하여야 합니다.'],
    [{ description: '' }, '리뷰 내용은 필수입니다.'],
    [{ description: 'a'.repeat(1001) }, '리뷰 내용은 1000자 이하여야 합니다.'],
    [{ rating: 0 }, '평점은 1 이상 5 이하여야 합니다.'],
    [{ rating: 6 }, '평점은 1 이상 5 이하여야 합니다.'],
    [{ rating: 4.5 }, '평점은 정수여야 합니다.'],
    [{ userNickname: '' }, '작성자 닉네임은 필수입니다.'],
    [{ userNickname: 'a'.repeat(51) }, '작성자 닉네임은 50자 이하여야 합니다.'],
    [{ userId: 0 }, '작성자 ID는 1 이상이어야 합니다.'],
  ])('%j -> 400 C001 with the spec message', async (change, message) => {
    const response = await send(
      'POST',
      `/api/concerts/${concertId}/reviews`,
      author,
      reviewBody(author, change),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'C001', message });
  });

  it('an unknown concert -> 404 T003', async () => {
    const response = await send('POST', '/api/concerts/99999/reviews', author, reviewBody(author));
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('T003');
  });

  it('lists newest first by default, 10 a page, and sorts by rating and title', async () => {
    for (const [i, rating] of [3, 1, 4, 2, 5, 3, 4, 2, 1, 5, 4].entries()) {
      await send('POST', `/api/concerts/${concertId}/reviews`, other, {
        ...reviewBody(other),
        title: `후기 ${String.fromCharCode(75 - i)}`,
        rating,
      });
      ctx.clock.advance(1_000);
    }
    const page0 = (await send('GET', `/api/concerts/reviews/${concertId}`, null)).json().data;
    expect(page0).toMatchObject({ size: 10, totalElements: 12, totalPages: 2, number: 0 });
    const created = page0.content.map((r: { createdAt: string }) => r.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
    const byRating = (
      await send(
        'GET',
        `/api/concerts/reviews/${concertId}?sortBy=rating&sortDir=desc&size=100`,
        null,
      )
    ).json().data.content;
    const ratings = byRating.map((r: { rating: number }) => r.rating);
    expect([...ratings].sort((a, b) => b - a)).toEqual(ratings);
    const byTitle = (
      await send(
        'GET',
        `/api/concerts/reviews/${concertId}?sortBy=title&sortDir=asc&size=100`,
        null,
      )
    ).json().data.content;
    const names = byTitle.map((r: { title: string }) => r.title);
    expect([...names].sort()).toEqual(names);
  });

  it('bad sort keys -> T010 / T011', async () => {
    expect(
      (await send('GET', `/api/concerts/reviews/${concertId}?sortBy=nickname`, null)).json().code,
    ).toBe('T010');
    expect(
      (await send('GET', `/api/concerts/reviews/${concertId}?sortDir=sideways`, null)).json().code,
    ).toBe('T011');
  });

  it('reads one review; unknown -> 404 R002', async () => {
    expect(
      (await send('GET', `/api/concerts/${concertId}/reviews/${reviewId}`, null)).json().data.id,
    ).toBe(reviewId);
    const missing = await send('GET', `/api/concerts/${concertId}/reviews/999999`, null);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'R002', message: '후기를 찾을 수 없습니다.' });
  });

  it('only the author edits, and the rating changes too', async () => {
    const notMine = await send(
      'PUT',
      `/api/concerts/${concertId}/reviews/${reviewId}`,
      other,
      reviewBody(other, { rating: 1 }),
    );
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().code).toBe('A003');
    const asAdmin = await send(
      'PUT',
      `/api/concerts/${concertId}/reviews/${reviewId}`,
      admin,
      reviewBody(admin, { rating: 1 }),
    );
    expect(asAdmin.statusCode).toBe(403);
    const mine = await send(
      'PUT',
      `/api/concerts/${concertId}/reviews/${reviewId}`,
      author,
      reviewBody(author, { title: '수정된 제목', rating: 2 }),
    );
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({
      message: '후기가 수정되었습니다.',
      data: { title: '수정된 제목', rating: 2 },
    });
  });

  it('a review of another concert is not reachable through this concert', async () => {
    const seller = await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_SELLER');
    const otherConcert = (await createConcert(ctx.database.db, { sellerId: seller.id })).id;
    const response = await send(
      'PUT',
      `/api/concerts/${otherConcert}/reviews/${reviewId}`,
      author,
      reviewBody(author),
    );
    expect(response.statusCode).toBe(404);
  });

  it('the author deletes; others cannot; an admin can', async () => {
    expect(
      (await send('DELETE', `/api/concerts/${concertId}/reviews/${reviewId}`, other)).statusCode,
    ).toBe(403);
    const deleted = await send('DELETE', `/api/concerts/${concertId}/reviews/${reviewId}`, author);
    expect(deleted.json()).toEqual({ success: true, message: '후기가 삭제되었습니다.' });
    expect(
      (await send('DELETE', `/api/concerts/${concertId}/reviews/${reviewId}`, author)).statusCode,
    ).toBe(404);
    const created = (
      await send('POST', `/api/concerts/${concertId}/reviews`, other, reviewBody(other))
    ).json().data;
    expect(
      (await send('DELETE', `/api/concerts/${concertId}/reviews/${created.id}`, admin)).statusCode,
    ).toBe(200);
  });
});

describe('expectations', () => {
  const body = (user: { id: number }, overrides: object = {}) => ({
    comment: '벌써 설레요!',
    expectationRating: 5,
    userNickname: 'x',
    userId: user.id,
    concertId,
    ...overrides,
  });

  it('creates, lists newest first, edits (owner only) and deletes', async () => {
    const first = await send(
      'POST',
      `/api/concerts/${concertId}/expectations`,
      author,
      body(author),
    );
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      message: '기대평이 작성되었습니다.',
      data: { userNickname: author.nickname },
    });
    ctx.clock.advance(1_000);
    const second = (
      await send(
        'POST',
        `/api/concerts/${concertId}/expectations`,
        other,
        body(other, { comment: '두 번째' }),
      )
    ).json().data;
    const list = (await send('GET', `/api/concerts/${concertId}/expectations`, null)).json().data;
    expect(list.content.map((e: { id: number }) => e.id)).toEqual([
      second.id,
      first.json().data.id,
    ]);
    expect(list.size).toBe(10);

    const id = first.json().data.id;
    expect(
      (await send('PUT', `/api/concerts/${concertId}/expectations/${id}`, other, body(other)))
        .statusCode,
    ).toBe(403);
    const edited = await send(
      'PUT',
      `/api/concerts/${concertId}/expectations/${id}`,
      author,
      body(author, { comment: '수정', expectationRating: 3 }),
    );
    expect(edited.json()).toMatchObject({
      message: '기대평이 수정되었습니다.',
      data: { comment: '수정', expectationRating: 3 },
    });
    expect(
      (await send('DELETE', `/api/concerts/${concertId}/expectations/${id}`, author)).json()
        .message,
    ).toBe('기대평이 삭제되었습니다.');
    const missing = await send('DELETE', `/api/concerts/${concertId}/expectations/${id}`, author);
    expect(missing.json()).toMatchObject({ code: 'R003', message: '기대평을 찾을 수 없습니다.' });
  });

  it.each([
    [{ comment: '' }, '기대평 내용은 필수입니다.'],
    [{ comment: 'a'.repeat(501) }, '기대평 내용은 500자 이하여야 합니다.'],
    [{ expectationRating: 0 }, '기대 점수는 1 이상 5 이하여야 합니다.'],
    [{ expectationRating: 9 }, '기대 점수는 1 이상 5 이하여야 합니다.'],
  ])('%j -> 400 with the spec message', async (change, message) => {
    const response = await send(
      'POST',
      `/api/concerts/${concertId}/expectations`,
      author,
      body(author, change),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('bad ids -> 400 with the id messages', async () => {
    expect(
      (await send('DELETE', `/api/concerts/${concertId}/expectations/0`, author)).json().message,
    ).toBe('기대평 ID는 1 이상의 양수여야 합니다.');
    expect(
      (await send('DELETE', `/api/concerts/${concertId}/reviews/abc`, author)).json().message,
    ).toBe('리뷰 ID는 1 이상의 양수여야 합니다.');
  });
});
