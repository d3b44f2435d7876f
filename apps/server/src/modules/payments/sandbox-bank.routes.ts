import { bankName, paymentMethodMessages } from '@curtaincall/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { SandboxVirtualAccount } from '../../adapters/payment-provider/sandbox-books';
import type { SandboxPaymentProvider } from '../../adapters/payment-provider/sandbox-payment-provider';
import type { Clock } from '../../lib/clock';
import { toSeoulDateTime } from '../../lib/seoul-time';
import { escapeHtml, sendPage, won } from './sandbox-checkout.routes';

/**
 * The sandbox's test bank (issue 28): where a buyer who took a 가상계좌 makes the transfer, so
 * the whole deposit path can be tried with nothing configured. The bank takes the full amount
 * into an issued account before its due time, once (the sandbox provider's `deposit` decides);
 * then it tells our server, as Toss's deposit callback does (`onDeposit`: the payments module
 * looks the payment up and confirms the booking), and shows where the booking is. A refusal
 * comes back as the form with the reason under the field it concerns. Served only with the
 * sandbox provider; no script (the CSP stays strict), the card window's stylesheet.
 */
export const sandboxBankMessages = {
  accountNumber: '입금할 계좌번호를 숫자로 입력해주세요.',
  amount: '입금액을 숫자로 입력해주세요.',
  /** The deposit was taken but our server did not take the notice: the bank says so. */
  noticeDelayed:
    '입금은 완료되었지만 예매 확정 처리가 늦어지고 있습니다. 잠시 후 예매 내역에서 확인해주세요.',
} as const;

const querySchema = z.object({ accountNumber: z.string().max(40).default('') });
const formSchema = z.object({
  accountNumber: z.string().max(40).default(''),
  amount: z.string().max(40).default(''),
});

type Field = 'accountNumber' | 'amount';
interface FieldProblem {
  field: Field;
  message: string;
}

/** Digits as a bank app shows them (hyphens, spaces) are fine; anything else is not a number. */
const accountDigits = (typed: string) => {
  const digits = typed.replace(/[\s-]/g, '');
  return /^\d{10,20}$/.test(digits) ? digits : null;
};
/** `55,000`, `55000원` and ` 55000 ` are all 55,000 won. */
const amountOf = (typed: string) => {
  const digits = typed.replace(/[\s,원]/g, '');
  if (!/^\d{1,9}$/.test(digits)) return null;
  const amount = Number(digits);
  return amount > 0 ? amount : null;
};

/** `2026-12-02T23:59:59` (Seoul) → `2026년 12월 2일 23:59` */
function seoulWallClock(instant: Date): string {
  const [date = '', time = ''] = toSeoulDateTime(instant).split('T');
  const [y, m, d] = date.split('-').map(Number);
  return `${y}년 ${m}월 ${d}일 ${time.slice(0, 5)}`;
}

function accountFacts(account: SandboxVirtualAccount, now: Date): string {
  const e = escapeHtml;
  const state = account.depositedAt
    ? '입금 완료'
    : account.dueAt.getTime() < now.getTime()
      ? '입금 기한 지남'
      : '입금 대기';
  return `<dl class="facts" aria-label="계좌 정보">
    <dt>은행</dt><dd>${e(bankName(account.bankCode))}</dd>
    <dt>계좌번호</dt><dd>${e(account.accountNumber)}</dd>
    <dt>예금주</dt><dd>${e(account.holder)}</dd>
    <dt>입금할 금액</dt><dd>${won(account.amount)}</dd>
    <dt>입금 기한</dt><dd>${seoulWallClock(account.dueAt)}까지</dd>
    <dt>상태</dt><dd>${state}</dd>
  </dl>`;
}

function pageShell(title: string, body: string): string {
  return `<!doctype html>
<html lang="ko">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} - 커튼콜 테스트 은행</title>
<link rel="stylesheet" href="/api/v1/sandbox-payments/checkout.css">
</head>
<body>
<main class="window" aria-labelledby="title">
  <header><span class="badge">테스트 결제</span><h1 id="title">테스트 은행</h1></header>
  ${body}
</main>
</body>
</html>`;
}

function renderBankForm(options: {
  accountNumber: string;
  amount: string;
  account: SandboxVirtualAccount | null;
  now: Date;
  problem?: FieldProblem | undefined;
}): string {
  const e = escapeHtml;
  const { problem } = options;
  const fieldAttributes = (field: Field) =>
    problem?.field === field
      ? ` aria-invalid="true" aria-describedby="${field}-error" autofocus`
      : ` aria-describedby="${field}-error"`;
  const fieldError = (field: Field) =>
    `<span class="field-error" id="${field}-error" role="alert">${problem?.field === field ? e(problem.message) : ''}</span>`;
  return pageShell(
    '입금하기',
    `<p class="note">가상계좌 결제를 시험해 보는 은행입니다. 실제 돈은 오가지 않습니다.</p>
  ${options.account ? accountFacts(options.account, options.now) : ''}
  <form method="post" action="/api/v1/sandbox-payments/bank">
    <div class="field"><label for="account-number">입금할 계좌번호</label><input name="accountNumber" id="account-number" inputmode="numeric" autocomplete="off" required maxlength="40" value="${e(options.accountNumber)}"${fieldAttributes('accountNumber')}>${fieldError('accountNumber')}</div>
    <div class="field"><label for="amount">입금액</label><span class="amount-input"><input name="amount" id="amount" inputmode="numeric" autocomplete="off" required maxlength="20" value="${e(options.amount)}"${fieldAttributes('amount')}><span aria-hidden="true">원</span></span>${fieldError('amount')}</div>
    <button type="submit" class="pay">입금하기</button>
  </form>
  <p class="note">주문 금액 전액을 한 번에 입금해야 합니다. 부분 입금은 받지 않습니다.</p>`,
  );
}

