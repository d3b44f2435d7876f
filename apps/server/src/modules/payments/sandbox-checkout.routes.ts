import {
  cardCompanies,
  easyPayProviders,
  INSTALLMENT_MIN_AMOUNT,
  installmentMonthsOptions,
  PROOF_AT_ENTRY,
  type EasyPayProviderCode,
} from '@curtaincall/contracts';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  sandboxRefusals,
  sandboxTestCards,
  type SandboxPaymentProvider,
} from '../../adapters/payment-provider/sandbox-payment-provider';
import type { OrderPrice, OrderPriceLine } from './booking-money';

/**
 * The sandbox provider's payment window (product-rules.md §6): served by our server, it
 * looks and behaves like a provider's checkout. `method=EASY_PAY&easyPay=KAKAOPAY` (issue 28)
 * opens that 간편결제's test page instead of the card form: paid with the app's card or its
 * balance (the cash portion a 현금영수증 covers), signed into the payment key. Approval redirects the browser to the success
 * callback with Toss's parameters (paymentKey, orderId, amount); a refused card redirects to the
 * failure callback with Toss's code and message; 결제 취소 closes the window without reaching the
 * server (in a frame it tells the page that opened it, like the SDK's USER_CANCEL).
 * Above the card form, an order we know shows its seats as its booking priced them (issue 27).
 * No inline script: the page's script is a file of its own, so the site's CSP stays strict.
 */
const orderSchema = z.object({
  orderId: z.string().trim().min(6).max(64),
  orderName: z.string().trim().max(200).default(''),
  amount: z.coerce.number().int().min(0).max(100_000_000),
  customerName: z.string().trim().max(100).default(''),
});

/**
 * How the booking asked to pay (issue 28): the web app adds these to the checkout URL. A card's
 * 카드사 and 할부 are only preselected, so a value we do not know preselects nothing.
 */
const methodQuerySchema = z.object({
  method: z.enum(['CARD', 'EASY_PAY']).default('CARD'),
  easyPay: z.string().max(20).optional(),
  cardCompany: z.string().max(20).optional().catch(undefined),
  installment: z.string().max(4).optional().catch(undefined),
});

const submitSchema = orderSchema.extend({
  method: z.enum(['CARD', 'EASY_PAY']).default('CARD'),
  cardCompany: z.string().max(20).default(''),
  cardNumber: z.string().max(40).default(''),
  expiry: z.string().max(10).default(''),
  installment: z.string().max(4).default('0'),
  easyPay: z.string().max(20).default(''),
  fundingSource: z.enum(['CARD', 'MONEY']).default('CARD'),
});

/** A 간편결제 the page knows, by its code; undefined for anything else. */
const easyPayProviderOf = (code: string | undefined) =>
  easyPayProviders.find((provider) => provider.code === code);

const badOrderPage =
  '<!doctype html><html lang="ko"><meta charset="utf-8"><title>테스트 결제</title><p>주문 정보가 올바르지 않습니다.</p></html>';

/**
 * The sessionStorage key under which the window keeps what was typed (this tab only), shared
 * with the web app, which removes it after an approved payment.
 */
export const sandboxTypedCardKey = 'curtaincall.sandbox-card';

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export const won = (amount: number) => `${amount.toLocaleString('ko-KR')}원`;

/** Luhn check: a mistyped card number is refused on the page, as a real window does. */
function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export const sandboxCheckoutMessages = {
  cardNumber: '카드 번호를 다시 확인해주세요.',
  expiryFormat: '유효기간을 MM/YY 형식으로 입력해주세요.',
  expiryPast: '유효기간이 지난 카드입니다. 카드에 적힌 유효기간을 확인해주세요.',
} as const;

/** What is wrong with `MM/YY`: nothing, its form, or a month already over (end of that month). */
function expiryProblem(expiry: string, now: Date): string | null {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry.trim());
  if (!match) return sandboxCheckoutMessages.expiryFormat;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return sandboxCheckoutMessages.expiryFormat;
  return new Date(Date.UTC(year, month, 1)) > now ? null : sandboxCheckoutMessages.expiryPast;
}

