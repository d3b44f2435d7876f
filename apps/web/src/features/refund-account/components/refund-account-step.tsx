import { useQueryClient } from '@tanstack/react-query';
import { Pencil } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/state-panel';
import { getErrorMessage } from '@/lib/api-client';
import { refundAccountQueryKey, useRefundAccount } from '../api/refund-account';
import { refundAccountTexts as texts } from '../utils/refund-account-texts';
import { RefundAccountForm } from './refund-account-form';
import { RefundAccountSummary } from './refund-account-summary';

export interface RefundAccountStepProps {
  /**
   * The server's reason when it refused the cancel for want of an account (409 M007): the form
   * opens with it, whatever this browser last knew.
   */
  notice: string | null;
  /** Whether a registered account stands: the cancel may go ahead only then. */
  onReadyChange: (ready: boolean) => void;
}

/**
 * The cancel dialog's 환불 계좌 step for a 가상계좌 booking (issue 28), composed into the bookings
 * feature by the app layer: the registered account masked (with 변경), or the form when there
 * is none, so the refund has somewhere to go before the buyer confirms.
 */
export function RefundAccountStep({ notice, onReadyChange }: RefundAccountStepProps) {
  const queryClient = useQueryClient();
  const query = useRefundAccount();
  const [isEditing, setIsEditing] = useState(false);
  const [seenNotice, setSeenNotice] = useState(notice);
  if (notice !== seenNotice) {
    setSeenNotice(notice);
    // The server has no account although this browser showed one (removed elsewhere).
    if (notice) setIsEditing(true);
  }

  useEffect(() => {
    if (notice) void queryClient.invalidateQueries({ queryKey: refundAccountQueryKey });
  }, [notice, queryClient]);

  const account = query.data ?? null;
  const isReady = account !== null && !isEditing;
  useEffect(() => onReadyChange(isReady), [isReady, onReadyChange]);

  let content;
  if (query.isPending) {
    content = (
      <div className="flex justify-center py-4">
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
  } else if (account && !isEditing) {
    content = (
      <div className="flex flex-col gap-2">
        <RefundAccountSummary account={account} />
        <div className="flex justify-end">
          <Button
            variant="outline"
            size="sm"
            onClick={() => setIsEditing(true)}
            aria-label={`환불 계좌 ${texts.change}`}
          >
            <Pencil className="size-4" aria-hidden />
            {texts.change}
          </Button>
        </div>
      </div>
    );
  } else {
    content = (
      <RefundAccountForm
        notice={notice ?? texts.stepRequired}
        initialBank={account?.bankCode ?? ''}
        {...(account ? { onCancel: () => setIsEditing(false) } : {})}
        onSaved={() => setIsEditing(false)}
      />
    );
  }

  return (
    <section aria-label={texts.stepTitle} className="mt-4 flex flex-col gap-2">
      <h3 className="text-sm font-semibold text-zinc-100">{texts.stepTitle}</h3>
      <p className="text-xs text-zinc-400">{texts.stepDescription}</p>
      {content}
    </section>
  );
}
