import { formatNumber, formatPrice } from '@/lib/format';
import type { GradeCounts } from '../utils/seat-management';
import { panelClass } from './field-classes';

/**
 * Places per grade now: on sale for buyers, the promoter's held seats, and what buyers have
 * (sold, held or being paid). Stopped seats are in no column: they are no place any more.
 */
export function GradeCountsTable({ counts }: { counts: GradeCounts }) {
  return (
    <section aria-labelledby="grade-counts-title" className={`${panelClass} min-w-0`}>
      <h2 id="grade-counts-title" className="mb-3 text-base font-bold text-white">
        등급별 좌석 현황
      </h2>
      {/*
        On a phone the table is wider than the panel and scrolls sideways; the region is a tab
        stop so that keyboard users can scroll it with the arrow keys (WCAG 2.1.1).
      */}
      <div
        role="region"
        aria-label="등급별 좌석 현황 표"
        tabIndex={0}
        className="overflow-x-auto rounded"
      >
        <table className="w-full min-w-[28rem] text-sm">
          <caption className="sr-only">
            등급별 전체, 판매 가능, 홀드, 예매·선점 좌석 수와 가격
          </caption>
          <thead>
            <tr className="text-left text-xs text-zinc-400">
              <th scope="col" className="pb-2 font-medium">
                등급
              </th>
              <th scope="col" className="pb-2 text-right font-medium">
                가격
              </th>
              <th scope="col" className="pb-2 text-right font-medium">
                전체
              </th>
              <th scope="col" className="pb-2 text-right font-medium">
                판매 가능
              </th>
              <th scope="col" className="pb-2 text-right font-medium">
                홀드
              </th>
              <th scope="col" className="pb-2 text-right font-medium">
                예매·선점
              </th>
            </tr>
          </thead>
          <tbody className="tabular-nums">
            {counts.rows.map((row) => (
              <tr key={row.code} className="border-t border-white/5">
                <th scope="row" className="py-1.5 text-left font-semibold text-zinc-100">
                  <span
                    className="mr-2 inline-block size-3 rounded-sm align-middle"
                    style={{ backgroundColor: row.color ?? '#71717a' }}
                    aria-hidden
                  />
                  {row.name}
                  {row.standing && <span className="ml-1 text-xs text-zinc-400">(스탠딩)</span>}
                </th>
                <td className="py-1.5 text-right text-zinc-300">{formatPrice(row.price)}</td>
                <td className="py-1.5 text-right text-zinc-100">{formatNumber(row.total)}</td>
                <td className="py-1.5 text-right text-emerald-200">
                  {formatNumber(row.available)}
                </td>
                <td className="py-1.5 text-right text-violet-200">{formatNumber(row.held)}</td>
                <td className="py-1.5 text-right text-zinc-200">{formatNumber(row.taken)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-t border-surface-600 font-bold text-white tabular-nums">
              <th scope="row" className="pt-2 text-left">
                합계
              </th>
              <td />
              <td className="pt-2 text-right">{formatNumber(counts.total)}</td>
              <td className="pt-2 text-right">{formatNumber(counts.available)}</td>
              <td className="pt-2 text-right" data-testid="held-total">
                {formatNumber(counts.held)}
              </td>
              <td className="pt-2 text-right">{formatNumber(counts.taken)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      <p className="mt-2 text-xs text-zinc-400">
        예매·선점은 예매된 좌석과 구매자가 선점했거나 결제 중인 좌석입니다. 판매 중지한 좌석은
        전체에 들지 않습니다.
      </p>
    </section>
  );
}
