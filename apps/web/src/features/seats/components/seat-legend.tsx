import { clsx } from 'clsx';
import { formatPrice } from '@/lib/format';
import {
  gradeTones,
  seatKindLabels,
  toneForGrade,
  type GradeInfo,
  type SeatKind,
} from '../utils/seat-layout';
import { SeatMark, seatKindClass } from './seat-button';

const legendKinds: readonly SeatKind[] = ['available', 'mine', 'held', 'booked'];

function Sample({ kind, className }: { kind: SeatKind; className?: string }) {
  return (
    <span
      className={clsx(
        'flex size-5 shrink-0 items-center justify-center rounded-t-md rounded-b-sm',
        seatKindClass(kind, gradeTones[0]),
        className,
      )}
      aria-hidden
    >
      <SeatMark kind={kind} />
    </span>
  );
}

/** Grade colours with their prices ('프리미엄 150,000원'), then the seat states and their marks. */
export function SeatLegend({ grades }: { grades: GradeInfo[] }) {
  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-surface-700/70 bg-surface-900/70 px-4 py-3">
      <ul aria-label="좌석 등급별 가격" className="flex flex-wrap gap-x-5 gap-y-2">
        {grades.map((grade) => (
          <li key={grade.name} className="flex items-center gap-2 text-sm">
            <span
              className={clsx('size-3.5 rounded-sm', toneForGrade(grades, grade.name).swatch)}
              aria-hidden
            />
            <span className="font-semibold text-zinc-100">{grade.name}</span>
            <span className="text-zinc-300 tabular-nums">{formatPrice(grade.price)}</span>
          </li>
        ))}
      </ul>
      <ul
        aria-label="좌석 상태"
        className="flex flex-wrap gap-x-5 gap-y-2 border-t border-white/5 pt-3"
      >
        {legendKinds.map((kind) => (
          <li key={kind} className="flex items-center gap-2 text-xs text-zinc-300">
            {kind === 'available' ? (
              <span className="flex gap-0.5" aria-hidden>
                {grades.slice(0, 3).map((grade) => (
                  <span
                    key={grade.name}
                    className={clsx(
                      'size-5 rounded-t-md rounded-b-sm',
                      toneForGrade(grades, grade.name).swatch,
                    )}
                  />
                ))}
              </span>
            ) : (
              <Sample kind={kind} />
            )}
            {seatKindLabels[kind]}
          </li>
        ))}
      </ul>
    </div>
  );
}
