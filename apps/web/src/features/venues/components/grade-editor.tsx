import { venueLayoutLimits, type VenueLayout } from '@curtaincall/contracts';
import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { formatNumber } from '@/lib/format';
import {
  addGrade,
  nextGradeCode,
  removeGrade,
  updateGrade,
  type LayoutGrade,
} from '../utils/layout-edit';
import { gradeColor, type LayoutCounts } from '../utils/layout-stats';
import { compactInputClass, compactLabelClass, panelClass } from './field-classes';

interface GradeEditorProps {
  layout: VenueLayout;
  counts: LayoutCounts;
  activeGrade: string;
  onActiveGradeChange: (code: string) => void;
  onEdit: (layout: VenueLayout, announcement: string) => void;
  /** The checker's problems by path ('grades[0].price'), shown under their field. */
  problemAt: (path: string) => string | undefined;
}

/** Whole won from what was typed: digits only, so '165,000' and '165000원' both work. */
function parseWon(text: string): number {
  const digits = text.replace(/[^\d]/g, '');
  return digits === '' ? 0 : Math.min(Number(digits), 99_999_999);
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-xs text-rose-300">
      {message}
    </p>
  );
}

/**
 * The grades (1-20): the one to paint with (a radio per grade), code, name, price in won and
 * colour, with the places each has now. Removing a grade moves its seats to the first other one.
 */
