import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { toast } from '@/components/ui/toast-store';
import { getErrorMessage } from '@/lib/api-client';
import { invalidateConcertPricing } from '../api/seller-ticket-types';
import { pricingTexts } from '../utils/pricing-texts';

/**
 * Deleting a 권종 or 할인 코드, confirmed: the question, what happens to seats already booked,
 * and the server's refusal in the dialog if it says no.
 */
export function DeleteConfirmDialog({
  concertId,
  title,
  question,
  note,
  failed,
  remove,
  onClose,
}: {
  concertId: number;
  title: string;
  question: string;
  note: string;
  /** Said when a refusal carries no message of its own. */
  failed: string;
  /** Deletes; answers the server's sentence. */
  remove: () => Promise<string>;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: remove,
    onSuccess: (message) => {
      toast.success(message);
      void invalidateConcertPricing(queryClient, concertId);
      onClose();
    },
  });
  const close = () => {
    if (!mutation.isPending) onClose();
  };
  return (
    <Modal
      isOpen
      onClose={close}
      title={title}
      size="small"
      footer={
        <>
          <Button variant="outline" onClick={close} disabled={mutation.isPending}>
            {pricingTexts.keep}
          </Button>
          <Button onClick={() => mutation.mutate()} isLoading={mutation.isPending}>
            {pricingTexts.remove}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3 text-sm text-zinc-300">
        <p className="font-semibold text-white">{question}</p>
        <p>{note}</p>
        {mutation.isError && (
          <p
            role="alert"
            className="rounded-xl border border-rose-500/40 bg-rose-500/10 px-4 py-3 text-rose-200"
          >
            {getErrorMessage(mutation.error, failed)}
          </p>
        )}
      </div>
    </Modal>
  );
}
