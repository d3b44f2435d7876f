import type { SummarizerPort } from '../../adapters/summarizer/summarizer';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { Clock } from '../../lib/clock';
import { fromSeoulDateTime } from '../../lib/seoul-time';
import type { ConcertsService } from '../concerts/concerts.service';
import {
  claimRegenerationSlot,
  countSubstantialReviews,
  findReviewsForSummary,
  findShowDigest,
  findShowsWithChangedReviews,
  saveSummary,
} from './ai-summary.repo';

/** The batch job summarises concerts with at least this many reviews (product-rules §9). */
export const BATCH_MIN_REVIEWS = 10;
/** A seller may regenerate a concert's summary at most once per this many ms. */
export const REGENERATE_COOLDOWN_MS = 30_000;
/** Reviews shorter than this do not count towards "has something to summarise". */
const MIN_REVIEW_LENGTH = 10;
/** Reviews handed to the summarizer (verified, then newest); older ones add little and cost tokens. */
const MAX_REVIEWS_READ = 200;

export const aiSummaryMessages = {
  generated: 'AI 요약이 성공적으로 생성되었습니다.',
  generatedFromFew: (count: number) =>
    `AI 요약이 생성되었습니다. (리뷰 ${count}개 기준이며, 리뷰가 10개 이상이면 더 정확해집니다.)`,
  noReviews: 'AI 요약 생성을 위한 리뷰가 없습니다. 먼저 리뷰를 작성해주세요.',
  reviewsTooShort: 'AI 요약 생성을 위해 최소 10자 이상의 리뷰 내용이 필요합니다.',
  cancelled: '취소된 콘서트는 AI 요약을 생성할 수 없습니다.',
  started: '이미 종료된 공연입니다',
  cooldown: 'AI 요약은 30초에 한 번만 다시 생성할 수 있습니다.',
} as const;

/**
 * AI summaries of audience reviews: the batch refresh of shows whose reviews changed, and the
 * seller's regenerate with its rules. A summary is the show's (issue 26): read from the reviews
 * of all its performances and written to each that is not cancelled. The summarizer (possibly a
 * network call) always runs outside any database transaction.
 */
export function createAiSummaryService(deps: {
  db: Database;
  summarizer: SummarizerPort;
  concerts: ConcertsService;
  clock: Clock;
}) {
  const { db, summarizer, concerts, clock } = deps;

  /** Summarises the show of `concertId`; the performances written and the reviews counted. */
  async function summarize(
    concertId: number,
  ): Promise<{ text: string; reviewCount: number; concertIds: number[] }> {
    const concert = await concerts.assertConcertExists(concertId);
    const [reviews, digest] = await Promise.all([
      findReviewsForSummary(db, concert.showId, MAX_REVIEWS_READ, clock.now()),
      findShowDigest(db, concert.showId),
    ]);
    if (reviews.length === 0) throw new AppError('AI004', aiSummaryMessages.noReviews);
    let text: string;
    try {
      text = await summarizer.summarize({
        concertTitle: concert.title,
        artist: concert.artist,
        reviews,
      });
    } catch {
      throw new AppError('AI001');
    }
    const concertIds = await saveSummary(db, {
      showId: concert.showId,
      text,
      digest,
      now: clock.now(),
    });
    concerts.invalidateCatalog();
    return { text, reviewCount: digest?.reviewCount ?? reviews.length, concertIds };
  }

  /**
   * The batch job (every 20 minutes): re-summarises shows with 10+ reviews (all performances
   * together) whose reviews changed since their summary. One failing show does not stop the
   * others. Answers the performances written, and the one of each show that failed.
   */
  async function refreshChangedSummaries(
    options: { signal?: AbortSignal } = {},
  ): Promise<{ refreshed: number[]; failed: number[] }> {
    const changed = await findShowsWithChangedReviews(db, BATCH_MIN_REVIEWS);
    const refreshed: number[] = [];
    const failed: number[] = [];
    for (const { concertId } of changed) {
      // The batch's lock was lost: another instance carries on with it.
      if (options.signal?.aborted) break;
      try {
        refreshed.push(...(await summarize(concertId)).concertIds);
      } catch {
        failed.push(concertId);
      }
    }
    return { refreshed, failed };
  }

  /**
   * A seller regenerates the summary of an own concert (api-contract.md §11.4): at least one
   * review of 10+ characters, not cancelled, not after the show started, once per 30 s. The
   * rules are this performance's; the reviews, the cooldown and the result are its show's.
   */
  async function regenerateBySeller(options: {
    sellerId: number;
    concertId: number;
  }): Promise<{ text: string; message: string }> {
    const concert = await concerts.assertConcertExists(options.concertId);
    if (concert.sellerId !== options.sellerId) throw new AppError('S002');
    if (concert.status === 'CANCELLED') throw new AppError('S006', aiSummaryMessages.cancelled);
    const showStart = fromSeoulDateTime(`${concert.concertDate}T${concert.startTime}`);
    if (clock.now() >= showStart) throw new AppError('S006', aiSummaryMessages.started);
    const substantial = await countSubstantialReviews(db, concert.showId, MIN_REVIEW_LENGTH);
    if (substantial === 0) {
      const digest = await findShowDigest(db, concert.showId);
      throw new AppError(
        'AI004',
        digest ? aiSummaryMessages.reviewsTooShort : aiSummaryMessages.noReviews,
      );
    }
    const claimed = await claimRegenerationSlot(
      db,
      concert.showId,
      clock.now(),
      REGENERATE_COOLDOWN_MS,
    );
    if (!claimed) throw new AppError('AI007', aiSummaryMessages.cooldown);
    const { text, reviewCount } = await summarize(options.concertId);
    return {
      text,
      message:
        reviewCount < BATCH_MIN_REVIEWS
          ? aiSummaryMessages.generatedFromFew(reviewCount)
          : aiSummaryMessages.generated,
    };
  }

  return { refreshChangedSummaries, regenerateBySeller };
}

export type AiSummaryService = ReturnType<typeof createAiSummaryService>;
