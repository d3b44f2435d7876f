import { zodResolver } from '@hookform/resolvers/zod';
import { expectationRatingLabels, type Expectation } from '@curtaincall/contracts';
import { Controller, useWatch } from 'react-hook-form';
import { CharCounter } from '@/components/ui/char-counter';
import { RatingPicker } from '@/components/ui/rating';
import { TextAreaField } from '@/components/ui/textarea-field';
import type { PostFormDialogState } from '../hooks/use-post-actions';
import {
  communityLimits,
  DEFAULT_RATING,
  expectationFormSchema,
  type ExpectationFormInput,
  type ExpectationFormValues,
} from '../utils/form-schemas';
import { PostFormDialog, type PostFormFieldsProps } from './post-form-dialog';

const expectationResolver = zodResolver(expectationFormSchema);

function ExpectationFields({
  register,
  control,
  errors,
}: PostFormFieldsProps<ExpectationFormInput, ExpectationFormValues>) {
  const comment = useWatch({ control, name: 'comment' });

  return (
    <>
      <Controller
        control={control}
        name="expectationRating"
        render={({ field }) => (
          <RatingPicker
            legend="기대점수"
            labels={expectationRatingLabels}
            value={field.value}
            onChange={field.onChange}
            error={errors.expectationRating?.message}
          />
        )}
      />
      <TextAreaField
        label="기대평"
        rows={5}
        placeholder="이번 공연에서 가장 기대되는 무대나 듣고 싶은 곡을 남겨주세요."
        error={errors.comment?.message}
        aside={<CharCounter length={comment.length} max={communityLimits.expectationComment} />}
        data-autofocus
        {...register('comment')}
      />
    </>
  );
}

/** Writing or editing an expectation in the modal (buyer-side.md §5 "Expectation"). */
export function ExpectationFormDialog({
  initial,
  ...dialog
}: PostFormDialogState<Expectation, ExpectationFormValues>) {
  return (
    <PostFormDialog
      {...dialog}
      editingId={initial?.id ?? null}
      noun="기대평"
      description="공연을 기다리는 마음을 다른 관객과 나눠보세요."
      size="medium"
      resolver={expectationResolver}
      defaultValues={{
        comment: initial?.comment ?? '',
        expectationRating: initial?.expectationRating ?? DEFAULT_RATING,
      }}
    >
      {(fields) => <ExpectationFields {...fields} />}
    </PostFormDialog>
  );
}
