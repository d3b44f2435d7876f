import type { ConcertGradeAvailability, DiscountKind } from '@curtaincall/contracts';
import { toggleGradeKey } from '../utils/form-values';
import { DiscountFields } from './discount-fields';
import { GradeCheckboxes } from './grade-checkboxes';

/** What a 권종 and a 할인 코드 both set: the discount and the grades it applies to. */
interface TermsDraft {
  discountKind: DiscountKind;
  discountValue: string;
  gradeKeys: string[];
}
type TermsField = keyof TermsDraft;

/** The discount (kind and value) and the grades, shared by both forms. */
export function TermsFields({
  draft,
  errors,
  invalidGradeKeys,
  grades,
  change,
}: {
  draft: TermsDraft;
  errors: Partial<Record<TermsField, string>>;
  invalidGradeKeys: readonly string[];
  grades: readonly ConcertGradeAvailability[];
  change: (patch: Partial<TermsDraft>, touched: readonly TermsField[]) => void;
}) {
  return (
    <>
      <DiscountFields
        kind={draft.discountKind}
        value={draft.discountValue}
        onKindChange={(discountKind) => change({ discountKind }, ['discountKind', 'discountValue'])}
        onValueChange={(discountValue) => change({ discountValue }, ['discountValue'])}
        kindError={errors.discountKind}
        valueError={errors.discountValue}
      />
      <GradeCheckboxes
        grades={grades}
        chosen={draft.gradeKeys}
        onToggle={(key) =>
          change({ gradeKeys: toggleGradeKey(draft.gradeKeys, key, grades) }, ['gradeKeys'])
        }
        error={errors.gradeKeys}
        invalidKeys={invalidGradeKeys}
      />
    </>
  );
}