/** What the buyer typed, given back with a refusal so nothing has to be typed again. */
interface TypedCard {
  cardCompany: string;
  cardNumber: string;
  expiry: string;
  installment: string;
}

/** A refusal of the page's own checks: which field and why (shown under that field). */
interface FieldProblem {
  field: 'cardNumber' | 'expiry';
  message: string;
}

const minusWon = (amount: number) => `-${won(amount)}`;

/**
 * The order's seats as its booking stored them: 정가, the 권종's and the code's discounts, the
 * booking fee and what each seat costs, then the total. A seat per column (a booking has one or
 * two), so the window's narrow width fits every figure without scrolling. Only when the lines add
 * up to the amount this window charges: a page opened with another amount (a changed link) shows
 * the form alone, as for an order we do not know, rather than two figures that disagree.
 */
function renderPriceTable(price: OrderPrice | undefined, amount: number): string {
  if (!price || price.lines.length === 0 || price.total !== amount) return '';
  const e = escapeHtml;
  const { lines, promoCode } = price;
  const row = (label: string, cell: (line: OrderPriceLine) => string, numeric = true) =>
    `<tr><th scope="row">${label}</th>${lines
      .map((line) => `<td${numeric ? ' class="num"' : ''}>${cell(line)}</td>`)
      .join('')}</tr>`;
  const discounts = (line: OrderPriceLine) => {
    const parts = [
      line.typeDiscount > 0 ? `<span>${minusWon(line.typeDiscount)}</span>` : '',
      line.codeDiscount > 0
        ? `<span>${minusWon(line.codeDiscount)}${promoCode ? ` <span class="code">${e(promoCode)}</span>` : ''}</span>`
        : '',
    ].join('');
    return parts || won(0);
  };
  return `<section class="lines" aria-labelledby="lines-title">
    <h2 id="lines-title">결제 내역</h2>
    <table>
      <thead><tr><th scope="row">좌석</th>${lines.map((line) => `<th scope="col">${e(line.seatLabel)}</th>`).join('')}</tr></thead>
      <tbody>
        ${row('등급', (line) => e(line.gradeName), false)}
        ${row('권종', (line) => `${e(line.ticketTypeName)}${line.proofRequired ? `<span class="proof">${e(PROOF_AT_ENTRY)}</span>` : ''}`, false)}
        ${row('정가', (line) => won(line.gradePrice))}
        ${row('할인', (line) => `<span class="discount">${discounts(line)}</span>`)}
        ${row('예매수수료', (line) => won(line.bookingFee))}
        ${row('금액', (line) => won(line.amount))}
      </tbody>
      <tfoot><tr><th scope="row">총 결제금액</th><td class="num" colspan="${lines.length}">${won(price.total)}</td></tr></tfoot>
    </table>
  </section>`;
}

