import type { VirtualAccount } from '@curtaincall/contracts';
import { Building2, Check, Copy, ExternalLink, TriangleAlert } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from '@/components/ui/toast-store';
import { formatPrice } from '@/lib/format';

/**
 * An issued 가상계좌 as the buyer pays into it (issue 28): shared by the checkout feature's
 * deposit page and the bookings feature's detail, so both read the same way.
 */
export const virtualAccountTexts = {
  title: '입금 계좌',
  bank: '은행',
  accountNumber: '계좌번호',
  holder: '예금주',
  amount: '입금 금액',
  due: '입금 기한',
  copy: '복사',
  copyLabel: '계좌번호 복사',
  copied: '계좌번호를 복사했습니다.',
  copyFailed: '계좌번호를 복사하지 못했습니다. 선택된 계좌번호를 직접 복사해주세요.',
  expiryNotice:
    '입금 기한까지 입금하지 않으면 예매가 자동으로 취소되고 좌석은 다시 판매됩니다. 주문 금액과 같은 금액을 한 번에 입금해주세요.',
  testBank: '테스트 은행에서 입금하기',
  testBankNote: '테스트 결제 환경입니다. 실제 돈은 오가지 않아요.',
} as const;

const weekdays = ['일', '월', '화', '수', '목', '금', '토'];

/**
 * '2025-11-28T23:59:59' → '11월 28일 (토) 23:59까지' (Seoul wall clock as sent, never converted);
 * another year than this one is named. The raw value for anything unreadable.
 */
export function formatDepositDue(dueAt: string, now: Date = new Date()): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(dueAt);
  if (!match) return dueAt;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const weekday = weekdays[new Date(Date.UTC(year, month - 1, day)).getUTCDay()] ?? '';
  const yearText = year === now.getFullYear() ? '' : `${year}년 `;
  return `${yearText}${month}월 ${day}일 (${weekday}) ${match[4]}:${match[5]}까지`;
}

/** Writes text to the clipboard; throws where there is none (an insecure origin) or it is refused. */
async function writeClipboard(text: string): Promise<void> {
  if (!navigator.clipboard?.writeText) throw new Error('clipboard unavailable');
  await navigator.clipboard.writeText(text);
}

/** Selects the element's text, so a refused clipboard still leaves one gesture to copy it. */
function selectText(element: HTMLElement | null): void {
  const selection = window.getSelection?.();
  if (!element || !selection) return;
  const range = document.createRange();
  range.selectNodeContents(element);
  selection.removeAllRanges();
  selection.addRange(range);
}

const COPY_TICK_MS = 2_000;

/**
 * 복사 for an account number: the clipboard when it may be written, else the number selected on
 * screen (`numberRef`) with a toast asking to copy it by hand. Shared by the card and my page's
 * list (issue 28), so both copy the same way.
 */
export function CopyAccountButton({
  accountNumber,
  numberRef,
  className,
}: {
  accountNumber: string;
  numberRef: React.RefObject<HTMLElement | null>;
  className?: string;
}) {
  const [isCopied, setIsCopied] = useState(false);
  const tickTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(tickTimer.current), []);
  const copy = async () => {
    try {
      await writeClipboard(accountNumber);
      toast.success(virtualAccountTexts.copied);
      setIsCopied(true);
      clearTimeout(tickTimer.current);
      tickTimer.current = setTimeout(() => setIsCopied(false), COPY_TICK_MS);
    } catch {
      selectText(numberRef.current);
      toast.warning(virtualAccountTexts.copyFailed);
    }
  };
  return (
    <button
      type="button"
      onClick={() => void copy()}
      aria-label={virtualAccountTexts.copyLabel}
      className={
        className ??
        'inline-flex h-9 shrink-0 items-center gap-1.5 rounded-lg border border-surface-600 px-3 text-sm font-semibold text-zinc-100 hover:border-surface-500 hover:bg-white/5'
      }
    >
      {isCopied ? (
        <Check className="size-4 text-emerald-300" aria-hidden />
      ) : (
        <Copy className="size-4" aria-hidden />
      )}
      {virtualAccountTexts.copy}
    </button>
  );
}

interface VirtualAccountCardProps {
  account: VirtualAccount;
  /** Heading level inside its page (the deposit page's card sits under its h1). */
  headingLevel?: 'h2' | 'h3';
}

/**
 * Bank, account number with 복사, 예금주, 입금 금액 and 입금 기한, the notice that an unpaid order
 * is cancelled at the deadline, and the sandbox's test bank when the server names one.
 */
export function VirtualAccountCard({ account, headingLevel = 'h2' }: VirtualAccountCardProps) {
  const headingId = useId();
  const numberRef = useRef<HTMLSpanElement>(null);
  const Heading = headingLevel;

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-amber-400/30 bg-surface-900/80 p-5 text-left"
      data-virtual-account
    >
      <Heading
        id={headingId}
        className="flex items-center gap-2 text-base font-bold text-white tablet:text-lg"
      >
        <Building2 className="size-5 text-amber-300" aria-hidden />
        {virtualAccountTexts.title}
      </Heading>
      <dl className="mt-4 flex flex-col gap-3 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="shrink-0 text-zinc-400">{virtualAccountTexts.bank}</dt>
          <dd className="text-right font-semibold text-zinc-100">{account.bankName}</dd>
        </div>
        <div className="flex flex-col gap-1.5 tablet:flex-row tablet:items-center tablet:justify-between tablet:gap-4">
          <dt className="shrink-0 text-zinc-400">{virtualAccountTexts.accountNumber}</dt>
          <dd className="flex items-center justify-between gap-2 tablet:justify-end">
            <span
              ref={numberRef}
              className="font-mono text-lg font-bold tracking-wide break-all text-white select-all tabular-nums"
              data-account-number
            >
              {account.accountNumber}
            </span>
            <CopyAccountButton accountNumber={account.accountNumber} numberRef={numberRef} />
          </dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="shrink-0 text-zinc-400">{virtualAccountTexts.holder}</dt>
          <dd className="text-right font-semibold text-zinc-100">{account.holder}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="shrink-0 text-zinc-400">{virtualAccountTexts.amount}</dt>
          <dd className="text-right text-base font-extrabold text-white tabular-nums">
            {formatPrice(account.amount)}
          </dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="shrink-0 text-zinc-400">{virtualAccountTexts.due}</dt>
          <dd className="text-right font-bold text-amber-200" data-deposit-due>
            {formatDepositDue(account.dueAt)}
          </dd>
        </div>
      </dl>
      <p className="mt-4 flex items-start gap-2 rounded-lg bg-amber-400/10 px-3 py-2 text-xs leading-relaxed text-amber-100">
        <TriangleAlert className="mt-px size-4 shrink-0" aria-hidden />
        {virtualAccountTexts.expiryNotice}
      </p>
      {account.testBankUrl && (
        <div className="mt-4 flex flex-col gap-1.5">
          <a
            href={account.testBankUrl}
            className="inline-flex h-11 items-center justify-center gap-2 rounded-xl border border-sky-400/50 bg-sky-500/10 px-4 text-sm font-semibold text-sky-100 hover:bg-sky-500/20"
          >
            <ExternalLink className="size-4" aria-hidden />
            {virtualAccountTexts.testBank}
          </a>
          <p className="text-center text-xs text-zinc-400">{virtualAccountTexts.testBankNote}</p>
        </div>
      )}
    </section>
  );
}
