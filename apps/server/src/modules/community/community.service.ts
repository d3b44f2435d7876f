import {
  expectationMessages,
  reviewMessages,
  type Expectation,
  type ExpectationBody,
  type ExpectationListQuery,
  type Page,
  type Review,
  type ReviewBody,
  type ReviewListQuery,
} from '@curtaincall/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { Clock } from '../../lib/clock';
import { toPage } from '../../lib/paging';
import { toSeoulDateTime } from '../../lib/seoul-time';
import type { AuthUser } from '../auth/auth.policy';
import type { ConcertsService } from '../concerts/concerts.service';
import { canDeletePost, canEditPost, claimsToBeUser } from './community.policy';
import {
  deleteExpectation,
  deleteReview,
  findExpectation,
  findExpectationPage,
  findReview,
  findReviewPage,
  insertExpectation,
  insertReview,
  updateExpectation,
  updateReview,
  type ExpectationRow,
  type ReviewRow,
} from './community.repo';

function toReview(row: ReviewRow): Review {
  return {
    id: row.id,
    concertId: row.concertId,
    userId: row.userId,
    userNickname: row.userNickname,
    title: row.title,
    description: row.description,
    rating: row.rating,
    verified: row.verified,
    createdAt: toSeoulDateTime(row.createdAt),
    updatedAt: toSeoulDateTime(row.updatedAt),
  };
}

function toExpectation(row: ExpectationRow): Expectation {
  return {
    id: row.id,
    concertId: row.concertId,
    userId: row.userId,
    userNickname: row.userNickname,
    comment: row.comment,
    expectationRating: row.expectationRating,
    createdAt: toSeoulDateTime(row.createdAt),
    updatedAt: toSeoulDateTime(row.updatedAt),
  };
}

/**
 * Reviews (관람평) and expectations (기대평). The author is always the session user: a body
 * `userId` is only compared with it (403 A003), and the nickname comes from the account.
 */
export function createCommunityService(deps: {
  db: Database;
  concerts: ConcertsService;
  clock: Clock;
}) {
  const { db, concerts, clock } = deps;

  async function listReviews(concertId: number, query: ReviewListQuery): Promise<Page<Review>> {
    await concerts.assertConcertExists(concertId);
    const { rows, total } = await findReviewPage(db, {
      concertId,
      limit: query.size,
      offset: query.page * query.size,
      sortBy: query.sortBy,
      sortDir: query.sortDir,
      verifiedOnly: query.verifiedOnly,
      now: clock.now(),
    });
    return toPage(rows.map(toReview), total, query.page, query.size);
  }

  async function getReview(concertId: number, reviewId: number): Promise<Review> {
    const row = await findReview(db, concertId, reviewId, clock.now());
    if (!row) throw new AppError('R002', reviewMessages.notFound);
    return toReview(row);
  }

  async function createReview(options: {
    user: AuthUser;
    concertId: number;
    body: ReviewBody;
  }): Promise<Review> {
    const { user, concertId, body } = options;
    if (!claimsToBeUser(user, body.userId)) throw new AppError('A003', reviewMessages.notOwner);
    await concerts.assertConcertExists(concertId);
    const now = clock.now();
    const id = await insertReview(db, {
      concertId,
      userId: user.id,
      title: body.title,
      description: body.description,
      rating: body.rating,
      createdAt: now,
      updatedAt: now,
    });
    return getReview(concertId, id);
  }

  async function editReview(options: {
    user: AuthUser;
    concertId: number;
    reviewId: number;
    body: ReviewBody;
  }): Promise<Review> {
    const { user, concertId, reviewId, body } = options;
    const existing = await findReview(db, concertId, reviewId, clock.now());
    if (!existing) throw new AppError('R002', reviewMessages.notFound);
    if (!claimsToBeUser(user, body.userId) || !canEditPost(user, existing)) {
      throw new AppError('A003', reviewMessages.notOwner);
    }
    await updateReview(db, reviewId, {
      title: body.title,
      description: body.description,
      rating: body.rating,
      updatedAt: clock.now(),
    });
    return getReview(concertId, reviewId);
  }

  async function removeReview(options: {
    user: AuthUser;
    concertId: number;
    reviewId: number;
  }): Promise<void> {
    const existing = await findReview(db, options.concertId, options.reviewId, clock.now());
    if (!existing) throw new AppError('R002', reviewMessages.notFound);
    if (!canDeletePost(options.user, existing)) throw new AppError('A003', reviewMessages.notOwner);
    await deleteReview(db, options.reviewId);
  }

  async function listExpectations(
    concertId: number,
    query: ExpectationListQuery,
  ): Promise<Page<Expectation>> {
    await concerts.assertConcertExists(concertId);
    const { rows, total } = await findExpectationPage(db, {
      concertId,
      limit: query.size,
      offset: query.page * query.size,
    });
    return toPage(rows.map(toExpectation), total, query.page, query.size);
  }

  async function getExpectation(concertId: number, expectationId: number): Promise<Expectation> {
    const row = await findExpectation(db, concertId, expectationId);
    if (!row) throw new AppError('R003', expectationMessages.notFound);
    return toExpectation(row);
  }

  async function createExpectation(options: {
    user: AuthUser;
    concertId: number;
    body: ExpectationBody;
  }): Promise<Expectation> {
    const { user, concertId, body } = options;
    if (!claimsToBeUser(user, body.userId)) {
      throw new AppError('A003', expectationMessages.notOwner);
    }
    await concerts.assertConcertExists(concertId);
    const now = clock.now();
    const id = await insertExpectation(db, {
      concertId,
      userId: user.id,
      comment: body.comment,
      expectationRating: body.expectationRating,
      createdAt: now,
      updatedAt: now,
    });
    return getExpectation(concertId, id);
  }

  async function editExpectation(options: {
    user: AuthUser;
    concertId: number;
    expectationId: number;
    body: ExpectationBody;
  }): Promise<Expectation> {
    const { user, concertId, expectationId, body } = options;
    const existing = await findExpectation(db, concertId, expectationId);
    if (!existing) throw new AppError('R003', expectationMessages.notFound);
    if (!claimsToBeUser(user, body.userId) || !canEditPost(user, existing)) {
      throw new AppError('A003', expectationMessages.notOwner);
    }
    await updateExpectation(db, expectationId, {
      comment: body.comment,
      expectationRating: body.expectationRating,
      updatedAt: clock.now(),
    });
    return getExpectation(concertId, expectationId);
  }

  async function removeExpectation(options: {
    user: AuthUser;
    concertId: number;
    expectationId: number;
  }): Promise<void> {
    const existing = await findExpectation(db, options.concertId, options.expectationId);
    if (!existing) throw new AppError('R003', expectationMessages.notFound);
    if (!canDeletePost(options.user, existing)) {
      throw new AppError('A003', expectationMessages.notOwner);
    }
    await deleteExpectation(db, options.expectationId);
  }

  return {
    listReviews,
    getReview,
    createReview,
    editReview,
    removeReview,
    listExpectations,
    createExpectation,
    editExpectation,
    removeExpectation,
  };
}

export type CommunityService = ReturnType<typeof createCommunityService>;
