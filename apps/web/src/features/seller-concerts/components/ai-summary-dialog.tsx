import { isApiError } from '@/lib/api-client';
import type { SellerConcert } from '@curtaincall/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { invalidateConcertViews, regenerateAiSummary } from '../api/seller-concerts-api';
import { aiBlockedReason, aiErrorMessage, cooldownSecondsLeft, useNow } from '../utils/ai-cooldown';
import { sellerConcertTexts } from '../utils/seller-concert-texts';

interface AiSummaryDialogProps {
  sellerId: number;
  concert: SellerConcert | null;
  /** When each concert's cooldown ends (ms since the epoch). */
  cooldownUntil: Record<number, number>;
  onRegenerated: (concertId: number) => void;
  onClose: () => void;
}

/**
 * AI summary regeneration (seller-admin-side.md §2, §4; api-contract §11.4): the current
 * summary, the button (disabled while running, for 30 s after a regeneration, and for a show
 * that has started or was cancelled), and the new summary at once. The public detail and its
 * summary are refreshed too.
 */
export function AiSummaryDialog({
  sellerId,
  concert,
  cooldownUntil,
  onRegenerated,
  onClose,
}: AiSummaryDialogProps) {
  const queryClient = useQueryClient();
  const [fresh, setFresh] = useState<{ concertId: number; summary: string; note?: string } | null>(
    null,
  );
  const until = concert ? cooldownUntil[concert.concertId] : undefined;
  const now = useNow(concert !== null);
  const secondsLeft = cooldownSecondsLeft(until, now);

  const regenerate = useMutation({
    mutationFn: (concertId: number) => regenerateAiSummary(sellerId, concertId),
    onSuccess: async ({ summary, message }, concertId) => {
      setFresh({ concertId, summary, ...(message ? { note: message } : {}) });
      onRegenerated(concertId);
      await invalidateConcertViews(queryClient);
    },
    onError: (error, concertId) => {
      // The server's own cooldown (another tab): wait as if this page had regenerated.
      if (isApiError(error) && error.status === 429) onRegenerated(concertId);
    },
  });

  const close = () => {
    regenerate.reset();
    setFresh(null);
    onClose();
  };

  const blocked = concert ? aiBlockedReason(concert, now) : null;
  const shown =
    concert && fresh?.concertId === concert.concertId ? fresh.summary : concert?.aiSummary;
  const disabled = regenerate.isPending || secondsLeft > 0 || blocked !== null;

  return (
    <Modal
      isOpen={concert !== null}
      onClose={close}
      title="AI 요약 재생성"
      description={concert?.title}
      size="medium"
      footer={
        <>
          <Button variant="outline" onClick={close}>
            닫기
          </Button>
          <Button
            onClick={() => concert && regenerate.mutate(concert.concertId)}
            isLoading={regenerate.isPending}
            disabled={disabled}
          >
            <Sparkles className="size-4" aria-hidden />
            {secondsLeft > 0 ? `${secondsLeft}초 후 다시 생성 가능` : 'AI 요약 재생성'}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4 text-sm">
        <p className="text-zinc-400">
          관람평을 바탕으로 AI가 공연 요약을 다시 만듭니다. 10자 이상의 관람평이 하나 이상 있어야
          하며, 30초에 한 번 생성할 수 있습니다.
        </p>
        <section aria-labelledby="ai-summary-current" className="flex flex-col gap-2">
          <h3 id="ai-summary-current" className="font-semibold text-zinc-200">
            {fresh?.concertId === concert?.concertId && fresh ? '새 AI 요약' : '현재 AI 요약'}
          </h3>
          <p
            data-testid="ai-summary-text"
            className="rounded-xl border border-surface-700 bg-surface-950/60 px-4 py-3 leading-relaxed whitespace-pre-line text-zinc-100"
          >
            {shown?.trim() ? shown : sellerConcertTexts.aiNoSummary}
          </p>
        </section>
        {fresh?.concertId === concert?.concertId && fresh?.note && (
          <p role="status" className="text-emerald-200">
            {fresh.note}
          </p>
        )}
        {blocked && (
          <p role="status" className="text-amber-200">
            {blocked}
          </p>
        )}
        {regenerate.isError && (
          <p
            role="alert"
            className="rounded-xl border border-rose-500/40 bg-rose-500/10 px-4 py-3 text-rose-200"
          >
            {aiErrorMessage(regenerate.error)}
          </p>
        )}
      </div>
    </Modal>
  );
}
