/**
 * Turns a concert's reviews into the Korean AI summary text (product-rules §9): three labelled
 * parts, 200 to 700 characters, which the client shows with line breaks and collapses at 200.
 */
export interface ReviewForSummary {
  title: string;
  description: string;
  /** 1 to 5. */
  rating: number;
  /**
   * 예매자 관람평 (issue 23): written by a fan with a paid booking of a show that has started.
   * Summaries weigh these first; absent means not verified.
   */
  verified?: boolean;
}

export interface SummaryInput {
  concertTitle: string;
  artist: string;
  /**
   * Verified reviews first, each group newest first: a summarizer that has to cap its input
   * keeps the front of the list, so what fans who were there wrote is never the part cut.
   */
  reviews: ReviewForSummary[];
}

export interface SummarizerPort {
  readonly kind: 'local' | 'openai';
  /** Rejects when `reviews` is empty: callers check for reviews before asking for a summary. */
  summarize(input: SummaryInput): Promise<string>;
}

/** The three labels, in the order every summary must carry them. */
export const SUMMARY_LABELS = ['[전체 평가]', '[좋은 점]', '[아쉬운 점]'] as const;

/** Summary length in characters (code points, as the client counts them). */
export const SUMMARY_MIN_LENGTH = 200;
export const SUMMARY_MAX_LENGTH = 700;

/** Counts characters the way a person would: by code point, not UTF-16 unit. */
export function countCharacters(text: string): number {
  return [...text].length;
}

/** Average rating rounded to one decimal, e.g. '4.3'. */
export function formatAverageRating(reviews: readonly ReviewForSummary[]): string {
  const sum = reviews.reduce((total, review) => total + review.rating, 0);
  // Ratings are integers, so sum * 10 / n rounds without binary-fraction surprises.
  return (Math.round((sum * 10) / reviews.length) / 10).toFixed(1);
}

/** How many of the reviews are 예매자 관람평. */
export function countVerified(reviews: readonly ReviewForSummary[]): number {
  return reviews.filter((review) => review.verified === true).length;
}

/** True when the labels all appear, each after the one before. */
export function hasLabelsInOrder(text: string): boolean {
  let from = 0;
  for (const label of SUMMARY_LABELS) {
    const at = text.indexOf(label, from);
    if (at < 0) return false;
    from = at + label.length;
  }
  return true;
}