function renderPage(
  order: z.infer<typeof orderSchema>,
  options: {
    price?: OrderPrice | undefined;
    typed?: TypedCard;
    problem?: FieldProblem;
    /** The payment step's 카드사 and 할부, chosen before the window opened. */
    preselected?: { cardCompany: string; installment: string };
  } = {},
): string {
  const { price, problem } = options;
  const typed: TypedCard | undefined =
    options.typed ??
    (options.preselected ? { ...options.preselected, cardNumber: '', expiry: '' } : undefined);
  const e = escapeHtml;
  // 할부 only from 50,000원 (Korean card rules), as the payment step offers it.
  const installmentOffered = order.amount >= INSTALLMENT_MIN_AMOUNT;
  const installments = installmentMonthsOptions
    .map(
      (n) =>
        `<option value="${n}"${typed?.installment === String(n) ? ' selected' : ''}>${n === 0 ? '일시불' : `${n}개월`}</option>`,
    )
    .join('');
  const companies = [
    `<option value="">카드 번호로 자동 인식</option>`,
    ...cardCompanies.map(
      (company) =>
        `<option value="${company.code}"${typed?.cardCompany === company.code ? ' selected' : ''}>${company.name}</option>`,
    ),
  ].join('');
  // The field's error under it, tied to it (aria-describedby) and marked invalid; it takes the
  // focus when the page comes back refused.
  const fieldAttributes = (field: FieldProblem['field']) =>
    problem?.field === field
      ? ` aria-invalid="true" aria-describedby="${field}-error" autofocus`
      : ` aria-describedby="${field}-error"`;
  const fieldError = (field: FieldProblem['field']) =>
    `<span class="field-error" id="${field}-error" role="alert">${problem?.field === field ? e(problem.message) : ''}</span>`;
  const card = (label: string, number: string) =>
    `<li><code>${number.replace(/(\d{4})(?=\d)/g, '$1 ')}</code> ${label}</li>`;
  return `<!doctype html>
<html lang="ko">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>카드 결제 - 커튼콜 테스트 결제</title>
<link rel="stylesheet" href="/api/v1/sandbox-payments/checkout.css">
</head>
<body>
<main class="window" aria-labelledby="title">
  <header><span class="badge">테스트 결제</span><h1 id="title">카드 결제</h1></header>
  <section class="order" aria-label="주문 정보">
    <p class="name">${e(order.orderName)}</p>
    <p class="amount">${won(order.amount)}</p>
    <p class="customer">${e(order.customerName)}</p>
  </section>
  ${renderPriceTable(price, order.amount)}
  <p class="restored" id="restored" hidden>이전에 입력한 카드 정보를 불러왔습니다. 확인 후 결제해주세요.</p>
  <form method="post" action="/api/v1/sandbox-payments/checkout" id="pay-form">
    <input type="hidden" name="orderId" value="${e(order.orderId)}">
    <input type="hidden" name="orderName" value="${e(order.orderName)}">
    <input type="hidden" name="amount" value="${order.amount}">
    <input type="hidden" name="customerName" value="${e(order.customerName)}">
    <input type="hidden" name="method" value="CARD">
    <div class="field"><label for="card-company">카드사</label><select name="cardCompany" id="card-company">${companies}</select></div>
    <div class="field"><label for="card-number">카드 번호</label><input name="cardNumber" id="card-number" inputmode="numeric" autocomplete="cc-number" placeholder="0000 0000 0000 0000" required maxlength="19" value="${e(typed?.cardNumber ?? '')}"${fieldAttributes('cardNumber')}>${fieldError('cardNumber')}</div>
    <div class="row">
      <div class="field"><label for="expiry">유효기간</label><input name="expiry" id="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="MM/YY" required maxlength="5" value="${e(typed?.expiry ?? '')}"${fieldAttributes('expiry')}>${fieldError('expiry')}</div>
      ${installmentOffered ? `<div class="field"><label for="installment">할부</label><select name="installment" id="installment">${installments}</select></div>` : `<input type="hidden" name="installment" value="0">`}
    </div>
    ${installmentOffered ? '' : `<p class="note">할부는 ${won(INSTALLMENT_MIN_AMOUNT)} 이상 결제할 때만 선택할 수 있습니다.</p>`}
    <button type="submit" class="pay">${won(order.amount)} 결제하기</button>
    <button type="button" class="cancel" id="cancel">결제 취소</button>
  </form>
  <details class="cards">
    <summary>테스트 카드</summary>
    <ul>
      ${card('승인', sandboxTestCards.approve)}
      ${card('거절 (카드사 거절)', sandboxTestCards.decline)}
      ${card('거절 (잔액 부족)', sandboxTestCards.insufficientFunds)}
      ${card('승인 후 최종 승인 실패', sandboxTestCards.confirmFails)}
    </ul>
    <p>유효기간은 지나지 않은 아무 날짜나 입력하세요. 실제로 청구되지 않습니다.</p>
  </details>
</main>
<script src="/api/v1/sandbox-payments/checkout.js"></script>
</body>
</html>`;
}

