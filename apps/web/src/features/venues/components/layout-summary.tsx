import { formatNumber, formatPrice } from '@/lib/format';
import type { LayoutCounts } from '../utils/layout-stats';
import { panelClass } from './field-classes';

/** Live places per grade and the revenue at full sale (every place sold at its grade's price). */
export function LayoutSummary({ counts }: { counts: LayoutCounts }) {
  return (
    <section aria-label="좌석 집계" className={panelClass}>
      <h3 className="mb-3 text-base font-bold text-white">좌석 집계</h3>
      <table className="w-full text-sm">
        <caption className="sr-only">등급별 좌석 수와 전석 판매 시 매출</caption>
        <thead>
          <tr className="text-left text-xs text-zinc-400">
            <th scope="col" className="pb-2 font-medium">
              등급
            </th>
            <th scope="col" className="pb-2 text-right font-medium">
              좌석
            </th>
            <th scope="col" className="pb-2 text-right font-medium">
              가격
            </th>
            <th scope="col" className="pb-2 text-right font-medium">
              매출
            </th>
          </tr>
        </thead>
        <tbody className="tabular-nums">
          {counts.grades.map((grade, index) => (
            <tr key={`${grade.code}-${index}`} className="border-t border-white/5">
              <th scope="row" className="py-1.5 text-left font-semibold text-zinc-100">
                <span
                  className="mr-2 inline-block size-3 rounded-sm align-middle"
                  style={{ backgroundColor: grade.color }}
                  aria-hidden
                />
                {grade.name}
              </th>
              <td className="py-1.5 text-right text-zinc-200">
                {formatNumber(grade.places)}
                {grade.held > 0 && (
                  <span className="ml-1 text-xs text-zinc-400">
                    (홀드 {formatNumber(grade.held)})
                  </span>
                )}
              </td>
              <td className="py-1.5 text-right text-zinc-300">{formatPrice(grade.price)}</td>
              <td className="py-1.5 text-right text-zinc-100">{formatPrice(grade.revenue)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t border-surface-600 font-bold text-white">
            <th scope="row" className="pt-2 text-left">
              합계
            </th>
            <td className="pt-2 text-right tabular-nums">{formatNumber(counts.places)}</td>
            <td />
            <td className="pt-2 text-right tabular-nums" data-testid="layout-revenue">
              {formatPrice(counts.revenue)}
            </td>
          </tr>
        </tfoot>
      </table>
      <p className="mt-3 text-xs text-zinc-400">
        휠체어석 {formatNumber(counts.wheelchair)} · 홀드석 {formatNumber(counts.held)} · 판매 안 함{' '}
        {formatNumber(counts.killed)} (판매 안 함 좌석은 집계와 매출에서 빠집니다)
      </p>
    </section>
  );
}
