import type { ConcertGradeAvailability, SellerPromoCode } from '@curtaincall/contracts';
import { useState } from 'react';
import { TextField } from '@/components/ui/text-field';
import { digitsOnly } from '@/lib/business-format';
import { createPromoCode, updatePromoCode } from '../api/seller-promo-codes';
import { usePricingForm } from '../hooks/use-pricing-form';
import { previewPromoCode } from '../utils/price-preview';
import { pricingTexts } from '../utils/pricing-texts';
import {
  checkPromoCodeDraft,
  draftFromPromoCode,
  emptyPromoCodeDraft,
  isSamePromoCodeDraft,
  promoCodeFields,
} from '../utils/promo-code-form';
import { CheckboxField } from './checkbox-field';
import { PricePreview } from './price-preview';
import { PricingFormDialog } from './pricing-form-dialog';
import { TermsFields } from './terms-fields';

const texts = pricingTexts.codes;

/**
 * Adding or editing a 할인 코드 in a dialog: the code, the discount, the grades, the validity
 * window, the total uses and once per account; below, what a buyer of 일반 pays with it.
 */
export function PromoCodeFormDialog({
  concertId,
  code,
  grades,
  bookingFeePerSeat,
  onClose,
}: {
  concertId: number;
  /** The code to edit, or null for a new one. */
  code: SellerPromoCode | null;
  grades: readonly ConcertGradeAvailability[];
  bookingFeePerSeat: number;
  onClose: () => void;
}) {
  const [initial] = useState(() => (code ? draftFromPromoCode(code) : emptyPromoCodeDraft()));
  const form = usePricingForm({
    concertId,
    initial,
    fields: promoCodeFields,
    check: checkPromoCodeDraft,
    save: (body) =>
      code ? updatePromoCode(concertId, code.id, body) : createPromoCode(concertId, body),
    saveFailed: texts.saveFailed,
    onSaved: onClose,
  });
  const { draft, change, problems } = form;
  const errors = problems.errors;
  const checked = checkPromoCodeDraft(draft);
  const previews = checked.body ? previewPromoCode(checked.body, grades, bookingFeePerSeat) : null;

  return (
    <PricingFormDialog
      title={code ? texts.editTitle : texts.add}
      description={texts.description}
      hasUnsavedChanges={!isSamePromoCodeDraft(draft, initial)}
      form={form}
      onClose={onClose}
    >
      <TextField
        label={texts.code}
        name="code"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={20}
        className="[&_input]:uppercase"
        value={draft.code}
        onChange={(event) => change({ code: event.target.value }, ['code'])}
        error={errors.code}
        hint={texts.codeHint}
      />

      <TermsFields
        draft={draft}
        errors={errors}
        invalidGradeKeys={form.invalidGradeKeys}
        grades={grades}
        change={change}
      />

      <div className="grid gap-4 tablet:grid-cols-2">
        <TextField
          label={texts.validFrom}
          labelSuffix={pricingTexts.optional}
          name="validFrom"
          type="datetime-local"
          className="[color-scheme:dark]"
          value={draft.validFrom}
          onChange={(event) => change({ validFrom: event.target.value }, ['validFrom'])}
          error={errors.validFrom}
          hint={texts.validFromHint}
        />
        <TextField
          label={texts.validUntil}
          labelSuffix={pricingTexts.optional}
          name="validUntil"
          type="datetime-local"
          className="[color-scheme:dark]"
          value={draft.validUntil}
          onChange={(event) => change({ validUntil: event.target.value }, ['validUntil'])}
          error={errors.validUntil}
          hint={texts.validUntilHint}
        />
      </div>

      <div className="grid gap-4 tablet:grid-cols-2">
        <TextField
          label={texts.totalUses}
          name="totalUses"
          inputMode="numeric"
          autoComplete="off"
          value={draft.totalUses}
          onChange={(event) => change({ totalUses: digitsOnly(event.target.value) }, ['totalUses'])}
          error={errors.totalUses}
        />
        <CheckboxField
          label={texts.oncePerAccount}
          name="oncePerAccount"
          checked={draft.oncePerAccount}
          onChange={(oncePerAccount) => change({ oncePerAccount }, ['oncePerAccount'])}
          error={errors.oncePerAccount}
        />
      </div>

      <PricePreview
        label={pricingTexts.previewListLabel(checked.body?.code ?? draft.code)}
        previews={previews}
        bookingFeePerSeat={bookingFeePerSeat}
        note={texts.previewNote}
      />
    </PricingFormDialog>
  );
}
