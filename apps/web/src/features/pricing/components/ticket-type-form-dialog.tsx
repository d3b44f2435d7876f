import {
  ticketTypeKindLabels,
  ticketTypeKinds,
  ticketTypeLimits,
  ticketTypeKindSchema,
  type ConcertGradeAvailability,
  type SellerTicketType,
} from '@curtaincall/contracts';
import { useId, useState } from 'react';
import { CharCounter } from '@/components/ui/char-counter';
import { TextField } from '@/components/ui/text-field';
import { digitsOnly } from '@/lib/business-format';
import { createTicketType, updateTicketType } from '../api/seller-ticket-types';
import { usePricingForm } from '../hooks/use-pricing-form';
import { previewTicketType } from '../utils/price-preview';
import { pricingTexts } from '../utils/pricing-texts';
import {
  checkTicketTypeDraft,
  draftFromTicketType,
  emptyTicketTypeDraft,
  isCompanionKind,
  isSameTicketTypeDraft,
  ticketTypeFields,
  withKind,
} from '../utils/ticket-type-form';
import { CheckboxField } from './checkbox-field';
import { PricePreview } from './price-preview';
import { PricingFormDialog } from './pricing-form-dialog';
import { TermsFields } from './terms-fields';

const texts = pricingTexts.types;

const selectClass =
  'h-12 w-full rounded-xl border bg-surface-900 px-4 text-base text-zinc-50 [color-scheme:dark] focus:border-rose-400 focus:ring-2 focus:ring-rose-500/30 focus:outline-none';

/**
 * Adding or editing a 권종 in a dialog: kind, name (the kind's label when left empty), the
 * discount, the grades it applies to, an optional quota, proof at entry, and only where they
 * mean something the companion (장애인, 국가유공자) and the early-bird end (조기예매). Below the
 * fields, what a buyer of this type would pay per grade once every value is valid.
 */
export function TicketTypeFormDialog({
  concertId,
  type,
  grades,
  bookingFeePerSeat,
  onClose,
}: {
  concertId: number;
  /** The type to edit, or null for a new one. */
  type: SellerTicketType | null;
  grades: readonly ConcertGradeAvailability[];
  bookingFeePerSeat: number;
  onClose: () => void;
}) {
  const kindId = useId();
  const [initial] = useState(() => (type ? draftFromTicketType(type) : emptyTicketTypeDraft()));
  const form = usePricingForm({
    concertId,
    initial,
    fields: ticketTypeFields,
    check: checkTicketTypeDraft,
    save: (body) =>
      type ? updateTicketType(concertId, type.id, body) : createTicketType(concertId, body),
    saveFailed: texts.saveFailed,
    onSaved: onClose,
  });
  const { draft, change, problems } = form;
  const errors = problems.errors;
  const kindLabel = draft.kind === '' ? texts.name : ticketTypeKindLabels[draft.kind];
  const checked = checkTicketTypeDraft(draft);
  const previews = checked.body
    ? previewTicketType(
        { ...checked.body, name: checked.body.name ?? kindLabel },
        grades,
        bookingFeePerSeat,
      )
    : null;

  return (
    <PricingFormDialog
      title={type ? texts.editTitle : texts.add}
      description={pricingTexts.generalNote}
      hasUnsavedChanges={!isSameTicketTypeDraft(draft, initial)}
      form={form}
      onClose={onClose}
    >
      <div className="grid gap-4 tablet:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={kindId} className="text-sm font-medium text-zinc-200">
            {texts.kind}
          </label>
          <select
            id={kindId}
            name="kind"
            value={draft.kind}
            aria-invalid={errors.kind ? true : undefined}
            aria-describedby={errors.kind ? `${kindId}-error` : undefined}
            onChange={(event) => {
              const parsed = ticketTypeKindSchema.safeParse(event.target.value);
              const next = withKind(draft, parsed.success ? parsed.data : '');
              change(next, ['kind', 'companionAllowed', 'earlyUntil']);
            }}
            className={`${selectClass} ${errors.kind ? 'border-rose-500/80' : 'border-surface-700'}`}
          >
            <option value="" disabled>
              {texts.kindPlaceholder}
            </option>
            {ticketTypeKinds.map((kind) => (
              <option key={kind} value={kind}>
                {ticketTypeKindLabels[kind]}
              </option>
            ))}
          </select>
          {errors.kind && (
            <p id={`${kindId}-error`} className="text-sm text-rose-300">
              {errors.kind}
            </p>
          )}
        </div>
        <TextField
          label={texts.name}
          labelSuffix={pricingTexts.optional}
          name="name"
          placeholder={kindLabel}
          maxLength={ticketTypeLimits.nameMax}
          autoComplete="off"
          value={draft.name}
          onChange={(event) => change({ name: event.target.value }, ['name'])}
          error={errors.name}
          hint={
            <span className="flex justify-between gap-2">
              {texts.nameHint}
              <CharCounter length={draft.name.length} max={ticketTypeLimits.nameMax} />
            </span>
          }
        />
      </div>

      <TermsFields
        draft={draft}
        errors={errors}
        invalidGradeKeys={form.invalidGradeKeys}
        grades={grades}
        change={change}
      />

      <div className="grid gap-4 tablet:grid-cols-2">
        <TextField
          label={texts.quota}
          labelSuffix={pricingTexts.optional}
          name="quota"
          inputMode="numeric"
          autoComplete="off"
          value={draft.quota}
          onChange={(event) => change({ quota: digitsOnly(event.target.value) }, ['quota'])}
          error={errors.quota}
          hint={texts.quotaHint}
        />
        {draft.kind === 'EARLY_BIRD' && (
          <TextField
            label={texts.earlyUntil}
            name="earlyUntil"
            type="datetime-local"
            className="[color-scheme:dark]"
            value={draft.earlyUntil}
            onChange={(event) => change({ earlyUntil: event.target.value }, ['earlyUntil'])}
            error={errors.earlyUntil}
            hint={texts.earlyUntilHint}
          />
        )}
      </div>

      <div className="grid gap-3 tablet:grid-cols-2">
        <CheckboxField
          label={texts.proof}
          name="proofRequired"
          checked={draft.proofRequired}
          onChange={(proofRequired) => change({ proofRequired }, ['proofRequired'])}
          hint={texts.proofHint}
          error={errors.proofRequired}
        />
        {isCompanionKind(draft.kind) && (
          <CheckboxField
            label={texts.companion}
            name="companionAllowed"
            checked={draft.companionAllowed}
            onChange={(companionAllowed) => change({ companionAllowed }, ['companionAllowed'])}
            hint={texts.companionHint}
            error={errors.companionAllowed}
          />
        )}
      </div>

      <PricePreview
        label={pricingTexts.previewListLabel(kindLabel)}
        previews={previews}
        bookingFeePerSeat={bookingFeePerSeat}
      />
    </PricingFormDialog>
  );
}
