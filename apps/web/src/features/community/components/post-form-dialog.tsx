import { CircleAlert } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import {
  useForm,
  type Control,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Resolver,
  type UseFormRegister,
} from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Modal, ModalDismissButton, type ModalSize } from '@/components/ui/modal';

/** What the fields of a review or expectation form need from react-hook-form. */
export interface PostFormFieldsProps<TInput extends FieldValues, TValues> {
  register: UseFormRegister<TInput>;
  control: Control<TInput, unknown, TValues>;
  errors: FieldErrors<TInput>;
}

interface PostFormProps<TInput extends FieldValues, TValues> {
  formId: string;
  resolver: Resolver<TInput, unknown, TValues>;
  defaultValues: DefaultValues<TInput>;
  onSubmit: (values: TValues) => void;
  submitError: string | null;
  renderFields: (fields: PostFormFieldsProps<TInput, TValues>) => ReactNode;
  /** Whether anything differs from the values the form started with. */
  onDirtyChange: (isDirty: boolean) => void;
}

function PostForm<TInput extends FieldValues, TValues>({
  formId,
  resolver,
  defaultValues,
  onSubmit,
  submitError,
  renderFields,
  onDirtyChange,
}: PostFormProps<TInput, TValues>) {
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isDirty },
  } = useForm<TInput, unknown, TValues>({ resolver, defaultValues });

  useEffect(() => {
    onDirtyChange(isDirty);
  }, [isDirty, onDirtyChange]);

  return (
    <form id={formId} onSubmit={handleSubmit(onSubmit)} noValidate className="flex flex-col gap-5">
      {renderFields({ register, control, errors })}
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

export interface PostFormDialogProps<TInput extends FieldValues, TValues> {
  isOpen: boolean;
  /** The id of the item being edited, or null for a new one. */
  editingId: number | null;
  /** '관람평' or '기대평': the title reads '{noun} 작성' or '{noun} 수정'. */
  noun: string;
  description: string;
  size: ModalSize;
  resolver: Resolver<TInput, unknown, TValues>;
  /** The edited item's values, or the blank form; read once when the form mounts. */
  defaultValues: DefaultValues<TInput>;
  onClose: () => void;
  onSubmit: (values: TValues) => void;
  isSubmitting: boolean;
  submitError: string | null;
  /** The fields that differ between a review and an expectation. */
  children: (fields: PostFormFieldsProps<TInput, TValues>) => ReactNode;
}

/**
 * The modal shell of writing or editing a review or expectation (buyer-side.md §5): title,
 * cancel and submit buttons, the server's error line, and the form around the given fields.
 */
export function PostFormDialog<TInput extends FieldValues, TValues>({
  isOpen,
  editingId,
  noun,
  description,
  size,
  resolver,
  defaultValues,
  onClose,
  onSubmit,
  isSubmitting,
  submitError,
  children,
}: PostFormDialogProps<TInput, TValues>) {
  const formId = useId();
  const isEdit = editingId !== null;
  const [isDirty, setDirty] = useState(false);
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      hasUnsavedChanges={isDirty}
      size={size}
      title={isEdit ? `${noun} 수정` : `${noun} 작성`}
      description={description}
      footer={
        <>
          <ModalDismissButton disabled={isSubmitting}>취소</ModalDismissButton>
          <Button type="submit" form={formId} isLoading={isSubmitting}>
            {isEdit ? '수정하기' : '등록하기'}
          </Button>
        </>
      }
    >
      {/* A new key per item, so switching items starts the form from that item's values. */}
      <PostForm
        key={editingId ?? 'new'}
        formId={formId}
        resolver={resolver}
        defaultValues={defaultValues}
        onSubmit={onSubmit}
        submitError={submitError}
        renderFields={children}
        onDirtyChange={setDirty}
      />
    </Modal>
  );
}
