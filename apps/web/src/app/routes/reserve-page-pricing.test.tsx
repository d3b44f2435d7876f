import {
  priceBooking,
  promoMessages,
  ticketTypeMessages,
  type BookingCreated,
  type PriceBreakdown,
  type PromoCheck,
  type SeatEntry,
  type TicketType,
} from '@curtaincall/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetAccessKeyExpiry } from '@/lib/access-key';
import { formatDateTime, formatPrice } from '@/lib/format';
import { makeHeldSeat, makeSmallVenue, users } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { server } from '@/test/server';
import { ReservePage } from './reserve-page';

/** 50 % off any grade, proof at the door, one companion at the same rate. */
const disabledSevere: TicketType = {
  id: 1,
  kind: 'DISABLED_SEVERE',
  name: '장애인(심한)',
  discountKind: 'PERCENT',
  discountValue: 50,
  gradeKeys: [],
  remaining: null,
  proofRequired: true,
  companionAllowed: true,
  earlyUntil: null,
};
/** 5,000원 off VIP only, 3 left of its quota. */
const youth: TicketType = {
  id: 2,
  kind: 'YOUTH',
  name: '청소년',
  discountKind: 'AMOUNT',
  discountValue: 5_000,
  gradeKeys: ['VIP'],
  remaining: 3,
  proofRequired: true,
  companionAllowed: false,
  earlyUntil: null,
};
const earlyBird: TicketType = {
  id: 3,
  kind: 'EARLY_BIRD',
  name: '조기예매',
  discountKind: 'PERCENT',
  discountValue: 10,
  gradeKeys: [],
  remaining: null,
  proofRequired: false,
  companionAllowed: false,
  earlyUntil: '2030-09-30T23:59:00',
};
const code: PromoCheck = {
  code: 'FAN2030',
  discountKind: 'PERCENT',
  discountValue: 10,
  gradeKeys: [],
};
/** Not the spec's 2,000원: the panel must price with the list's fee. */
const FEE = 1_000;

interface Served {
  bookingBodies: unknown[];
  checkBodies: unknown[];
}

/**
 * Concert 1 with A-1-1 (프리미엄 150,000원) and B-1-1 (VIP 100,000원) held, its 권종, a code
 * check and a booking endpoint answering `booking`.
 */
function serveSeatPage({
  types = [disabledSevere, youth, earlyBird],
  held = [111, 211],
  check = () => HttpResponse.json({ success: true, data: code }),
  booking = () => HttpResponse.json({ success: false, status: 500 }, { status: 500 }),
}: {
  types?: TicketType[];
  held?: number[];
  check?: () => Response;
  booking?: () => Response;
} = {}): Served {
  const { seatMap, seats } = makeSmallVenue();
  const statuses: SeatEntry[] = seats.map((seat) =>
    held.includes(seat.seatId) ? makeHeldSeat(seat.seatId, seat.seatInfo, 250) : seat,
  );
  const served: Served = { bookingBodies: [], checkBodies: [] };
  server.use(
    http.get('/api/concerts/1/seat-map', () => HttpResponse.json({ success: true, data: seatMap })),
    http.get('/api/seats/concerts/1/status', () =>
      HttpResponse.json({ success: true, data: statuses }),
    ),
    http.get('/api/concerts/1/ticket-types', () =>
      HttpResponse.json({
        success: true,
        data: { bookingFeePerSeat: FEE, ticketTypes: types },
      }),
    ),
    http.post('/api/concerts/1/promo-codes/check', async ({ request }) => {
      served.checkBodies.push(await request.json());
      return check();
    }),
    http.post('/api/bookings', async ({ request }) => {
      served.bookingBodies.push(await request.json());
      return booking();
    }),
  );
  return served;
}

function renderReservePage() {
  return renderWithProviders(
    <Routes>
      <Route path="/concerts/:concertId/reserve" element={<ReservePage />} />
    </Routes>,
    { route: '/concerts/1/reserve', session: users.user },
  );
}

