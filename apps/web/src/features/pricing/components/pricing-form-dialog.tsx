import { CircleAlert } from 'lucide-react';
import { useId, type FormEvent, type ReactNode, type Ref } from 'react';
import { Button } from '@/components/ui/button';
import { Modal, ModalDismissButton } from '@/components/ui/modal';
import { pricingTexts } from '../utils/pricing-texts';

/**
 * The dialog around the 권종 and 할인 코드 forms: title, a line of help, the fields, the line for
 * refusals that belong to no field, and 취소 (asking first when something was typed) / 저장.
 */
export function PricingFormDialog({
  title,
  description,
  hasUnsavedChanges,
  form: { isSaving, formError, formRef, submit },
  onClose,
  children,
}: {
  title: string;
  description: string;
  hasUnsavedChanges: boolean;
  /** The state `usePricingForm` gives. */
  form: {
    isSaving: boolean;
    formError: string | null;
    formRef: Ref<HTMLFormElement>;
    submit: (event: FormEvent) => void;
  };
  onClose: () => void;
  children: ReactNode;
}) {
  const formId = useId();
  return (
    <Modal
      isOpen
      onClose={onClose}
      hasUnsavedChanges={hasUnsavedChanges}
      size="large"
      title={title}
      description={description}
      footer={
        <>
          <ModalDismissButton disabled={isSaving}>{pricingTexts.cancel}</ModalDismissButton>
          <Button type="submit" form={formId} isLoading={isSaving}>
            {pricingTexts.save}
          </Button>
        </>
      }
    >
      <form id={formId} ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-5">
        {children}
        {formError && (
          <p
            role="alert"
            className="flex items-start gap-2 rounded-xl border border-rose-500/40 bg-rose-500/10 px-3 py-2 text-sm text-rose-200"
          >
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            {formError}
          </p>
        )}
      </form>
    </Modal>
  );
}
