import { zodResolver } from '@hookform/resolvers/zod';
import { reviewRatingLabels, type Review } from '@curtaincall/contracts';
import { useId } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { CharCounter } from '@/components/ui/char-counter';
import { RatingPicker } from '@/components/ui/rating';
import { TextAreaField } from '@/components/ui/textarea-field';
import { TextField } from '@/components/ui/text-field';
import type { PostFormDialogState } from '../hooks/use-post-actions';
import {
  communityLimits,
  DEFAULT_RATING,
  reviewFormSchema,
  type ReviewFormInput,
  type ReviewFormValues,
} from '../utils/form-schemas';
import { PostFormDialog, type PostFormFieldsProps } from './post-form-dialog';

const reviewResolver = zodResolver(reviewFormSchema);

function ReviewFields({
  register,
  control,
  errors,
}: PostFormFieldsProps<ReviewFormInput, ReviewFormValues>) {
  const titleCounterId = useId();
  const title = useWatch({ control, name: 'title' });
  const description = useWatch({ control, name: 'description' });

  return (
    <>
      <Controller
        control={control}
        name="rating"
        render={({ field }) => (
          <RatingPicker
            legend="평점"
            labels={reviewRatingLabels}
            value={field.value}
            onChange={field.onChange}
            error={errors.rating?.message}
          />
        )}
      />
      <TextField
        label="제목"
        placeholder="관람평 제목을 입력하세요"
        autoComplete="off"
        error={errors.title?.message}
        hint={
          <span className="flex justify-end">
            <CharCounter
              id={titleCounterId}
              length={title.length}
              max={communityLimits.reviewTitle}
            />
          </span>
        }
        data-autofocus
        {...register('title')}
      />
      <TextAreaField
        label="내용"
        rows={6}
        placeholder="공연은 어떠셨나요? 무대, 음향, 좌석 시야 등 다른 관객에게 도움이 될 이야기를 들려주세요."
        error={errors.description?.message}
        aside={<CharCounter length={description.length} max={communityLimits.reviewDescription} />}
        {...register('description')}
      />
    </>
  );
}

/** Writing or editing a review in the modal (buyer-side.md §5 "Review"). */
export function ReviewFormDialog({
  initial,
  ...dialog
}: PostFormDialogState<Review, ReviewFormValues>) {
  return (
    <PostFormDialog
      {...dialog}
      editingId={initial?.id ?? null}
      noun="관람평"
      description="솔직한 관람평은 다른 관객의 선택에 큰 도움이 됩니다."
      size="large"
      resolver={reviewResolver}
      defaultValues={{
        title: initial?.title ?? '',
        description: initial?.description ?? '',
        rating: initial?.rating ?? DEFAULT_RATING,
      }}
    >
      {(fields) => <ReviewFields {...fields} />}
    </PostFormDialog>
  );
}
