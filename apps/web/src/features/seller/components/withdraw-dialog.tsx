import { withdrawalSentence } from '@curtaincall/contracts';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toast-store';
import { isApiError } from '@/lib/api-client';
import { useWithdrawSellerRole } from '../api/withdraw-seller-role';
import { sellerTexts } from '../utils/seller-status-texts';

interface WithdrawDialogProps {
  isOpen: boolean;
  onClose: () => void;
  username: string;
  /** After a successful withdrawal: the role is USER at once (api-contract.md §14.12). */
  onWithdrawn: () => void;
}

/**
 * Withdrawal of seller rights: enabled only once the user has typed
 * '{username}, 권한 철회 처리에 동의합니다.' exactly (seller-admin-side.md §2, §5).
 */
export function WithdrawDialog({ isOpen, onClose, username, onWithdrawn }: WithdrawDialogProps) {
  const sentence = withdrawalSentence(username);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const withdraw = useWithdrawSellerRole();
  const matches = typed === sentence;

  const close = () => {
    setTyped('');
    setError(null);
    onClose();
  };

  const confirm = () => {
    if (!matches) return;
    setError(null);
    withdraw.mutate(undefined, {
      onSuccess: (message) => {
        toast.success(message);
        close();
        onWithdrawn();
      },
      onError: (failure) =>
        setError(
          isApiError(failure) && failure.status >= 400 && failure.status < 500
            ? failure.message
            : sellerTexts.withdrawFailed,
        ),
    });
  };

  return (
    <Modal
      isOpen={isOpen}
      onClose={close}
      title="판매자 권한 철회"
      description="철회하면 콘서트 등록과 관리를 더 이상 할 수 없습니다. 다시 판매자가 되려면 새로 신청해야 합니다."
      footer={
        <>
          <Button variant="ghost" onClick={close}>
            취소
          </Button>
          <Button onClick={confirm} disabled={!matches} isLoading={withdraw.isPending}>
            권한 철회
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <p className="text-sm text-zinc-300">
          계속하려면 아래 문장을 정확히 입력해주세요.
          <strong className="mt-2 block rounded-lg bg-surface-800 px-3 py-2 font-semibold text-white select-all">
            {sentence}
          </strong>
        </p>
        <TextField
          label="확인 문장"
          value={typed}
          autoComplete="off"
          data-autofocus
          onChange={(event) => setTyped(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') confirm();
          }}
          hint={typed && !matches ? '문장이 정확히 일치해야 합니다.' : undefined}
        />
        {error && (
          <p role="alert" className="text-sm text-rose-300">
            {error}
          </p>
        )}
      </div>
    </Modal>
  );
}