function renderDone(account: SandboxVirtualAccount | null, link: string, delayed: boolean): string {
  const e = escapeHtml;
  return pageShell(
    '입금 완료',
    `<p class="done" role="status">${e(paymentMethodMessages.depositDone)}</p>
  ${delayed ? `<p class="note" role="alert">${e(sandboxBankMessages.noticeDelayed)}</p>` : ''}
  ${
    account
      ? `<dl class="facts" aria-label="입금 내역">
    <dt>은행</dt><dd>${e(bankName(account.bankCode))}</dd>
    <dt>계좌번호</dt><dd>${e(account.accountNumber)}</dd>
    <dt>입금액</dt><dd>${won(account.amount)}</dd>
  </dl>`
      : ''
  }
  <a class="link" href="${e(link)}">예매 내역 보기</a>`,
  );
}

export const sandboxBankRoutes: FastifyPluginAsync<{
  provider: SandboxPaymentProvider;
  /** Where the web app is: the link to the booking after the deposit. */
  frontBaseUrl: string;
  clock: Clock;
  /**
   * The bank's deposit notice to our server (the payments module's provider notice, as Toss's
   * DEPOSIT_CALLBACK): confirms the booking and answers its number (null when none is known).
   */
  onDeposit: (deposit: { orderId: string }) => Promise<{ bookingNumber: string | null }>;
}> = async (app, { provider, frontBaseUrl, clock, onDeposit }) => {
  const front = frontBaseUrl.replace(/\/$/, '');
  const bookingLink = (bookingNumber: string | null) =>
    bookingNumber
      ? `${front}/bookingDetail/${encodeURIComponent(bookingNumber)}`
      : `${front}/mypage`;

  /** The notice may fail (our server busy): the deposit stands, the page says it is late. */
  const notify = async (orderId: string) => {
    try {
      return { ...(await onDeposit({ orderId })), delayed: false };
    } catch (error) {
      app.log.error({ err: error, orderId }, 'sandbox deposit notice failed');
      return { bookingNumber: null, delayed: true };
    }
  };

  app.get('/v1/sandbox-payments/bank', { schema: { hide: true } }, async (request, reply) => {
    const query = querySchema.safeParse(request.query);
    const typed = query.success ? query.data.accountNumber : '';
    const digits = accountDigits(typed);
    const account = digits ? await provider.findVirtualAccount(digits) : null;
    // A number given in the link that the bank does not know is said at once.
    const problem: FieldProblem | undefined =
      typed && !account
        ? { field: 'accountNumber', message: paymentMethodMessages.depositUnknownAccount }
        : undefined;
    return sendPage(
      reply,
      200,
      renderBankForm({ accountNumber: typed, amount: '', account, now: clock.now(), problem }),
    );
  });

  // The page's own form posts here (same origin), as the card window's does.
  app.post(
    '/v1/sandbox-payments/bank',
    { schema: { hide: true, consumes: ['application/x-www-form-urlencoded'] } },
    async (request, reply) => {
      const form = formSchema.safeParse(request.body ?? {});
      const typed = form.success ? form.data : { accountNumber: '', amount: '' };
      const now = clock.now();
      const refused = async (problem: FieldProblem) => {
        const digits = accountDigits(typed.accountNumber);
        const account = digits ? await provider.findVirtualAccount(digits) : null;
        return sendPage(reply, 400, renderBankForm({ ...typed, account, now, problem }));
      };
      const accountNumber = accountDigits(typed.accountNumber);
      if (!accountNumber) {
        return refused({ field: 'accountNumber', message: sandboxBankMessages.accountNumber });
      }
      const amount = amountOf(typed.amount);
      if (amount === null) return refused({ field: 'amount', message: sandboxBankMessages.amount });

      const deposit = await provider.deposit({ accountNumber, amount, now });
      if (!deposit.ok) {
        // A bank repeats its notice until the shop takes it, as Toss retries a webhook: a
        // second transfer into a paid account re-sends it (the payments module settles once).
        if (deposit.refusal === 'ALREADY_DEPOSITED') {
          const account = await provider.findVirtualAccount(accountNumber);
          if (account) await notify(account.orderId);
        }
        return refused({
          field: deposit.refusal === 'WRONG_AMOUNT' ? 'amount' : 'accountNumber',
          message: deposit.message,
        });
      }
      const noticed = await notify(deposit.orderId);
      const account = await provider.findVirtualAccount(accountNumber);
      return sendPage(
        reply,
        200,
        renderDone(account, bookingLink(noticed.bookingNumber), noticed.delayed),
      );
    },
  );
};
