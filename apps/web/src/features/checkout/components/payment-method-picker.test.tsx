import { paymentMethodMessages, type BookingCreated } from '@curtaincall/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { server } from '@/test/server';
import { usePaymentStep } from '../hooks/use-payment-step';
import { TOSS_SDK_V1_URL } from '../utils/toss-sdk';

const account = {
  bankCode: '88',
  bankName: '신한은행',
  accountNumber: '56211234567890',
  holder: '커튼콜',
  amount: 102_000,
  dueAt: '2026-11-28T23:59:59',
  testBankUrl: '/api/v1/sandbox-payments/bank?accountNumber=56211234567890',
};

function booking(overrides: Partial<BookingCreated> = {}): BookingCreated {
  const origin = window.location.origin;
  return {
    orderId: 'order-0002',
    bookingNumber: 'BK3F8L2P',
    orderName: '봄밤 어쿠스틱',
    amount: 102_000,
    customerName: '콘서트러버',
    clientKey: 'test_ck_123',
    successUrl: `${origin}/api/v1/payments/success`,
    failUrl: `${origin}/api/v1/payments/fail`,
    provider: 'sandbox',
    checkoutUrl: '/api/v1/sandbox-payments/checkout',
    paymentDeadlineSeconds: 600,
    ...overrides,
  };
}

/** Answers POST /bookings and keeps every body it was sent. */
function serveBookings(answer: () => Response) {
  const bodies: unknown[] = [];
  server.use(
    http.post('/api/bookings', async ({ request }) => {
      bodies.push(await request.json());
      return answer();
    }),
  );
  return bodies;
}

const created =
  (overrides: Partial<BookingCreated> = {}) =>
  () =>
    HttpResponse.json({ success: true, data: booking(overrides) }, { status: 201 });

/** The seat page's payment step in miniature: the picker, 결제하기 with the panel's total. */
function StepHarness({ total }: { total: number }) {
  const { pay, renderPaymentStep, checkoutWindow } = usePaymentStep();
  return (
    <>
      {renderPaymentStep({ total, disabled: false })}
      <button
        type="button"
        onClick={() => void pay({ concertId: 3, concertSeatIds: [301], expectedAmount: total })}
      >
        결제하기
      </button>
      {checkoutWindow}
    </>
  );
}

/** Where the deposit navigation lands, with what it carried. */
function DepositProbe() {
  const location = useLocation();
  return (
    <div data-testid="deposit-page">
      <p data-testid="search">{location.search}</p>
      <p data-testid="state">{JSON.stringify(location.state)}</p>
    </div>
  );
}

function renderStep(total = 102_000) {
  const user = userEvent.setup();
  renderWithProviders(
    <Routes>
      <Route path="/" element={<StepHarness total={total} />} />
      <Route path="/payment/result/deposit" element={<DepositProbe />} />
    </Routes>,
  );
  return user;
}

const picker = () => screen.getByRole('group', { name: '결제 수단' });