/**
 * A 간편결제's test page: the provider's name and colour, the order, and how to pay with it (the
 * card registered in the app, or its balance: then the whole amount is a cash portion, which a
 * 현금영수증 covers). Marked as a test, like the card window; nothing is charged.
 */
function renderEasyPayPage(
  order: z.infer<typeof orderSchema>,
  provider: { code: EasyPayProviderCode; name: string },
  options: { price?: OrderPrice | undefined; fundingSource?: 'CARD' | 'MONEY' } = {},
): string {
  const e = escapeHtml;
  const source = options.fundingSource ?? 'CARD';
  const choice = (value: 'CARD' | 'MONEY', label: string, hint: string) =>
    `<label class="choice"><input type="radio" name="fundingSource" value="${value}"${source === value ? ' checked' : ''} aria-describedby="source-${value}-hint"><span><span class="choice-label">${label}</span><span class="hint" id="source-${value}-hint">${hint}</span></span></label>`;
  return `<!doctype html>
<html lang="ko">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${provider.name} 결제 - 커튼콜 테스트 결제</title>
<link rel="stylesheet" href="/api/v1/sandbox-payments/checkout.css">
</head>
<body>
<main class="window" aria-labelledby="title">
  <header><span class="badge">테스트 결제</span><h1 id="title">${provider.name} 결제</h1></header>
  <p class="brand brand-${provider.code}" aria-hidden="true">${provider.name}</p>
  <section class="order" aria-label="주문 정보">
    <p class="name">${e(order.orderName)}</p>
    <p class="amount">${won(order.amount)}</p>
    <p class="customer">${e(order.customerName)}</p>
  </section>
  ${renderPriceTable(options.price, order.amount)}
  <form method="post" action="/api/v1/sandbox-payments/checkout" id="pay-form">
    <input type="hidden" name="orderId" value="${e(order.orderId)}">
    <input type="hidden" name="orderName" value="${e(order.orderName)}">
    <input type="hidden" name="amount" value="${order.amount}">
    <input type="hidden" name="customerName" value="${e(order.customerName)}">
    <input type="hidden" name="method" value="EASY_PAY">
    <input type="hidden" name="easyPay" value="${provider.code}">
    <fieldset class="choices">
      <legend>결제 방법</legend>
      ${choice('CARD', '카드로 결제', `${provider.name}에 등록한 카드로 결제합니다.`)}
      ${choice('MONEY', `${provider.name} 머니로 결제`, `${won(order.amount)} 전액을 잔액에서 결제합니다. 현금영수증을 받을 수 있습니다.`)}
    </fieldset>
    <button type="submit" class="pay brand-${provider.code}">${won(order.amount)} 결제하기</button>
    <button type="button" class="cancel" id="cancel">결제 취소</button>
  </form>
  <p class="note">테스트 결제입니다. 실제로 청구되지 않습니다.</p>
</main>
<script src="/api/v1/sandbox-payments/checkout.js"></script>
</body>
</html>`;
}

