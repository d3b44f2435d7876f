import type { RefundAccount } from '@curtaincall/contracts';
import { formatDateTime } from '@/lib/format';
import { refundAccountTexts as texts } from '../utils/refund-account-texts';

/**
 * A registered account as the server shows it back: the bank, the number and the holder masked
 * (it never sends them whole), and when it was saved.
 */
export function RefundAccountSummary({ account }: { account: RefundAccount }) {
  return (
    <dl
      data-testid="refund-account-summary"
      className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 rounded-xl bg-surface-850 p-4 text-sm"
    >
      <dt className="text-zinc-400">{texts.bank}</dt>
      <dd className="text-zinc-100">{account.bankName}</dd>
      <dt className="text-zinc-400">{texts.accountNumber}</dt>
      <dd className="font-mono tracking-wide break-all text-zinc-100">{account.maskedNumber}</dd>
      <dt className="text-zinc-400">{texts.holder}</dt>
      <dd className="text-zinc-100">{account.maskedHolder}</dd>
      <dd className="col-span-2 mt-1 text-xs text-zinc-400">
        {texts.updatedAt(formatDateTime(account.updatedAt))}
      </dd>
    </dl>
  );
}