export function GradeEditor({
  layout,
  counts,
  activeGrade,
  onActiveGradeChange,
  onEdit,
  problemAt,
}: GradeEditorProps) {
  const baseId = useId();
  const canAdd = layout.grades.length < venueLayoutLimits.gradesMax;

  const edit = (index: number, patch: Partial<LayoutGrade>, what: string) => {
    const grade = layout.grades[index];
    const next = updateGrade(layout, index, patch);
    if (grade && patch.code !== undefined && grade.code === activeGrade)
      onActiveGradeChange(patch.code);
    onEdit(next, what);
  };

  return (
    <section aria-labelledby={`${baseId}-title`} className={panelClass}>
      <div className="mb-3 flex items-center justify-between gap-2">
        <h3 id={`${baseId}-title`} className="text-base font-bold text-white">
          등급과 가격
        </h3>
        <Button
          variant="outline"
          size="sm"
          disabled={!canAdd}
          onClick={() => {
            const code = nextGradeCode(layout);
            const index = layout.grades.length;
            const grade = { code, name: `${code}석`, price: 0, color: gradeColor(layout, index) };
            onEdit(addGrade(layout, grade), `${grade.name} 등급을 추가함`);
            onActiveGradeChange(code);
          }}
        >
          <Plus className="size-4" aria-hidden />
          등급 추가
        </Button>
      </div>
      <fieldset>
        <legend className="sr-only">칠할 등급</legend>
        <ul className="flex flex-col gap-3">
          {layout.grades.map((grade, index) => {
            const id = `${baseId}-${index}`;
            const count = counts.grades[index];
            const problems = {
              code: problemAt(`grades[${index}].code`),
              name: problemAt(`grades[${index}].name`),
              price: problemAt(`grades[${index}].price`),
              color: problemAt(`grades[${index}].color`),
            };
            const replacement = layout.grades.find((other) => other.code !== grade.code);
            return (
              <li key={index} className="rounded-xl border border-surface-700 p-3">
                <div className="mb-2 flex items-center justify-between gap-2">
                  <label className="flex items-center gap-2 text-sm font-semibold text-zinc-100">
                    <input
                      type="radio"
                      name={`${baseId}-active`}
                      value={grade.code}
                      checked={grade.code === activeGrade}
                      onChange={() => onActiveGradeChange(grade.code)}
                      className="size-4 accent-rose-500"
                    />
                    <span
                      className="inline-block size-3.5 rounded-sm"
                      style={{ backgroundColor: count?.color ?? gradeColor(layout, index) }}
                      aria-hidden
                    />
                    {grade.name}으로 칠하기
                    <span className="text-xs font-normal text-zinc-400">(숫자 키 {index + 1})</span>
                  </label>
                  <span className="text-xs text-zinc-400 tabular-nums">
                    {formatNumber(count?.places ?? 0)}석
                  </span>
                </div>
                {/* Two columns: the side panel is narrow, and a price of 7 digits must stay readable. */}
                <div className="grid grid-cols-2 gap-2">
                  <div className="flex flex-col gap-1">
                    <label htmlFor={`${id}-code`} className={compactLabelClass}>
                      코드
                    </label>
                    <input
                      id={`${id}-code`}
                      className={compactInputClass}
                      value={grade.code}
                      maxLength={venueLayoutLimits.gradeCodeMax}
                      aria-invalid={problems.code ? true : undefined}
                      aria-describedby={problems.code ? `${id}-code-error` : undefined}
                      onChange={(event) =>
                        edit(
                          index,
                          { code: event.target.value.trim() },
                          `등급 코드를 ${event.target.value}(으)로 바꿈`,
                        )
                      }
                    />
                    <FieldError id={`${id}-code-error`} message={problems.code} />
                  </div>
                  <div className="flex flex-col gap-1">
                    <label htmlFor={`${id}-name`} className={compactLabelClass}>
                      이름
                    </label>
                    <input
                      id={`${id}-name`}
                      className={compactInputClass}
                      value={grade.name}
                      maxLength={venueLayoutLimits.gradeNameMax}
                      aria-invalid={problems.name ? true : undefined}
                      aria-describedby={problems.name ? `${id}-name-error` : undefined}
                      onChange={(event) =>
                        edit(index, { name: event.target.value }, '등급 이름을 바꿈')
                      }
                    />
                    <FieldError id={`${id}-name-error`} message={problems.name} />
                  </div>
                  <div className="flex flex-col gap-1">
                    <label htmlFor={`${id}-price`} className={compactLabelClass}>
                      가격(원)
                    </label>
                    <input
                      id={`${id}-price`}
                      className={`${compactInputClass} tabular-nums`}
                      inputMode="numeric"
                      value={String(grade.price)}
                      aria-invalid={problems.price ? true : undefined}
                      aria-describedby={problems.price ? `${id}-price-error` : undefined}
                      onChange={(event) =>
                        edit(
                          index,
                          { price: parseWon(event.target.value) },
                          `${grade.name} 가격을 바꿈`,
                        )
                      }
                    />
                    <FieldError id={`${id}-price-error`} message={problems.price} />
                  </div>
                  <div className="flex flex-col gap-1">
                    <label htmlFor={`${id}-color`} className={compactLabelClass}>
                      색
                    </label>
                    <input
                      id={`${id}-color`}
                      type="color"
                      className="h-9 w-full cursor-pointer rounded-lg border border-surface-700 bg-surface-900 px-1"
                      value={(grade.color ?? gradeColor(layout, index)).toLowerCase()}
                      onChange={(event) =>
                        edit(
                          index,
                          { color: event.target.value.toUpperCase() },
                          `${grade.name} 색을 바꿈`,
                        )
                      }
                    />
                    <FieldError id={`${id}-color-error`} message={problems.color} />
                  </div>
                </div>
                {replacement && (
                  <div className="mt-2 flex justify-end">
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`${grade.name} 등급 삭제`}
                      onClick={() => {
                        onEdit(
                          removeGrade(layout, index, replacement.code),
                          `${grade.name} 등급을 삭제함. 그 좌석은 ${replacement.name}이 됨`,
                        );
                        if (grade.code === activeGrade) onActiveGradeChange(replacement.code);
                      }}
                    >
                      <Trash2 className="size-4" aria-hidden />
                      삭제
                    </Button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      </fieldset>
    </section>
  );
}
