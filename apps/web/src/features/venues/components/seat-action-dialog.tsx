import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { getErrorMessage } from '@/lib/api-client';
import type { SeatActionResult } from '../api/concert-seats-api';

/** A promoter action waiting for its confirmation. */
export interface SeatActionRequest {
  title: string;
  /** What happens, in sentences: how many seats, what it means for fans, what cannot be undone. */
  body: ReactNode;
  confirmLabel: string;
  run: () => Promise<SeatActionResult>;
}

interface SeatActionDialogProps {
  request: SeatActionRequest | null;
  onClose: () => void;
  onDone: (result: SeatActionResult) => Promise<void> | void;
  /** A refusal: the seats' states may have moved, so the page reads them again. */
  onRefused: () => void;
}

/**
 * Confirms a release or a stop, runs it, and closes on success; a refusal stays in the dialog
 * with the server's own message (for a stop: the seats buyers have), so the seller reads why.
 */
export function SeatActionDialog({ request, onClose, onDone, onRefused }: SeatActionDialogProps) {
  const action = useMutation({
    mutationFn: (run: () => Promise<SeatActionResult>) => run(),
    onSuccess: async (result) => {
      onClose();
      await onDone(result);
    },
    onError: () => onRefused(),
  });
  const close = () => {
    if (action.isPending) return;
    action.reset();
    onClose();
  };
  return (
    <Modal
      isOpen={request !== null}
      onClose={close}
      title={request?.title ?? ''}
      size="small"
      footer={
        <>
          <Button variant="outline" onClick={close} disabled={action.isPending}>
            돌아가기
          </Button>
          <Button
            onClick={() => request && action.mutate(request.run)}
            isLoading={action.isPending}
          >
            {request?.confirmLabel}
          </Button>
        </>
      }
    >
      {request && (
        <div className="flex flex-col gap-3 text-sm text-zinc-300">
          {request.body}
          {action.isError && (
            <p
              role="alert"
              className="rounded-xl border border-rose-500/40 bg-rose-500/10 px-4 py-3 text-rose-200"
            >
              {getErrorMessage(action.error, '좌석을 바꾸지 못했습니다.')}
            </p>
          )}
        </div>
      )}
    </Modal>
  );
}
