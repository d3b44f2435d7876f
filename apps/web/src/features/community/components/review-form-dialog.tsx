import { zodResolver } from '@hookform/resolvers/zod';
import { reviewRatingLabels, type Review } from '@curtaincall/contracts';
import { CircleAlert } from 'lucide-react';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { CharCounter } from '@/components/ui/char-counter';
import { Modal } from '@/components/ui/modal';
import { RatingPicker } from '@/components/ui/rating';
import { TextAreaField } from '@/components/ui/textarea-field';
import { TextField } from '@/components/ui/text-field';
import {
  communityLimits,
  DEFAULT_RATING,
  reviewFormSchema,
  type ReviewFormInput,
  type ReviewFormValues,
} from '../utils/form-schemas';

interface ReviewFormProps {
  formId: string;
  initial: Review | null;
  onSubmit: (values: ReviewFormValues) => void;
  submitError: string | null;
}

function ReviewForm({ formId, initial, onSubmit, submitError }: ReviewFormProps) {
  const titleCounterId = useId();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<ReviewFormInput, unknown, ReviewFormValues>({
    resolver: zodResolver(reviewFormSchema),
    defaultValues: {
      title: initial?.title ?? '',
      description: initial?.description ?? '',
      rating: initial?.rating ?? DEFAULT_RATING,
    },
  });
  const title = useWatch({ control, name: 'title' });
  const description = useWatch({ control, name: 'description' });

  return (
    <form id={formId} onSubmit={handleSubmit(onSubmit)} noValidate className="flex flex-col gap-5">
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

interface ReviewFormDialogProps {
  isOpen: boolean;
  /** The review being edited, or null for a new one. */
  initial: Review | null;
  onClose: () => void;
  onSubmit: (values: ReviewFormValues) => void;
  isSubmitting: boolean;
  submitError: string | null;
}

/** Writing or editing a review in the modal (buyer-side.md §5 "Review"). */
export function ReviewFormDialog({
  isOpen,
  initial,
  onClose,
  onSubmit,
  isSubmitting,
  submitError,
}: ReviewFormDialogProps) {
  const formId = useId();
  const isEdit = initial !== null;
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      size="large"
      title={isEdit ? '관람평 수정' : '관람평 작성'}
      description="솔직한 관람평은 다른 관객의 선택에 큰 도움이 됩니다."
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
      <ReviewForm
        key={initial?.id ?? 'new'}
        formId={formId}
        initial={initial}
        onSubmit={onSubmit}
        submitError={submitError}
      />
    </Modal>
  );
}