const pageCss = `
:root { color-scheme: light; font-family: system-ui, 'Noto Sans KR', 'NanumGothic', sans-serif; }
body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #eef1f6; color: #191f28; word-break: keep-all; overflow-wrap: break-word; }
.window { width: min(420px, 100vw); box-sizing: border-box; background: #fff; border-radius: 16px; padding: 24px; box-shadow: 0 12px 40px rgba(0,0,0,.12); }
header { display: flex; align-items: center; gap: 8px; }
h1 { font-size: 20px; margin: 0; }
.badge { background: #fff3d6; color: #6b4500; font-size: 12px; padding: 2px 8px; border-radius: 999px; }
.order { margin: 16px 0; padding: 12px 16px; background: #f5f7fa; border-radius: 12px; }
.order p { margin: 4px 0; }
.name { font-weight: 600; }
.amount { font-size: 22px; font-weight: 700; color: #1b64da; }
.customer { color: #4e5968; font-size: 14px; }
.lines { margin: 0 0 16px; }
.lines h2 { font-size: 15px; margin: 0 0 8px; }
.lines table { width: 100%; border-collapse: collapse; table-layout: fixed; font-size: 13px; border: 1px solid #e5e8eb; }
.lines th, .lines td { padding: 7px 10px; text-align: left; vertical-align: top; border-bottom: 1px solid #e5e8eb; word-break: keep-all; overflow-wrap: anywhere; }
.lines tr > th:first-child { width: 76px; color: #4e5968; font-weight: 500; background: #f5f7fa; }
.lines thead th[scope="col"] { font-weight: 700; }
.lines .num { text-align: right; font-variant-numeric: tabular-nums; }
.lines .discount > span { display: block; }
.lines .code { color: #4e5968; font-size: 12px; }
.lines .proof { display: block; margin-top: 2px; color: #8a5a00; font-size: 12px; font-weight: 600; }
.lines tfoot th, .lines tfoot td { border-bottom: 0; font-size: 14px; font-weight: 700; }
.lines tfoot td { color: #1b64da; }
form { display: grid; gap: 12px; }
label { font-size: 14px; color: #4e5968; }
.field { display: grid; gap: 6px; align-content: start; }
.field-error { color: #d22030; font-size: 13px; }
.field-error:empty { display: none; }
input[aria-invalid="true"] { border-color: #d22030; outline-color: #d22030; }
.restored { background: #e8f3ff; color: #1b64da; padding: 10px 12px; border-radius: 10px; font-size: 14px; margin: 0 0 12px; }
input, select { font: inherit; padding: 12px; border: 1px solid #d1d6db; border-radius: 10px; }
.row { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
button { font: inherit; padding: 14px; border-radius: 12px; border: 0; cursor: pointer; }
.pay { background: #1b64da; color: #fff; font-weight: 700; }
.cancel { background: #f2f4f6; color: #4e5968; }
.cards { margin-top: 16px; font-size: 13px; color: #4e5968; }
.cards ul { padding-left: 18px; }
code { color: #191f28; }
.note { margin: 0; font-size: 13px; color: #4e5968; }
.brand { margin: 16px 0 0; padding: 12px 16px; border-radius: 12px; font-size: 20px; font-weight: 800; }
.brand-KAKAOPAY { background: #fee500; color: #191919; }
.brand-NAVERPAY { background: #03c75a; color: #000; }
.brand-TOSSPAY { background: #0050cc; color: #fff; }
.brand-PAYCO { background: #d41f1f; color: #fff; }
.choices { display: grid; gap: 8px; margin: 0; padding: 0; border: 0; }
.choices legend { font-size: 14px; color: #4e5968; margin-bottom: 8px; padding: 0; }
.choice { display: flex; gap: 10px; align-items: flex-start; padding: 12px; border: 1px solid #d1d6db; border-radius: 12px; cursor: pointer; }
.choice:has(input:checked) { border-color: #1b64da; background: #f3f8ff; }
.choice input { margin: 3px 0 0; width: 18px; height: 18px; flex: none; }
.choice-label { display: block; font-weight: 600; color: #191f28; }
.hint { display: block; font-size: 13px; color: #4e5968; margin-top: 2px; }
.facts { margin: 16px 0; padding: 12px 16px; background: #f5f7fa; border-radius: 12px; display: grid; grid-template-columns: auto 1fr; gap: 6px 12px; font-size: 14px; }
.facts dt { color: #4e5968; }
.facts dd { margin: 0; font-weight: 600; overflow-wrap: anywhere; }
.amount-input { display: flex; align-items: center; gap: 8px; }
.amount-input input { flex: 1; min-width: 0; }
.done { margin: 16px 0; padding: 16px; background: #e8f7ee; color: #0b6b34; border-radius: 12px; font-weight: 700; }
.link { display: block; text-align: center; text-decoration: none; padding: 14px; border-radius: 12px; background: #1b64da; color: #fff; font-weight: 700; }
`;

/**
 * Formats the card number and expiry as typed and says at once when the expiry is past;
 * 결제 취소 goes back without paying. What was typed is kept in this tab's sessionStorage when
 * the form is sent, so after a declined card (which ends on the failure page, as with Toss) the
 * next window starts with it; the web app removes it once a payment is approved.
 */