describe('payment method picker (issue 28)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('offers the three methods as a radio group, a card first', () => {
    renderStep();
    const radios = within(picker()).getAllByRole('radio').slice(0, 3);
    expect(radios.map((radio) => radio.getAttribute('value'))).toEqual([
      'CARD',
      'EASY_PAY',
      'VIRTUAL_ACCOUNT',
    ]);
    expect(within(picker()).getByRole('radio', { name: '신용·체크카드' })).toBeChecked();
    expect(within(picker()).getByRole('combobox', { name: '카드사' })).toHaveDisplayValue(
      '선택 안 함',
    );
  });

  it('sends nothing for a plain card (the spec’s body), and 카드사 with 할부 when chosen', async () => {
    const bodies = serveBookings(created());
    const user = renderStep(102_000);
    await user.click(screen.getByRole('button', { name: '결제하기' }));
    await screen.findByRole('dialog', { name: '카드 결제' });
    expect(bodies).toEqual([{ concertId: 3, concertSeatIds: [301] }]);
    await user.click(screen.getByRole('button', { name: '결제창 닫기' }));

    await user.selectOptions(screen.getByRole('combobox', { name: '카드사' }), '신한카드');
    await user.selectOptions(screen.getByRole('combobox', { name: '할부' }), '3개월');
    await user.click(screen.getByRole('button', { name: '결제하기' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({
      concertId: 3,
      concertSeatIds: [301],
      payment: { method: 'CARD', cardCompany: 'SHINHAN', installmentMonths: 3 },
    });
  });

  it('hides 할부 below 50,000원 and says why', () => {
    renderStep(49_000);
    expect(screen.queryByRole('combobox', { name: '할부' })).toBeNull();
    expect(
      screen.getByText('할부는 50,000원 이상 결제할 때 선택할 수 있어요.'),
    ).toBeInTheDocument();
  });

  it('offers 일시불 and the months from 50,000원', () => {
    renderStep(50_000);
    const months = screen.getByRole('combobox', { name: '할부' });
    expect(
      within(months)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['일시불', '2개월', '3개월', '4개월', '5개월', '6개월', '10개월', '12개월']);
  });

  it('sends the 간편결제 provider and a 소득공제 현금영수증, hyphens taken out', async () => {
    const bodies = serveBookings(created({ method: 'EASY_PAY' }));
    const user = renderStep();
    await user.click(screen.getByRole('radio', { name: '간편결제' }));
    const providers = screen.getByRole('group', { name: '간편결제 선택' });
    expect(
      within(providers)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['카카오페이', '네이버페이', '토스페이', 'PAYCO']);
    await user.click(within(providers).getByRole('radio', { name: '카카오페이' }));
    const receipt = screen.getByRole('group', { name: '현금영수증' });
    expect(within(receipt).getByRole('radio', { name: '미발행' })).toBeChecked();
    await user.click(within(receipt).getByRole('radio', { name: '소득공제' }));
    await user.type(screen.getByRole('textbox', { name: '휴대폰 번호' }), '010-1234-5678');
    await user.click(screen.getByRole('button', { name: '결제하기' }));
    await screen.findByRole('dialog', { name: '간편결제' });
    expect(bodies).toEqual([
      {
        concertId: 3,
        concertSeatIds: [301],
        payment: {
          method: 'EASY_PAY',
          easyPayProvider: 'KAKAOPAY',
          cashReceipt: { type: 'INCOME_DEDUCTION', number: '01012345678' },
        },
      },
    ]);
  });

  it('says a wrong 현금영수증 number next to the field and books nothing', async () => {
    const bodies = serveBookings(created());
    const user = renderStep();
    await user.click(screen.getByRole('radio', { name: '가상계좌(무통장입금)' }));
    await user.selectOptions(screen.getByRole('combobox', { name: '입금 은행' }), '신한은행');
    await user.click(screen.getByRole('radio', { name: '지출증빙' }));
    const number = screen.getByRole('textbox', { name: '사업자등록번호' });
    await user.type(number, '12345');
    await user.click(screen.getByRole('button', { name: '결제하기' }));

    await waitFor(() => expect(number).toHaveAttribute('aria-invalid', 'true'));
    expect(number).toHaveAccessibleDescription(
      expect.stringContaining(paymentMethodMessages.cashReceiptNumber),
    );
    // The focus goes to the field, so the message is read out with it.
    expect(number).toHaveFocus();
    expect(bodies).toEqual([]);

    // Corrected, the error goes and the booking is made with the number as digits.
    await user.clear(number);
    await user.type(number, '123-45-67890');
    expect(number).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: '결제하기' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({
      payment: {
        method: 'VIRTUAL_ACCOUNT',
        bank: '88',
        cashReceipt: { type: 'EXPENSE_PROOF', number: '1234567890' },
      },
    });
  });

  it('asks for a 간편결제 provider before booking', async () => {
    const bodies = serveBookings(created());
    const user = renderStep();
    await user.click(screen.getByRole('radio', { name: '간편결제' }));
    await user.click(screen.getByRole('button', { name: '결제하기' }));
    const providers = screen.getByRole('group', { name: '간편결제 선택' });
    expect(await within(providers).findByText('간편결제 수단을 선택해주세요.')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('goes to the deposit page for a 가상계좌, opening no window', async () => {
    const bodies = serveBookings(
      created({
        method: 'VIRTUAL_ACCOUNT',
        checkoutUrl: undefined,
        virtualAccount: account,
      }),
    );
    const user = renderStep();
    await user.click(screen.getByRole('radio', { name: '가상계좌(무통장입금)' }));
    expect(
      screen.getByText(
        /입금 기한까지 좌석이 유지돼요. 기한 안에 입금하지 않으면 예매가 자동으로 취소/,
      ),
    ).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: '입금 은행' }), '신한은행');
    await user.click(screen.getByRole('button', { name: '결제하기' }));

    const page = await screen.findByTestId('deposit-page');
    expect(within(page).getByTestId('search')).toHaveTextContent('?bookingNumber=BK3F8L2P');
    expect(JSON.parse(within(page).getByTestId('state').textContent ?? 'null')).toEqual({
      virtualAccount: account,
    });
    expect(bodies).toEqual([
      { concertId: 3, concertSeatIds: [301], payment: { method: 'VIRTUAL_ACCOUNT', bank: '88' } },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.head.querySelector(`script[src="${TOSS_SDK_V1_URL}"]`)).toBeNull();
  });

  it('puts the server’s refusal next to the bank and keeps every choice', async () => {
    const bodies = serveBookings(() =>
      HttpResponse.json(
        {
          success: false,
          status: 400,
          code: 'C001',
          message: '입력값이 올바르지 않습니다.',
          errors: [{ field: 'payment.bank', message: paymentMethodMessages.virtualAccountBank }],
        },
        { status: 400 },
      ),
    );
    const user = renderStep();
    await user.click(screen.getByRole('radio', { name: '가상계좌(무통장입금)' }));
    const bank = screen.getByRole('combobox', { name: '입금 은행' });
    await user.selectOptions(bank, '우리은행');
    await user.click(screen.getByRole('radio', { name: '소득공제' }));
    await user.type(screen.getByRole('textbox', { name: '휴대폰 번호' }), '01012345678');
    await user.click(screen.getByRole('button', { name: '결제하기' }));

    await waitFor(() => expect(bank).toHaveAttribute('aria-invalid', 'true'));
    expect(bank).toHaveAccessibleDescription(
      expect.stringContaining(paymentMethodMessages.virtualAccountBank),
    );
    expect(bodies).toHaveLength(1);
    expect(screen.getByRole('radio', { name: '가상계좌(무통장입금)' })).toBeChecked();
    expect(bank).toHaveValue('20');
    expect(screen.getByRole('textbox', { name: '휴대폰 번호' })).toHaveValue('01012345678');
  });

  it('puts a refusal of the whole choice (`payment`) by the method', async () => {
    serveBookings(() =>
      HttpResponse.json(
        {
          success: false,
          status: 400,
          code: 'C001',
          message: paymentMethodMessages.virtualAccountUnavailable,
          errors: [{ field: 'payment', message: paymentMethodMessages.virtualAccountUnavailable }],
        },
        { status: 400 },
      ),
    );
    const user = renderStep();
    await user.click(screen.getByRole('radio', { name: '가상계좌(무통장입금)' }));
    await user.selectOptions(screen.getByRole('combobox', { name: '입금 은행' }), '우리은행');
    await user.click(screen.getByRole('button', { name: '결제하기' }));
    await waitFor(() =>
      expect(picker()).toHaveAccessibleDescription(paymentMethodMessages.virtualAccountUnavailable),
    );
  });
});
