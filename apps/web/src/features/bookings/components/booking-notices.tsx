import { cancelFeeTable } from '@curtaincall/contracts';
import { Info } from 'lucide-react';
import { bookingNotices, moneyNotices } from '../utils/booking-texts';

interface BookingNoticesProps {
  /**
   * The seller's cut-off, from the booking's money (issue 27): the notices then state it and
   * the fee table instead of the spec's 3 days and full refund.
   */
  cancelDeadlineDays?: number | undefined;
}

export function BookingNotices({ cancelDeadlineDays }: BookingNoticesProps) {
  const hasMoney = cancelDeadlineDays !== undefined;
  const notices = hasMoney
    ? [moneyNotices.cutoff(cancelDeadlineDays), moneyNotices.fees, ...bookingNotices.slice(2)]
    : bookingNotices;
  return (
    <section
      aria-labelledby="booking-notices"
      className="rounded-2xl border border-amber-400/20 bg-amber-500/5 p-5"
    >
      <h2
        id="booking-notices"
        className="mb-3 flex items-center gap-2 text-sm font-bold text-amber-300"
      >
        <Info className="size-4" aria-hidden />
        유의사항
      </h2>
      <ul className="flex list-disc flex-col gap-1.5 pl-5 text-sm leading-relaxed text-zinc-300 marker:text-amber-400/70">
        {notices.map((notice) => (
          <li key={notice}>{notice}</li>
        ))}
      </ul>
      {hasMoney && (
        <table className="mt-4 w-full border-collapse text-left text-sm">
          <caption className="mb-2 text-left text-sm font-bold text-amber-200">
            {moneyNotices.feeTableCaption}
          </caption>
          <thead>
            <tr className="border-b border-amber-400/20 text-xs text-zinc-400">
              <th scope="col" className="py-1.5 pr-3 font-semibold">
                {moneyNotices.feeTableWhen}
              </th>
              <th scope="col" className="py-1.5 font-semibold">
                {moneyNotices.feeTableFee}
              </th>
            </tr>
          </thead>
          <tbody>
            {cancelFeeTable.map((row) => (
              <tr key={row.when} className="border-b border-white/5 align-top last:border-0">
                <th scope="row" className="py-1.5 pr-3 font-normal text-zinc-300">
                  {row.when}
                </th>
                <td className="py-1.5 text-zinc-100">{row.fee}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
