import { concertStatusLabels, type ConcertStatus } from '@curtaincall/contracts';
import { Badge, type BadgeTone } from '@/components/console/console-page';

const tones: Record<ConcertStatus, BadgeTone> = {
  SCHEDULED: 'info',
  ON_SALE: 'success',
  SOLD_OUT: 'pending',
  CANCELLED: 'danger',
  COMPLETED: 'neutral',
};

/** A concert's status as the seller's list shows it (seller-admin-side.md §4 labels). */
export function SellerConcertStatus({ status }: { status: ConcertStatus }) {
  return <Badge tone={tones[status]}>{concertStatusLabels[status]}</Badge>;
}
