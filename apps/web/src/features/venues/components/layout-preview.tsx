import type { VenueLayout } from '@curtaincall/contracts';
import { useMemo } from 'react';
import { formatNumber, formatPrice } from '@/lib/format';
import { measureLayout } from '../utils/layout-geometry';
import { countLayout } from '../utils/layout-stats';
import { LayoutCanvas } from './layout-canvas';

/**
 * The layout as a buyer sees it: the same drawing without the editing marks, and the grade
 * legend with prices and places. Read-only; drag to look around, + and - to zoom.
 */
export function LayoutPreview({ layout, height = 480 }: { layout: VenueLayout; height?: number }) {
  const geometry = useMemo(() => measureLayout(layout), [layout]);
  const counts = useMemo(() => countLayout(layout), [layout]);
  return (
    <div className="flex flex-col gap-3">
      <LayoutCanvas
        layout={layout}
        geometry={geometry}
        isPreview
        height={height}
        label={`${layout.name} 좌석 배치 미리보기`}
      />
      <ul
        aria-label="좌석 등급별 가격"
        className="flex flex-wrap gap-x-5 gap-y-2 rounded-2xl border border-surface-700/70 bg-surface-900/70 px-4 py-3"
      >
        {counts.grades.map((grade, index) => (
          <li key={`${grade.code}-${index}`} className="flex items-center gap-2 text-sm">
            <span
              className="size-3.5 rounded-sm"
              style={{ backgroundColor: grade.color }}
              aria-hidden
            />
            <span className="font-semibold text-zinc-100">{grade.name}</span>
            <span className="text-zinc-300 tabular-nums">{formatPrice(grade.price)}</span>
            <span className="text-xs text-zinc-400 tabular-nums">
              {formatNumber(grade.places)}석
            </span>
          </li>
        ))}
      </ul>
      <ul aria-label="좌석 표시" className="flex flex-wrap gap-x-5 gap-y-1 text-xs text-zinc-300">
        <li>
          <span className="mr-1.5 inline-block size-2.5 bg-sky-400 align-middle" aria-hidden />
          휠체어석 (동반석과 함께 예매)
        </li>
        <li>
          <span className="mr-1.5 inline-block size-2.5 bg-amber-400 align-middle" aria-hidden />
          시야제한석
        </li>
        <li>
          <span className="mr-1.5 inline-block size-2.5 bg-zinc-500/50 align-middle" aria-hidden />
          흐린 좌석: 홀드석 (아직 판매하지 않음)
        </li>
        <li>
          <span className="mr-1.5 inline-block size-2.5 bg-zinc-700 align-middle" aria-hidden />
          회색 좌석: 판매하지 않는 좌석
        </li>
      </ul>
    </div>
  );
}
