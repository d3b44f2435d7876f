import { Landmark, Pencil, Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/state-panel';
import { toast } from '@/components/ui/toast-store';
import { getErrorMessage } from '@/lib/api-client';
import { useDeleteRefundAccount, useRefundAccount } from '../api/refund-account';
import { refundAccountTexts as texts } from '../utils/refund-account-texts';
import { RefundAccountForm } from './refund-account-form';
import { RefundAccountSummary } from './refund-account-summary';

/**
 * My page's 환불 계좌 (issue 28): the registered account masked with 변경 and 삭제, or a way to
 * register one, so a 가상계좌 booking can be cancelled without stopping to ask for it.
 */
export function RefundAccountCard() {
  const titleId = useId();
  const query = useRefundAccount();
  const [isEditing, setIsEditing] = useState(false);
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const removal = useDeleteRefundAccount();

  const closeDelete = () => {
    if (removal.isPending) return;
    setIsConfirmingDelete(false);
    setDeleteError(null);
  };
  const confirmDelete = () => {
    setDeleteError(null);
    removal.mutate(undefined, {
      onSuccess: (message) => {
        setIsConfirmingDelete(false);
        toast.success(message);
      },
      onError: (error) => setDeleteError(getErrorMessage(error, texts.deleteFailed)),
    });
  };

  let content;
  if (query.isPending) {
    content = (
      <div className="flex justify-center py-6">
        <Spinner label={texts.loading} />
      </div>
    );
  } else if (query.isError) {
    content = (
      <ErrorState
        compact
        title={texts.loadFailed}
        description={getErrorMessage(query.error)}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  } else if (isEditing) {
    content = (
      <RefundAccountForm
        initialBank={query.data?.bankCode ?? ''}
        onCancel={() => setIsEditing(false)}
        onSaved={() => setIsEditing(false)}
      />
    );
  } else if (query.data) {
    content = (
      <div className="flex flex-col gap-3">
        <RefundAccountSummary account={query.data} />
        <div className="flex flex-wrap justify-end gap-2">
          <Button
            variant="outline"
            size="sm"
            onClick={() => setIsEditing(true)}
            aria-label={`환불 계좌 ${texts.change}`}
          >
            <Pencil className="size-4" aria-hidden />
            {texts.change}
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={() => setIsConfirmingDelete(true)}
            aria-label={`환불 계좌 ${texts.remove}`}
          >
            <Trash2 className="size-4" aria-hidden />
            {texts.remove}
          </Button>
        </div>
      </div>
    );
  } else {
    content = (
      <div className="flex flex-col gap-3 tablet:flex-row tablet:items-center tablet:justify-between">
        <p className="text-sm text-zinc-300">{texts.empty}</p>
        <Button
          variant="outline"
          size="sm"
          className="self-start tablet:self-auto"
          onClick={() => setIsEditing(true)}
        >
          <Plus className="size-4" aria-hidden />
          {texts.register}
        </Button>
      </div>
    );
  }

  return (
    <section
      aria-labelledby={titleId}
      className="rounded-2xl border border-surface-700/70 bg-surface-900 p-5 tablet:p-6"
    >
      <h2 id={titleId} className="mb-1 flex items-center gap-2 font-semibold text-zinc-100">
        <Landmark className="size-5 text-zinc-400" aria-hidden />
        {texts.title}
      </h2>
      <p className="mb-4 text-sm text-zinc-400">{texts.description}</p>
      {content}
      <Modal
        isOpen={isConfirmingDelete}
        onClose={closeDelete}
        size="small"
        title={texts.deleteTitle}
        footer={
          <>
            {/* Focus starts on the harmless choice. */}
            <Button
              variant="ghost"
              onClick={closeDelete}
              disabled={removal.isPending}
              data-autofocus
            >
              {texts.keep}
            </Button>
            <Button onClick={confirmDelete} isLoading={removal.isPending}>
              {texts.remove}
            </Button>
          </>
        }
      >
        <div className="flex flex-col gap-3">
          <p className="text-sm text-zinc-300">{texts.deleteBody}</p>
          {deleteError && (
            <p role="alert" className="text-sm text-rose-300">
              {deleteError}
            </p>
          )}
        </div>
      </Modal>
    </section>
  );
}
