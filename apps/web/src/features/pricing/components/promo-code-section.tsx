import type { SellerPromoCode } from '@curtaincall/contracts';
import { TicketPercent } from 'lucide-react';
import { Badge } from '@/components/console/console-page';
import { deletePromoCode, useSellerPromoCodes } from '../api/seller-promo-codes';
import { previewPromoCode } from '../utils/price-preview';
import type { PricingBasis } from '../utils/pricing-basis';
import { formatDiscount, formatGrades, formatWindow } from '../utils/pricing-format';
import { pricingTexts } from '../utils/pricing-texts';
import { PricePreview } from './price-preview';
import { PricingSection, TermsLine } from './pricing-list';
import { PromoCodeFormDialog } from './promo-code-form-dialog';

const texts = pricingTexts.codes;

/** A code's terms, uses taken of its total, its window and what a buyer of 일반 pays with it. */
function PromoCodeDetails({ code, basis }: { code: SellerPromoCode; basis: PricingBasis }) {
  return (
    <>
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
    </>
  );
}

/** 할인 코드 of one concert (issue 27, point 3), added, edited and deleted in dialogs. */
export function PromoCodeSection(basis: PricingBasis) {
  const { concertId } = basis;
  const codes = useSellerPromoCodes(concertId);
  return (
    <PricingSection
      texts={texts}
      query={codes}
      emptyIcon={TicketPercent}
      basis={basis}
      nameOf={(code) => code.code}
      heading={(code) => (
        <h3 className="font-mono text-base font-bold tracking-wider break-all text-white">
          {code.code}
        </h3>
      )}
      details={(code) => <PromoCodeDetails code={code} basis={basis} />}
      renderForm={(code, close) => (
        <PromoCodeFormDialog
          concertId={concertId}
          code={code}
          grades={basis.grades}
          bookingFeePerSeat={basis.bookingFeePerSeat}
          onClose={close}
        />
      )}
      remove={(code) => deletePromoCode(concertId, code.id)}
    />
  );
}
