import {
  communityFormMessages,
  expectationBodySchema,
  expectationMessages,
  reviewBodySchema,
  reviewMessages,
} from '@curtaincall/contracts';
import { z } from 'zod';

/** Field limits of buyer-side.md §5 (the contract's body schemas hold the same numbers). */
export const communityLimits = {
  reviewTitle: 100,
  reviewDescription: 1000,
  expectationComment: 500,
} as const;

/** The words the form messages name: '제목은(는) 필수입니다.' */
export const communityFieldNames = {
  title: '제목',
  description: '내용',
  comment: '기대평',
} as const;

function requiredText(field: string, max: number) {
  return z
    .string()
    .trim()
    .min(1, { error: communityFormMessages.required(field) })
    .max(max, { error: communityFormMessages.tooLong(field, max) });
}

/**
 * The review form: the contract's request body without the author (taken from the session),
 * with the form's own messages. Text is trimmed before it is sent.
 */
export const reviewFormSchema = reviewBodySchema
  .pick({ title: true, description: true, rating: true })
  .extend({
    title: requiredText(communityFieldNames.title, communityLimits.reviewTitle),
    description: requiredText(communityFieldNames.description, communityLimits.reviewDescription),
    rating: z
      .number({ error: reviewMessages.ratingRange })
      .int({ error: reviewMessages.ratingInteger })
      .min(1, { error: reviewMessages.ratingRange })
      .max(5, { error: reviewMessages.ratingRange }),
  });
export type ReviewFormInput = z.input<typeof reviewFormSchema>;
export type ReviewFormValues = z.output<typeof reviewFormSchema>;

/** The expectation form, likewise; the score says 기대점수는 N점 이상/이하여야 합니다. */
export const expectationFormSchema = expectationBodySchema
  .pick({ comment: true, expectationRating: true })
  .extend({
    comment: requiredText(communityFieldNames.comment, communityLimits.expectationComment),
    expectationRating: z
      .number({ error: expectationMessages.ratingRange })
      .int({ error: expectationMessages.ratingInteger })
      .min(1, { error: communityFormMessages.expectationMin })
      .max(5, { error: communityFormMessages.expectationMax }),
  });
export type ExpectationFormInput = z.input<typeof expectationFormSchema>;
export type ExpectationFormValues = z.output<typeof expectationFormSchema>;

/** A new review or expectation starts at 5 (buyer-side.md §9). */
export const DEFAULT_RATING = 5;