const pageScript = `
(function () {
  var KEY = '${sandboxTypedCardKey}';
  var cancel = document.getElementById('cancel');
  if (cancel) {
    cancel.addEventListener('click', function () {
      if (window.parent !== window) {
        window.parent.postMessage({ type: 'sandbox-payment', code: 'USER_CANCEL' }, window.location.origin);
      } else if (window.history.length > 1) {
        window.history.back();
      } else {
        window.location.href = '/';
      }
    });
  }
  var form = document.getElementById('pay-form');
  var number = document.getElementById('card-number');
  // The card form only; a 간편결제 page has nothing typed to format or keep.
  if (!form || !number) return;
  var expiry = document.getElementById('expiry');
  var installment = document.getElementById('installment');
  function showError(input, message) {
    var slot = document.getElementById(input.name + '-error');
    slot.textContent = message;
    if (message) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  }
  function expiryProblem() {
    var match = /^(\\d{2})\\/(\\d{2})$/.exec(expiry.value);
    if (!match) return '${sandboxCheckoutMessages.expiryFormat}';
    var month = Number(match[1]);
    var year = 2000 + Number(match[2]);
    if (month < 1 || month > 12) return '${sandboxCheckoutMessages.expiryFormat}';
    var now = new Date();
    var current = now.getFullYear() * 12 + now.getMonth() + 1;
    return year * 12 + month < current ? '${sandboxCheckoutMessages.expiryPast}' : '';
  }
  try {
    var saved = JSON.parse(window.sessionStorage.getItem(KEY) || 'null');
    if (saved && !number.value && !expiry.value) {
      number.value = saved.cardNumber || '';
      expiry.value = saved.expiry || '';
      if (saved.installment && installment) installment.value = saved.installment;
      if (number.value) document.getElementById('restored').hidden = false;
    }
  } catch (e) {}
  number.addEventListener('input', function () {
    var digits = number.value.replace(/\\D/g, '').slice(0, 16);
    number.value = digits.replace(/(\\d{4})(?=\\d)/g, '$1 ');
    if (number.getAttribute('aria-invalid')) showError(number, '');
  });
  expiry.addEventListener('input', function () {
    var digits = expiry.value.replace(/\\D/g, '').slice(0, 4);
    expiry.value = digits.length > 2 ? digits.slice(0, 2) + '/' + digits.slice(2) : digits;
    // A complete date is checked at once; a partial one only when the field is left.
    showError(expiry, digits.length === 4 ? expiryProblem() : '');
  });
  expiry.addEventListener('blur', function () {
    if (expiry.value) showError(expiry, expiryProblem());
  });
  form.addEventListener('submit', function (event) {
    var problem = expiryProblem();
    if (problem) {
      event.preventDefault();
      showError(expiry, problem);
      expiry.focus();
      return;
    }
    try {
      window.sessionStorage.setItem(KEY, JSON.stringify({
        cardNumber: number.value, expiry: expiry.value, installment: installment ? installment.value : '0'
      }));
    } catch (e) {}
  });
})();
`;

/** A sandbox page: HTML, never cached (it carries an order). */
export const sendPage = (reply: FastifyReply, status: number, html: string) =>
  reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(html);

