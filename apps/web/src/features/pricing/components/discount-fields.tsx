import type { DiscountKind } from '@curtaincall/contracts';
import { useId } from 'react';
import { TextField } from '@/components/ui/text-field';
import { digitsOnly } from '@/lib/business-format';
import { pricingTexts } from '../utils/pricing-texts';

const discountKinds: DiscountKind[] = ['PERCENT', 'AMOUNT'];

/**
 * 할인 방식 (정률 %, 정액 원) as two radios and the value under its own label, which says the
 * unit of the chosen kind. Shared by the 권종 and 할인 코드 forms.
 */
export function DiscountFields({
  kind,
  value,
  onKindChange,
  onValueChange,
  kindError,
  valueError,
}: {
  kind: DiscountKind;
  value: string;
  onKindChange: (kind: DiscountKind) => void;
  onValueChange: (value: string) => void;
  kindError?: string | undefined;
  valueError?: string | undefined;
}) {
  const name = useId();
  const kindErrorId = `${name}-error`;
  return (
    <div className="grid gap-4 tablet:grid-cols-2">
      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={kindError ? kindErrorId : undefined}
      >
        <legend className="mb-1.5 text-sm font-medium text-zinc-200">
          {pricingTexts.discountKind}
        </legend>
        <div className="flex flex-wrap gap-2">
          {discountKinds.map((option) => (
            <label
              key={option}
              className="flex h-12 flex-1 cursor-pointer items-center gap-2 rounded-xl border border-surface-700 bg-surface-900/60 px-4 text-sm text-zinc-100 has-[:checked]:border-rose-400 has-[:checked]:bg-rose-500/10"
            >
              <input
                type="radio"
                name={name}
                value={option}
                checked={kind === option}
                onChange={() => onKindChange(option)}
                className="accent-rose-500"
              />
              {pricingTexts.discountKindLabels[option]}
            </label>
          ))}
        </div>
        {kindError && (
          <p id={kindErrorId} className="text-sm text-rose-300">
            {kindError}
          </p>
        )}
      </fieldset>
      <TextField
        label={pricingTexts.discountValueLabels[kind]}
        name="discountValue"
        inputMode="numeric"
        autoComplete="off"
        value={value}
        onChange={(event) => onValueChange(digitsOnly(event.target.value))}
        error={valueError}
        hint={kind === 'PERCENT' ? '1~100' : '1~10,000,000'}
      />
    </div>
  );
}
