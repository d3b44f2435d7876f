import { ticketTypeKindLabels, type SellerTicketType } from '@curtaincall/contracts';
import { Tags } from 'lucide-react';
import { Badge } from '@/components/console/console-page';
import { formatDateTime } from '@/lib/format';
import { deleteTicketType, useSellerTicketTypes } from '../api/seller-ticket-types';
import { previewTicketType } from '../utils/price-preview';
import type { PricingBasis } from '../utils/pricing-basis';
import { formatDiscount, formatGrades, formatQuotaUse } from '../utils/pricing-format';
import { pricingTexts } from '../utils/pricing-texts';
import { PricePreview } from './price-preview';
import { PricingSection, TermsLine } from './pricing-list';
import { TicketTypeFormDialog } from './ticket-type-form-dialog';

const texts = pricingTexts.types;

/** A type's terms, sales against its quota, its flags and what a buyer pays per grade. */
function TicketTypeDetails({ type, basis }: { type: SellerTicketType; basis: PricingBasis }) {
  return (
    <>
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
    </>
  );
}

/** 권종 of one concert (issue 27, point 2), added, edited and deleted in dialogs. */
export function TicketTypeSection(basis: PricingBasis) {
  const { concertId } = basis;
  const types = useSellerTicketTypes(concertId);
  return (
    <PricingSection
      texts={texts}
      query={types}
      emptyIcon={Tags}
      basis={basis}
      nameOf={(type) => type.name}
      heading={(type) => (
        <>
          <h3 className="text-base font-bold break-words text-white">{type.name}</h3>
          {type.name !== ticketTypeKindLabels[type.kind] && (
            <p className="text-xs text-zinc-400">{ticketTypeKindLabels[type.kind]}</p>
          )}
        </>
      )}
      details={(type) => <TicketTypeDetails type={type} basis={basis} />}
      renderForm={(type, close) => (
        <TicketTypeFormDialog
          concertId={concertId}
          type={type}
          grades={basis.grades}
          bookingFeePerSeat={basis.bookingFeePerSeat}
          onClose={close}
        />
      )}
      remove={(type) => deleteTicketType(concertId, type.id)}
    />
  );
}
