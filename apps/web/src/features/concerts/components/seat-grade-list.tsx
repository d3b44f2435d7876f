import type { ConcertGradeAvailability, SeatGrade } from '@curtaincall/contracts';
import { clsx } from 'clsx';
import { formatPrice } from '@/lib/format';
import { gradeColorAt, formatPlacesLeft } from '@/lib/grades';
import { useConcertGrades } from '../api/get-concert-grades';

export const noGradesText = '좌석 등급과 가격은 아직 공개되지 않았습니다.';

function sortGrades(grades: readonly SeatGrade[]): SeatGrade[] {
  return [...grades].sort((a, b) => b.price - a.price);
}

/** '50,000원 ~ 150,000원', or one price, or null without grades. */
export function formatPriceRange(grades: readonly SeatGrade[]): string | null {
  if (grades.length === 0) return null;
  const prices = grades.map((grade) => grade.price);
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  return low === high ? formatPrice(low) : `${formatPrice(low)} ~ ${formatPrice(high)}`;
}

/** The quick plan's grade dots, dearest first (the seat page paints its seats the same). */
const quickPlanDots = ['bg-amber-400', 'bg-rose-400', 'bg-sky-400'] as const;

/**
 * A quick-plan concert's grades are named by their code (contracts: `/grades`); a drawn one's
 * are the seller's, in the seller's order and colours.
 */
function isQuickPlan(grades: readonly ConcertGradeAvailability[]): boolean {
  return grades.every((grade) => grade.code === grade.name && grade.color === null);
}

interface GradeRow {
  name: string;
  price: number;
  /** A drawn grade's `#RRGGBB`, else null (a quick-plan dot class by rank). */
  color: string | null;
  left: ConcertGradeAvailability | null;
}

/** The rows to show: the places left once known, the detail's grades before (or without them). */
export function gradeRows(
  detailGrades: readonly SeatGrade[],
  availability: readonly ConcertGradeAvailability[] | undefined,
): GradeRow[] {
  if (!availability || availability.length === 0) {
    return sortGrades(detailGrades).map((grade) => ({ ...grade, color: null, left: null }));
  }
  if (isQuickPlan(availability)) {
    return [...availability]
      .sort((a, b) => b.price - a.price)
      .map((grade) => ({ name: grade.name, price: grade.price, color: null, left: grade }));
  }
  // A drawn grade without a single place (a template's grade the seller never painted) is not
  // on sale at all: '매진' would say otherwise. Colours keep the layout's index.
  return availability.flatMap((grade, index) =>
    grade.totalPlaces > 0
      ? [
          {
            name: grade.name,
            price: grade.price,
            color: gradeColorAt(grade.color, index),
            left: grade,
          },
        ]
      : [],
  );
}

/**
 * The grades with their prices and, when known, the places left ('잔여 212석', '매진'): the
 * 판매정보 tab's list and the 회차 choice's, one markup for both.
 */
export function SeatGradeList({
  grades,
  availability,
  label = '좌석 등급별 가격',
}: {
  grades: readonly SeatGrade[];
  availability: readonly ConcertGradeAvailability[] | undefined;
  label?: string;
}) {
  const rows = gradeRows(grades, availability);
  if (rows.length === 0) {
    return <p className="text-sm text-zinc-400">{noGradesText}</p>;
  }
  return (
    <ul className="flex flex-col gap-2" aria-label={label}>
      {rows.map((grade, index) => {
        const isSoldOut = grade.left !== null && grade.left.available <= 0;
        return (
          <li
            key={grade.name}
            className={clsx(
              'flex items-center justify-between gap-3 rounded-xl bg-surface-850 px-4 py-3',
              isSoldOut && 'opacity-70',
            )}
          >
            <span className="flex min-w-0 items-center gap-2 text-sm font-semibold text-zinc-100">
              <span
                className={clsx(
                  'size-2.5 shrink-0 rounded-full',
                  grade.color === null && (quickPlanDots[index] ?? 'bg-zinc-400'),
                )}
                style={grade.color === null ? undefined : { backgroundColor: grade.color }}
                aria-hidden
              />
              {grade.name}
            </span>
            <span className="flex shrink-0 flex-col items-end">
              <span className="text-sm font-bold text-white tabular-nums">
                {formatPrice(grade.price)}
              </span>
              {grade.left && (
                <span
                  className={clsx(
                    'text-xs tabular-nums',
                    isSoldOut ? 'font-bold text-rose-300' : 'text-zinc-400',
                  )}
                  data-places-left
                >
                  {formatPlacesLeft(grade.left)}
                </span>
              )}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** A concert's grades with the places left from `/grades` (issue 25). */
export function ConcertSeatGrades({
  concertId,
  grades,
}: {
  concertId: number;
  grades: readonly SeatGrade[];
}) {
  const availability = useConcertGrades(concertId);
  return <SeatGradeList grades={grades} availability={availability.data} />;
}
