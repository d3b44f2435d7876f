import type { SellerConcert } from '@curtaincall/contracts';
import { Badge } from '@/components/console/console-page';
import { formatDateTime, formatNumber } from '@/lib/format';
import { sellerConcertTexts } from '../utils/seller-concert-texts';
import type { ShowGroup } from '../utils/show-groups';

/** Pieces shared by the concert rows and the show groups of the manage list. */

/** What a row's buttons do; `isPerformance` says a performance of a show of several is meant. */
export interface ConcertRowActions {
  onEdit: (concert: SellerConcert, isPerformance: boolean) => void;
  onCancel: (concert: SellerConcert, isPerformance: boolean) => void;
  onAiSummary: (concert: SellerConcert) => void;
}

/** What a show's buttons do (issue 26). */
export interface ShowActions {
  onAddPerformance: (group: ShowGroup) => void;
  onEditShow: (group: ShowGroup) => void;
  onCancelShow: (group: ShowGroup) => void;
}

export type ListActions = ConcertRowActions & ShowActions;

/** Registered vs modified (§2): the modification time once the concert was changed. */
export function timestampLabel(concert: SellerConcert): { label: string; value: string } {
  return concert.updatedAt !== concert.createdAt
    ? { label: '수정', value: formatDateTime(concert.updatedAt) }
    : { label: '등록', value: formatDateTime(concert.createdAt) };
}

/** A disabled button is drawn dashed and dim, so it never reads as one that works. */
export const lockedLook =
  'disabled:border-dashed disabled:border-surface-700 disabled:text-zinc-500';

/** A cancelled concert's refunds: in progress (done of all), or all done. */
export function RefundProgress({ concert }: { concert: SellerConcert }) {
  const { refundsPending: pending, refundsDone: done } = concert;
  if (pending > 0) {
    return (
      <Badge
        tone="warning"
        title="환불을 차례로 진행합니다. 결제사가 받아들이지 않은 건은 자동으로 다시 시도합니다."
      >
        환불 진행 {formatNumber(done)}/{formatNumber(done + pending)}건
      </Badge>
    );
  }
  if (done > 0) return <Badge tone="success">환불 완료 {formatNumber(done)}건</Badge>;
  return null;
}

export function AiSummaryText({ text }: { text: string | null }) {
  return (
    <p className="line-clamp-3 break-words text-zinc-300" title={text ?? undefined}>
      {text?.trim() ? (
        text
      ) : (
        <span className="text-zinc-400">{sellerConcertTexts.aiNoSummary}</span>
      )}
    </p>
  );
}