const panel = () => screen.getByRole('complementary', { name: '선택한 좌석' });
const typeSelect = (place: string) =>
  within(panel()).getByRole<HTMLSelectElement>('combobox', { name: `${place} 권종` });
const optionTexts = (select: HTMLSelectElement) =>
  [...select.options].map((option) => option.textContent);
/** The held seat's row of the panel (its select, notes and errors). */
const seatItem = (place: string) => {
  const item = typeSelect(place).closest('li');
  if (!item) throw new Error(`no panel row for ${place}`);
  return item;
};

async function openPage() {
  const user = userEvent.setup();
  renderReservePage();
  await screen.findByRole('button', { name: /^프리미엄석 A구역 1열 1번, 선택됨/ });
  await within(panel()).findByRole('combobox', { name: 'A구역 1열 1번 권종' });
  return user;
}

/** The held seats priced as the server will, by the same function. */
function expectedBreakdown(promo: PromoCheck | null): PriceBreakdown {
  const terms = {
    id: disabledSevere.id,
    kind: disabledSevere.kind,
    name: disabledSevere.name,
    discount: { kind: disabledSevere.discountKind, value: disabledSevere.discountValue },
    gradeKeys: disabledSevere.gradeKeys,
    companionAllowed: true,
    proofRequired: true,
  };
  return priceBooking({
    seats: [
      {
        concertSeatId: 111,
        seatInfo: 'A-1-1',
        gradeKey: '프리미엄',
        gradeName: '프리미엄석',
        gradePrice: 150_000,
        ticketType: terms,
      },
      {
        concertSeatId: 211,
        seatInfo: 'B-1-1',
        gradeKey: 'VIP',
        gradeName: 'VIP석',
        gradePrice: 100_000,
        ticketType: null,
        companionOfSeatId: 111,
      },
    ],
    promo: promo
      ? {
          code: promo.code,
          discount: { kind: promo.discountKind, value: promo.discountValue },
          gradeKeys: promo.gradeKeys,
        }
      : null,
    bookingFeePerSeat: FEE,
  });
}

/** The value shown beside a term of the breakdown (`<dt>` then `<dd>`). */
function amountOf(container: HTMLElement, term: string): string {
  return within(container).getByText(term).nextElementSibling?.textContent ?? '';
}

async function chooseDisabledWithCompanion(user: ReturnType<typeof userEvent.setup>) {
  await user.selectOptions(typeSelect('A구역 1열 1번'), '장애인(심한) 50%');
  await user.selectOptions(typeSelect('B구역 1열 1번'), '동반자 (같은 할인)');
}

async function applyCode(user: ReturnType<typeof userEvent.setup>, text: string) {
  await user.type(within(panel()).getByRole('textbox', { name: '할인 코드' }), text);
  await user.click(within(panel()).getByRole('button', { name: '적용' }));
}

