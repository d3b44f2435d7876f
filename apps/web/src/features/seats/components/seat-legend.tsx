import type { ConcertGradeAvailability } from '@curtaincall/contracts';
import { clsx } from 'clsx';
import { formatPrice } from '@/lib/format';
import { formatPlacesLeft } from '@/lib/grades';
import {
  firstGradeTone,
  seatKindLabels,
  swatchStyle,
  toneForGrade,
  type GradeInfo,
  type SeatKind,
} from '../utils/seat-layout';
import { SeatMark, SeatTagMark, seatKindClass, wheelchairSymbol } from './seat-button';

const legendKinds: readonly SeatKind[] = ['available', 'mine', 'held', 'booked'];

/** The marks of a drawn venue's tagged seats; the legend lists those the hall has. */
export interface SeatMarksInUse {
  WHEELCHAIR: boolean;
  COMPANION: boolean;
  RESTRICTED_VIEW: boolean;
}

export const seatMarkTexts = {
  WHEELCHAIR: '휠체어석',
  COMPANION: '동반석 (휠체어석과 함께)',
  RESTRICTED_VIEW: '시야 제한석',
} as const;

function Sample({ kind, className }: { kind: SeatKind; className?: string }) {
  return (
    <span
      className={clsx(
        'flex size-5 shrink-0 items-center justify-center rounded-t-md rounded-b-sm',
        seatKindClass(kind, firstGradeTone),
        className,
      )}
      aria-hidden
    >
      <SeatMark kind={kind} />
    </span>
  );
}

interface SeatLegendProps {
  grades: GradeInfo[];
  /** A drawn concert's places left per grade (`/grades`), matched to `grades` by name. */
  availability?: readonly ConcertGradeAvailability[] | undefined;
  marks?: SeatMarksInUse | undefined;
}

/**
 * Grade colours with their prices ('프리미엄 150,000원'; a drawn concert's also with the places
 * left, '잔여 212석'), then the seat states and their marks, and a drawn hall's seat tags.
 */
export function SeatLegend({ grades, availability, marks }: SeatLegendProps) {
  const left = new Map((availability ?? []).map((grade) => [grade.name, grade]));
  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-surface-700/70 bg-surface-900/70 px-4 py-3">
      <ul aria-label="좌석 등급별 가격" className="flex flex-wrap gap-x-5 gap-y-2">
        {grades.map((grade) => {
          const tone = toneForGrade(grades, grade.name);
          const places = left.get(grade.name);
          // A drawn grade with no place at all is not sold: no '매진' for it.
          if (places && places.totalPlaces === 0) return null;
          return (
            <li key={grade.name} className="flex items-center gap-2 text-sm">
              <span
                className={clsx('size-3.5 rounded-sm', tone.swatch)}
                style={swatchStyle(tone)}
                aria-hidden
              />
              <span className="font-semibold text-zinc-100">{grade.name}</span>
              <span className="text-zinc-300 tabular-nums">{formatPrice(grade.price)}</span>
              {places && (
                <>
                  {' '}
                  <span
                    className={clsx(
                      'text-xs tabular-nums',
                      places.available > 0 ? 'text-zinc-400' : 'font-semibold text-rose-300',
                    )}
                    data-places-left={grade.name}
                  >
                    {formatPlacesLeft(places)}
                  </span>
                </>
              )}
            </li>
          );
        })}
      </ul>
      <ul
        aria-label="좌석 상태"
        className="flex flex-wrap gap-x-5 gap-y-2 border-t border-white/5 pt-3"
      >
        {legendKinds.map((kind) => (
          <li key={kind} className="flex items-center gap-2 text-xs text-zinc-300">
            {kind === 'available' ? (
              <span className="flex gap-0.5" aria-hidden>
                {grades.slice(0, 3).map((grade) => {
                  const tone = toneForGrade(grades, grade.name);
                  return (
                    <span
                      key={grade.name}
                      className={clsx('size-5 rounded-t-md rounded-b-sm', tone.swatch)}
                      style={swatchStyle(tone)}
                    />
                  );
                })}
              </span>
            ) : (
              <Sample kind={kind} />
            )}
            {seatKindLabels[kind]}
          </li>
        ))}
        {marks?.WHEELCHAIR && (
          <li className="flex items-center gap-2 text-xs text-zinc-300">
            <span
              className="flex size-5 items-center justify-center rounded-t-md rounded-b-sm bg-surface-700 text-xs font-bold text-white"
              aria-hidden
            >
              {wheelchairSymbol}
            </span>
            {seatMarkTexts.WHEELCHAIR}
          </li>
        )}
        {marks?.COMPANION && (
          <li className="flex items-center gap-2 text-xs text-zinc-300">
            <span className="relative size-5 rounded-t-md rounded-b-sm bg-surface-700" aria-hidden>
              <SeatTagMark tags={['COMPANION']} />
            </span>
            {seatMarkTexts.COMPANION}
          </li>
        )}
        {marks?.RESTRICTED_VIEW && (
          <li className="flex items-center gap-2 text-xs text-zinc-300">
            <span className="relative size-5 rounded-t-md rounded-b-sm bg-surface-700" aria-hidden>
              <SeatTagMark tags={['RESTRICTED_VIEW']} />
            </span>
            {seatMarkTexts.RESTRICTED_VIEW}
          </li>
        )}
      </ul>
    </div>
  );
}
