import { formatPrice } from '@/lib/format';
import type { GradePreview } from '../utils/price-preview';
import { pricingTexts } from '../utils/pricing-texts';

/**
 * What a buyer pays for one seat of each grade (the breakdown's total of `priceBooking`, booking
 * fee included), with the grade price it started from. `previews` is null while a form's draft
 * is not valid yet; nothing is shown when no grade of the concert is concerned.
 */
export function PricePreview({
  label,
  previews,
  bookingFeePerSeat,
  note,
}: {
  /** Names the list for screen readers: '{type} 등급별 결제 금액'. */
  label: string;
  previews: readonly GradePreview[] | null;
  bookingFeePerSeat: number;
  note?: string;
}) {
  if (previews === null) {
    return <p className="text-xs text-zinc-400">{pricingTexts.previewUnavailable}</p>;
  }
  if (previews.length === 0) return null;
  return (
    <div className="flex flex-col gap-1.5 rounded-xl bg-surface-950/60 px-3 py-2.5">
      <p className="text-xs font-semibold text-zinc-400">
        {pricingTexts.previewHeading(formatPrice(bookingFeePerSeat))}
        {note && <span className="font-normal"> · {note}</span>}
      </p>
      <ul aria-label={label} className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {previews.map((preview) => (
          <li key={preview.gradeKey} className="flex flex-wrap items-baseline gap-x-1.5">
            <span className="text-zinc-300">{preview.gradeName}</span>
            <strong className="font-semibold text-white tabular-nums">
              {formatPrice(preview.pays)}
            </strong>
            <span className="text-xs text-zinc-400 tabular-nums">
              ({pricingTexts.previewBase(formatPrice(preview.gradePrice))})
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