describe('ReservePage: 권종, 할인 코드 and the price breakdown (issue 27)', () => {
  beforeEach(() => {
    sessionStorage.setItem('accessKey-1', 'key-1');
  });
  afterEach(() => {
    sessionStorage.clear();
    resetAccessKeyExpiry();
  });

  it('offers per seat 일반 and the types for its grade, with the discount, what is left and a 조기예매’s end', async () => {
    serveSeatPage();
    await openPage();
    const early = `조기예매 10% · ${formatDateTime('2030-09-30T23:59:00')}까지`;
    // 청소년 is for VIP only: the 프리미엄 seat does not offer it.
    expect(optionTexts(typeSelect('A구역 1열 1번'))).toEqual(['일반', '장애인(심한) 50%', early]);
    expect(optionTexts(typeSelect('B구역 1열 1번'))).toEqual([
      '일반',
      '장애인(심한) 50%',
      '청소년 5,000원 할인 · 잔여 3매',
      early,
    ]);
    expect(typeSelect('A구역 1열 1번')).toHaveValue('general');
  });

  it('prices the types, the companion and the code with priceBooking and books with them', async () => {
    const created: BookingCreated = {
      orderId: 'order-0027',
      bookingNumber: 'BK27TYPE',
      orderName: '재즈 인 더 시티',
      amount: expectedBreakdown(code).total,
      customerName: '콘서트러버',
      clientKey: 'sandbox-client-key',
      successUrl: `${window.location.origin}/api/v1/payments/success`,
      failUrl: `${window.location.origin}/api/v1/payments/fail`,
      provider: 'sandbox',
      checkoutUrl: `${window.location.origin}/api/v1/sandbox-payments/checkout`,
      paymentDeadlineSeconds: 600,
      breakdown: expectedBreakdown(code),
    };
    const served = serveSeatPage({
      booking: () => HttpResponse.json({ success: true, data: created }, { status: 201 }),
    });
    const user = await openPage();

    await chooseDisabledWithCompanion(user);
    expect(within(seatItem('A구역 1열 1번')).getByText('현장에서 증빙 필요')).toBeVisible();
    expect(typeSelect('A구역 1열 1번')).toHaveAccessibleDescription(
      expect.stringContaining('현장에서 증빙 필요'),
    );
    expect(
      within(seatItem('B구역 1열 1번')).getByText(
        'A구역 1열 1번 좌석의 동반자로 같은 할인이 적용돼요.',
      ),
    ).toBeVisible();

    await applyCode(user, 'fan2030');
    expect(served.checkBodies).toEqual([{ code: 'FAN2030' }]);
    expect(await within(panel()).findByText('적용됨')).toBeVisible();
    expect(within(panel()).getByText('FAN2030')).toBeVisible();
    expect(within(panel()).queryByRole('textbox', { name: '할인 코드' })).toBeNull();

    const expected = expectedBreakdown(code);
    for (const line of expected.lines) {
      const section = within(panel()).getByRole('region', {
        name: `${line.seatInfo === 'A-1-1' ? 'A구역 1열 1번' : 'B구역 1열 1번'} 금액`,
      });
      expect(amountOf(section, '등급 가격')).toBe(formatPrice(line.gradePrice));
      expect(amountOf(section, '권종 할인')).toBe(`-${formatPrice(line.typeDiscount)}`);
      expect(amountOf(section, '코드 할인')).toBe(`-${formatPrice(line.codeDiscount)}`);
      expect(amountOf(section, '예매수수료')).toBe(formatPrice(FEE));
      expect(section).toHaveTextContent(line.ticketTypeName);
    }
    expect(amountOf(panel(), '좌석 금액 (2석)')).toBe(formatPrice(expected.gradeTotal));
    expect(amountOf(panel(), '코드 할인 (FAN2030)')).toBe(
      `-${formatPrice(expected.codeDiscountTotal)}`,
    );
    expect(amountOf(panel(), '예매 수수료 (1,000원 × 2)')).toBe(formatPrice(2 * FEE));
    expect(within(panel()).getByTestId('breakdown-total')).toHaveTextContent(
      formatPrice(expected.total),
    );
    expect(within(panel()).getByTestId('order-total')).toHaveTextContent(
      formatPrice(expected.total),
    );
    // 150,000 and 100,000 at half price, 10 % off the rest, 1,000원 a seat.
    expect(expected.total).toBe(67_500 + 45_000 + 2 * FEE);

    await user.click(within(panel()).getByRole('button', { name: '결제하기' }));
    const dialog = await screen.findByRole('dialog', { name: '카드 결제' });
    expect(served.bookingBodies).toEqual([
      {
        concertId: 1,
        concertSeatIds: [111, 211],
        seatTypes: [
          { concertSeatId: 111, ticketTypeId: 1, companionOfSeatId: null },
          { concertSeatId: 211, ticketTypeId: null, companionOfSeatId: 111 },
        ],
        promoCode: 'FAN2030',
      },
    ]);
    // The window shows the server's breakdown line by line, and no "amount changed" notice.
    const lines = within(dialog).getByText('결제 금액 상세').closest('details');
    expect(lines).toHaveAttribute('open');
    expect(within(dialog).getByText('A구역 1열 1번 · 프리미엄석 · 장애인(심한)')).toBeVisible();
    expect(within(dialog).getByText('B구역 1열 1번 · VIP석 · 장애인(심한) 동반자')).toBeVisible();
    expect(within(dialog).getByTestId('checkout-breakdown-total')).toHaveTextContent(
      formatPrice(expected.total),
    );
    expect(within(dialog).queryByText(/확정되었습니다/)).toBeNull();
  });

  it('offers 동반자 only beside a holder whose type brings one, and drops it with the holder’s type', async () => {
    serveSeatPage();
    const user = await openPage();
    const companion = '동반자 (같은 할인)';
    expect(optionTexts(typeSelect('B구역 1열 1번'))).not.toContain(companion);

    await user.selectOptions(typeSelect('A구역 1열 1번'), String(earlyBird.id));
    expect(typeSelect('A구역 1열 1번')).toHaveValue('3');
    expect(optionTexts(typeSelect('B구역 1열 1번'))).not.toContain(companion);

    await chooseDisabledWithCompanion(user);
    expect(typeSelect('B구역 1열 1번')).toHaveValue('companion');
    // The companion's own select offers no 동반자 for the holder: one companion each, no chains.
    expect(optionTexts(typeSelect('A구역 1열 1번'))).not.toContain(companion);

    await user.selectOptions(typeSelect('A구역 1열 1번'), '일반');
    expect(typeSelect('B구역 1열 1번')).toHaveValue('general');
    expect(optionTexts(typeSelect('B구역 1열 1번'))).not.toContain(companion);
    // Back to the spec's lines: no type, no code.
    expect(within(panel()).getByText('좌석 금액 (2석)')).toBeVisible();
    expect(within(panel()).queryByTestId('breakdown-total')).toBeNull();
  });

  it('offers no 동반자 with a single seat held', async () => {
    serveSeatPage({ held: [111] });
    const user = await openPage();
    await user.selectOptions(typeSelect('A구역 1열 1번'), '장애인(심한) 50%');
    // One 권종 select (the payment step's 카드사 and 할부 selects are not seats').
    expect(within(panel()).getAllByRole('combobox', { name: /권종$/ })).toHaveLength(1);
    expect(optionTexts(typeSelect('A구역 1열 1번'))).not.toContain('동반자 (같은 할인)');
  });

  it('puts the server’s field errors next to the 권종 and the code, keeping every choice', async () => {
    const soldOut = ticketTypeMessages.soldOut('장애인(심한)');
    const served = serveSeatPage({
      booking: () =>
        HttpResponse.json(
          {
            success: false,
            status: 400,
            code: 'C001',
            message: '입력 정보를 다시 확인해주세요.',
            errors: [
              { field: 'seatTypes[0].ticketTypeId', message: soldOut },
              { field: 'promoCode', message: promoMessages.exhausted },
            ],
          },
          { status: 400 },
        ),
    });
    const user = await openPage();
    await chooseDisabledWithCompanion(user);
    await applyCode(user, 'FAN2030');
    await within(panel()).findByText('적용됨');
    await user.click(within(panel()).getByRole('button', { name: '결제하기' }));

    expect(
      await screen.findByText('결제에 실패했습니다: 입력 정보를 다시 확인해주세요.'),
    ).toBeInTheDocument();
    expect(served.bookingBodies).toHaveLength(1);
    expect(await within(seatItem('A구역 1열 1번')).findByText(soldOut)).toBeVisible();
    expect(typeSelect('A구역 1열 1번')).toHaveAccessibleDescription(
      expect.stringContaining(soldOut),
    );
    expect(typeSelect('A구역 1열 1번')).toHaveAttribute('aria-invalid', 'true');
    expect(within(seatItem('B구역 1열 1번')).queryByText(soldOut)).toBeNull();
    const promo = within(panel()).getByRole('group', { name: '할인 코드' });
    expect(promo).toHaveAccessibleDescription(promoMessages.exhausted);
    // Nothing chosen is lost.
    expect(typeSelect('A구역 1열 1번')).toHaveValue('1');
    expect(typeSelect('B구역 1열 1번')).toHaveValue('companion');
    expect(within(panel()).getByText('FAN2030')).toBeVisible();

    // Changing the seat's type clears its message (the code's stays until it changes).
    await user.selectOptions(typeSelect('A구역 1열 1번'), '일반');
    expect(within(seatItem('A구역 1열 1번')).queryByText(soldOut)).toBeNull();
    expect(within(panel()).getByText(promoMessages.exhausted)).toBeVisible();
  });

  it('says why a code is refused: its form, the server’s answer, too many tries; and removes an applied one', async () => {
    let answer: () => Response = () =>
      HttpResponse.json(
        { success: false, status: 400, code: 'C001', message: promoMessages.invalid },
        { status: 400 },
      );
    const served = serveSeatPage({ check: () => answer() });
    const user = await openPage();
    const input = () => within(panel()).getByRole('textbox', { name: '할인 코드' });

    await applyCode(user, 'no');
    expect(await within(panel()).findByText(promoMessages.code)).toBeVisible();
    expect(served.checkBodies).toEqual([]);

    await user.clear(input());
    await applyCode(user, 'WRONG1');
    expect(await within(panel()).findByText(promoMessages.invalid)).toBeVisible();
    expect(input()).toHaveAccessibleDescription(promoMessages.invalid);
    expect(input()).toHaveValue('WRONG1');

    answer = () =>
      HttpResponse.json(
        { success: false, status: 429, code: 'C005', message: '요청이 너무 많습니다.' },
        { status: 429 },
      );
    await user.click(within(panel()).getByRole('button', { name: '적용' }));
    expect(await within(panel()).findByText(promoMessages.tooManyTries)).toBeVisible();

    answer = () => HttpResponse.json({ success: true, data: code });
    await user.click(within(panel()).getByRole('button', { name: '적용' }));
    await within(panel()).findByText('적용됨');
    expect(within(panel()).queryByText(promoMessages.tooManyTries)).toBeNull();
    expect(amountOf(panel(), '코드 할인 (FAN2030)')).toBe('-25,000원');

    await user.click(within(panel()).getByRole('button', { name: '할인 코드 삭제' }));
    expect(input()).toHaveValue('');
    expect(within(panel()).queryByText('적용됨')).toBeNull();
    expect(within(panel()).getByTestId('order-total')).toHaveTextContent('252,000원');
  });

  it('says so when an applied code fits none of the held seats’ grades', async () => {
    serveSeatPage({
      check: () => HttpResponse.json({ success: true, data: { ...code, gradeKeys: ['일반석'] } }),
    });
    const user = await openPage();
    await applyCode(user, 'FAN2030');
    expect(await within(panel()).findByText(promoMessages.noEligibleSeat)).toBeVisible();
    expect(amountOf(panel(), '코드 할인 (FAN2030)')).toBe('-0원');
  });

  it('reads as the spec’s panel when the concert has no 권종 and no code is applied', async () => {
    const served = serveSeatPage({ types: [] });
    const user = userEvent.setup();
    renderReservePage();
    await screen.findByRole('button', { name: /^프리미엄석 A구역 1열 1번, 선택됨/ });
    await waitFor(() =>
      expect(amountOf(panel(), '예매 수수료 (1,000원 × 2)')).toBe(formatPrice(2 * FEE)),
    );
    expect(within(panel()).queryByRole('combobox', { name: /권종$/ })).toBeNull();
    expect(amountOf(panel(), '좌석 금액 (2석)')).toBe('250,000원');
    expect(within(panel()).queryByText('총 결제금액')).toBeNull();
    expect(within(panel()).getByTestId('order-total')).toHaveTextContent('252,000원');
    await user.click(within(panel()).getByRole('button', { name: '결제하기' }));
    await waitFor(() => expect(served.bookingBodies).toHaveLength(1));
    expect(served.bookingBodies[0]).toEqual({ concertId: 1, concertSeatIds: [111, 211] });
  });
});
