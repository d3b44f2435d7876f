import type { SellerPromoCode } from '@curtaincall/contracts';
import { TicketPercent } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/console/console-page';
import { deletePromoCode, useSellerPromoCodes } from '../api/seller-promo-codes';
import { previewPromoCode } from '../utils/price-preview';
import type { PricingBasis } from '../utils/pricing-basis';
import { formatDiscount, formatGrades, formatWindow } from '../utils/pricing-format';
import { pricingTexts } from '../utils/pricing-texts';
import { DeleteConfirmDialog } from './delete-confirm-dialog';
import { PricePreview } from './price-preview';
import { PricingItemCard, PricingListCard, TermsLine } from './pricing-list';
import { PromoCodeFormDialog } from './promo-code-form-dialog';

const texts = pricingTexts.codes;

/** The form: closed, a new code, or one code's edit. */
type Editing = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; code: SellerPromoCode };

function PromoCodeCard({
  code,
  basis,
  onEdit,
  onDelete,
}: {
  code: SellerPromoCode;
  basis: PricingBasis;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <PricingItemCard
      name={code.code}
      isClosed={basis.isClosed}
      onEdit={onEdit}
      onDelete={onDelete}
      heading={
        <h3 className="font-mono text-base font-bold tracking-wider break-all text-white">
          {code.code}
        </h3>
      }
    >
      <TermsLine
        discount={formatDiscount(code.discountKind, code.discountValue)}
        grades={formatGrades(code.gradeKeys, basis.grades)}
        usage={texts.uses(code.used, code.totalUses)}
      />
      <p className="text-sm text-zinc-300">{formatWindow(code.validFrom, code.validUntil)}</p>
      {code.oncePerAccount && (
        <div className="flex flex-wrap gap-2">
          <Badge tone="info">{texts.oncePerAccountBadge}</Badge>
        </div>
      )}
      <PricePreview
        label={pricingTexts.previewListLabel(code.code)}
        previews={previewPromoCode(code, basis.grades, basis.bookingFeePerSeat)}
        bookingFeePerSeat={basis.bookingFeePerSeat}
        note={texts.previewNote}
      />
    </PricingItemCard>
  );
}

/**
 * 할인 코드 of one concert (issue 27, point 3): each code's discount, grades, uses taken of its
 * total, its window and once-per-account rule; add, edit and delete in dialogs.
 */
export function PromoCodeSection(basis: PricingBasis) {
  const { concertId } = basis;
  const list = useSellerPromoCodes(concertId);
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });
  const [deleting, setDeleting] = useState<SellerPromoCode | null>(null);
  return (
    <PricingListCard
      texts={texts}
      query={list}
      emptyIcon={TicketPercent}
      isClosed={basis.isClosed}
      onAdd={() => setEditing({ mode: 'create' })}
      renderItem={(code) => (
        <PromoCodeCard
          key={code.id}
          code={code}
          basis={basis}
          onEdit={() => setEditing({ mode: 'edit', code })}
          onDelete={() => setDeleting(code)}
        />
      )}
    >
      {editing.mode !== 'closed' && (
        <PromoCodeFormDialog
          concertId={concertId}
          code={editing.mode === 'edit' ? editing.code : null}
          grades={basis.grades}
          bookingFeePerSeat={basis.bookingFeePerSeat}
          onClose={() => setEditing({ mode: 'closed' })}
        />
      )}
      {deleting && (
        <DeleteConfirmDialog
          concertId={concertId}
          title={texts.deleteTitle}
          question={texts.deleteQuestion(deleting.code)}
          note={texts.deleteNote}
          failed={texts.deleteFailed}
          remove={() => deletePromoCode(concertId, deleting.id)}
          onClose={() => setDeleting(null)}
        />
      )}
    </PricingListCard>
  );
}