export const sandboxCheckoutRoutes: FastifyPluginAsync<{
  provider: SandboxPaymentProvider;
  /** The provider's callbacks: our own success and failure URLs (never taken from the page). */
  successUrl: string;
  failUrl: string;
  now: () => Date;
  /** An order's stored price lines (payments service), undefined for an unknown order. */
  orderPrice: (orderId: string) => Promise<OrderPrice | undefined>;
}> = async (app, { provider, successUrl, failUrl, now, orderPrice }) => {
  app.get('/v1/sandbox-payments/checkout', { schema: { hide: true } }, async (request, reply) => {
    const order = orderSchema.safeParse(request.query);
    const method = methodQuerySchema.safeParse(request.query);
    if (!order.success || !method.success) return sendPage(reply, 400, badOrderPage);
    const price = await orderPrice(order.data.orderId);
    if (method.data.method === 'EASY_PAY') {
      const easyPay = easyPayProviderOf(method.data.easyPay);
      if (!easyPay) return sendPage(reply, 400, badOrderPage);
      return sendPage(reply, 200, renderEasyPayPage(order.data, easyPay, { price }));
    }
    // What the payment step chose, preselected; 할부 only where it is offered.
    const installment =
      order.data.amount >= INSTALLMENT_MIN_AMOUNT &&
      (installmentMonthsOptions as readonly number[]).includes(Number(method.data.installment))
        ? String(Number(method.data.installment))
        : '0';
    const cardCompany = cardCompanies.some((c) => c.code === method.data.cardCompany)
      ? (method.data.cardCompany ?? '')
      : '';
    return sendPage(
      reply,
      200,
      renderPage(order.data, {
        price,
        preselected: { cardCompany, installment },
      }),
    );
  });

  app.get('/v1/sandbox-payments/checkout.js', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('content-type', 'text/javascript; charset=utf-8').send(pageScript),
  );
  app.get(
    '/v1/sandbox-payments/checkout.css',
    { schema: { hide: true } },
    async (_request, reply) =>
      reply.header('content-type', 'text/css; charset=utf-8').send(pageCss),
  );

  // The window's own form posts here (same origin); the success and fail callbacks are GETs.
  app.post(
    '/v1/sandbox-payments/checkout',
    { schema: { hide: true, consumes: ['application/x-www-form-urlencoded'] } },
    async (request, reply) => {
      const form = submitSchema.safeParse(request.body ?? {});
      if (!form.success) return sendPage(reply, 400, badOrderPage);
      const { orderId, amount } = form.data;
      if (form.data.method === 'EASY_PAY') {
        const easyPay = easyPayProviderOf(form.data.easyPay);
        if (!easyPay) return sendPage(reply, 400, badOrderPage);
        // Paid from the balance, the whole amount is cash; by the app's card, none of it.
        const paymentKey = provider.issuePaymentKey(orderId, amount, 'approve', {
          method: 'EASY_PAY',
          easyPayProvider: easyPay.code,
          cashAmount: form.data.fundingSource === 'MONEY' ? amount : 0,
        });
        const query = new URLSearchParams({ paymentKey, orderId, amount: String(amount) });
        return reply.redirect(`${successUrl}?${query.toString()}`, 302);
      }
      // A refused form comes back as the same page, its price table included.
      const refusedPage = async (problem: FieldProblem) =>
        sendPage(
          reply,
          400,
          renderPage(form.data, { price: await orderPrice(orderId), typed: form.data, problem }),
        );
      const digits = form.data.cardNumber.replace(/\D/g, '');
      if (digits.length < 15 || digits.length > 16 || !luhnValid(digits)) {
        return refusedPage({ field: 'cardNumber', message: sandboxCheckoutMessages.cardNumber });
      }
      const expiryMessage = expiryProblem(form.data.expiry, now());
      if (expiryMessage) return refusedPage({ field: 'expiry', message: expiryMessage });
      const refusal =
        digits === sandboxTestCards.decline
          ? sandboxRefusals.decline
          : digits === sandboxTestCards.insufficientFunds
            ? sandboxRefusals.insufficientFunds
            : null;
      if (refusal) {
        const query = new URLSearchParams({
          code: refusal.code,
          message: refusal.message,
          orderId,
        });
        return reply.redirect(`${failUrl}?${query.toString()}`, 302);
      }
      const outcome = digits === sandboxTestCards.confirmFails ? 'confirm-fails' : 'approve';
      const query = new URLSearchParams({
        paymentKey: provider.issuePaymentKey(orderId, amount, outcome),
        orderId,
        amount: String(amount),
      });
      return reply.redirect(`${successUrl}?${query.toString()}`, 302);
    },
  );
};
