import { zodResolver } from '@hookform/resolvers/zod';
import { expectationRatingLabels, type Expectation } from '@curtaincall/contracts';
import { CircleAlert } from 'lucide-react';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { CharCounter } from '@/components/ui/char-counter';
import { Modal } from '@/components/ui/modal';
import { RatingPicker } from '@/components/ui/rating';
import { TextAreaField } from '@/components/ui/textarea-field';
import {
  communityLimits,
  DEFAULT_RATING,
  expectationFormSchema,
  type ExpectationFormInput,
  type ExpectationFormValues,
} from '../utils/form-schemas';

interface ExpectationFormProps {
  formId: string;
  initial: Expectation | null;
  onSubmit: (values: ExpectationFormValues) => void;
  submitError: string | null;
}

function ExpectationForm({ formId, initial, onSubmit, submitError }: ExpectationFormProps) {
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<ExpectationFormInput, unknown, ExpectationFormValues>({
    resolver: zodResolver(expectationFormSchema),
    defaultValues: {
      comment: initial?.comment ?? '',
      expectationRating: initial?.expectationRating ?? DEFAULT_RATING,
    },
  });
  const comment = useWatch({ control, name: 'comment' });

  return (
    <form id={formId} onSubmit={handleSubmit(onSubmit)} noValidate className="flex flex-col gap-5">
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
      {submitError && (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-xl border border-rose-500/40 bg-rose-500/10 px-3 py-2 text-sm text-rose-200"
        >
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          {submitError}
        </p>
      )}
    </form>
  );
}

interface ExpectationFormDialogProps {
  isOpen: boolean;
  initial: Expectation | null;
  onClose: () => void;
  onSubmit: (values: ExpectationFormValues) => void;
  isSubmitting: boolean;
  submitError: string | null;
}

/** Writing or editing an expectation in the modal (buyer-side.md §5 "Expectation"). */
export function ExpectationFormDialog({
  isOpen,
  initial,
  onClose,
  onSubmit,
  isSubmitting,
  submitError,
}: ExpectationFormDialogProps) {
  const formId = useId();
  const isEdit = initial !== null;
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      size="medium"
      title={isEdit ? '기대평 수정' : '기대평 작성'}
      description="공연을 기다리는 마음을 다른 관객과 나눠보세요."
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={isSubmitting}>
            취소
          </Button>
          <Button type="submit" form={formId} isLoading={isSubmitting}>
            {isEdit ? '수정하기' : '등록하기'}
          </Button>
        </>
      }
    >
      <ExpectationForm
        key={initial?.id ?? 'new'}
        formId={formId}
        initial={initial}
        onSubmit={onSubmit}
        submitError={submitError}
      />
    </Modal>
  );
}
