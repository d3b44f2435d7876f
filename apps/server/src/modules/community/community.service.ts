import {
  concertMessages,
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
  findAttendedPerformance,
  findExpectationPage,
  findReview,
  findReviewPage,
  findShowOfConcert,
  insertExpectation,
  insertReview,
  updateExpectation,
  updateReview,
  type ExpectationRow,
  type ReviewRow,
} from './community.repo';

/**
 * `performanceCount`: the show's performances. A verified review of a show of several names the
 * performance attended; a plain concert's review keeps the spec's shape exactly.
 */
function toReview(row: ReviewRow, performanceCount: number): Review {
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
    ...(row.verified &&
      performanceCount > 1 && {
        performance: {
          concertId: row.concertId,
          concertDate: row.concertDate,
          startTime: toWireTime(row.startTime),
        },
      }),
  };
}

/** `HH:mm[:ss]` -> `HH:mm:ss`, the concert object's time format. */
function toWireTime(value: string): string {
  return value.length === 5 ? `${value}:00` : value.slice(0, 8);
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
 * Issue 26: they belong to the show, so any performance's id lists, reads, edits and deletes
 * those of every performance of its show; each keeps the performance it was written for.
 */
export function createCommunityService(deps: {
  db: Database;
  concerts: ConcertsService;
  clock: Clock;
}) {
  const { db, concerts, clock } = deps;

  /** The performance's show and how many performances it has; 404 T003 for an unknown id. */
  async function showOf(concertId: number): Promise<{ showId: number; performanceCount: number }> {
    const show = await findShowOfConcert(db, concertId);
    if (!show) throw new AppError('T003', concertMessages.notFound);
    return show;
  }

  async function listReviews(concertId: number, query: ReviewListQuery): Promise<Page<Review>> {
    const show = await showOf(concertId);
    const { rows, total } = await findReviewPage(db, {
      showId: show.showId,
      limit: query.size,
      offset: query.page * query.size,
      sortBy: query.sortBy,
      sortDir: query.sortDir,
      verifiedOnly: query.verifiedOnly,
      now: clock.now(),
    });
    const reviews = rows.map((row) => toReview(row, show.performanceCount));
    return toPage(reviews, total, query.page, query.size);
  }

  /** A review of the show of `concertId`; 404 R002 when it is not one (T003: no such concert). */
  async function findShowReview(concertId: number, reviewId: number) {
    const show = await findShowOfConcert(db, concertId);
    const row = show && (await findReview(db, show.showId, reviewId, clock.now()));
    if (!row) throw new AppError('R002', reviewMessages.notFound);
    return { row, show };
  }

  async function getReview(concertId: number, reviewId: number): Promise<Review> {
    const { row, show } = await findShowReview(concertId, reviewId);
    return toReview(row, show.performanceCount);
  }

  async function createReview(options: {
    user: AuthUser;
    concertId: number;
    body: ReviewBody;
  }): Promise<Review> {
    const { user, body } = options;
    if (!claimsToBeUser(user, body.userId)) throw new AppError('A003', reviewMessages.notOwner);
    const show = await showOf(options.concertId);
    const now = clock.now();
    // A booker's review names the performance they attended, whichever performance's page
    // they write it on; anyone else's stays on the chosen one (buyer-side.md §5: all may write).
    const concertId =
      show.performanceCount > 1
        ? ((await findAttendedPerformance(db, {
            userId: user.id,
            showId: show.showId,
            chosenConcertId: options.concertId,
            now,
          })) ?? options.concertId)
        : options.concertId;
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
    const { row: existing } = await findShowReview(concertId, reviewId);
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
    const { row: existing } = await findShowReview(options.concertId, options.reviewId);
    if (!canDeletePost(options.user, existing)) throw new AppError('A003', reviewMessages.notOwner);
    await deleteReview(db, options.reviewId);
  }

  async function listExpectations(
    concertId: number,
    query: ExpectationListQuery,
  ): Promise<Page<Expectation>> {
    const { showId } = await showOf(concertId);
    const { rows, total } = await findExpectationPage(db, {
      showId,
      limit: query.size,
      offset: query.page * query.size,
    });
    return toPage(rows.map(toExpectation), total, query.page, query.size);
  }

  /** An expectation of the show of `concertId`; 404 R003 when it is not one. */
  async function findShowExpectation(
    concertId: number,
    expectationId: number,
  ): Promise<ExpectationRow> {
    const show = await findShowOfConcert(db, concertId);
    const row = show && (await findExpectation(db, show.showId, expectationId));
    if (!row) throw new AppError('R003', expectationMessages.notFound);
    return row;
  }

  async function getExpectation(concertId: number, expectationId: number): Promise<Expectation> {
    return toExpectation(await findShowExpectation(concertId, expectationId));
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
    const existing = await findShowExpectation(concertId, expectationId);
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
    const existing = await findShowExpectation(options.concertId, options.expectationId);
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
