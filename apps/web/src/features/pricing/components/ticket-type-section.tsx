import { ticketTypeKindLabels, type SellerTicketType } from '@curtaincall/contracts';
import { Tags } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/console/console-page';
import { formatDateTime } from '@/lib/format';
import { deleteTicketType, useSellerTicketTypes } from '../api/seller-ticket-types';
import { previewTicketType } from '../utils/price-preview';
import type { PricingBasis } from '../utils/pricing-basis';
import { formatDiscount, formatGrades, formatQuotaUse } from '../utils/pricing-format';
import { pricingTexts } from '../utils/pricing-texts';
import { DeleteConfirmDialog } from './delete-confirm-dialog';
import { PricePreview } from './price-preview';
import { PricingItemCard, PricingListCard, TermsLine } from './pricing-list';
import { TicketTypeFormDialog } from './ticket-type-form-dialog';

const texts = pricingTexts.types;

/** The form: closed, a new type, or one type's edit. */
type Editing = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; type: SellerTicketType };

function TicketTypeCard({
  type,
  basis,
  onEdit,
  onDelete,
}: {
  type: SellerTicketType;
  basis: PricingBasis;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const kindLabel = ticketTypeKindLabels[type.kind];
  return (
    <PricingItemCard
      name={type.name}
      isClosed={basis.isClosed}
      onEdit={onEdit}
      onDelete={onDelete}
      heading={
        <>
          <h3 className="text-base font-bold break-words text-white">{type.name}</h3>
          {type.name !== kindLabel && <p className="text-xs text-zinc-400">{kindLabel}</p>}
        </>
      }
    >
      <TermsLine
        discount={formatDiscount(type.discountKind, type.discountValue)}
        grades={formatGrades(type.gradeKeys, basis.grades)}
        usage={formatQuotaUse(type.used, type.quota)}
      />
      {(type.proofRequired || type.companionAllowed || type.earlyUntil) && (
        <div className="flex flex-wrap gap-2">
          {type.proofRequired && <Badge tone="warning">{texts.proofBadge}</Badge>}
          {type.companionAllowed && <Badge tone="info">{texts.companionBadge}</Badge>}
          {type.earlyUntil && (
            <Badge tone="pending">{texts.earlyBadge(formatDateTime(type.earlyUntil))}</Badge>
          )}
        </div>
      )}
      <PricePreview
        label={pricingTexts.previewListLabel(type.name)}
        previews={previewTicketType(type, basis.grades, basis.bookingFeePerSeat)}
        bookingFeePerSeat={basis.bookingFeePerSeat}
      />
    </PricingItemCard>
  );
}

/**
 * 권종 of one concert (issue 27, point 2): each type's discount, grades, sales against its quota,
 * its flags and what a buyer pays per grade; add, edit and delete in dialogs.
 */
export function TicketTypeSection(basis: PricingBasis) {
  const { concertId } = basis;
  const list = useSellerTicketTypes(concertId);
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });
  const [deleting, setDeleting] = useState<SellerTicketType | null>(null);
  return (
    <PricingListCard
      texts={texts}
      query={list}
      emptyIcon={Tags}
      isClosed={basis.isClosed}
      onAdd={() => setEditing({ mode: 'create' })}
      renderItem={(type) => (
        <TicketTypeCard
          key={type.id}
          type={type}
          basis={basis}
          onEdit={() => setEditing({ mode: 'edit', type })}
          onDelete={() => setDeleting(type)}
        />
      )}
    >
      {editing.mode !== 'closed' && (
        <TicketTypeFormDialog
          concertId={concertId}
          type={editing.mode === 'edit' ? editing.type : null}
          grades={basis.grades}
          bookingFeePerSeat={basis.bookingFeePerSeat}
          onClose={() => setEditing({ mode: 'closed' })}
        />
      )}
      {deleting && (
        <DeleteConfirmDialog
          concertId={concertId}
          title={texts.deleteTitle}
          question={texts.deleteQuestion(deleting.name)}
          note={texts.deleteNote}
          failed={texts.deleteFailed}
          remove={() => deleteTicketType(concertId, deleting.id)}
          onClose={() => setDeleting(null)}
        />
      )}
    </PricingListCard>
  );
}
