import type { BookingCreated } from '@curtaincall/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '@/lib/browser';
import { renderWithProviders } from '@/test/render';
import { server } from '@/test/server';
import { resetTossSdk, TOSS_SDK_V1_URL, type TossPaymentRequest } from '../utils/toss-sdk';
import { useCheckout, type CheckoutOrder } from './use-checkout';

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
    provider: 'toss',
    paymentDeadlineSeconds: 600,
    ...overrides,
  };
}

function serveBooking(answer: BookingCreated) {
  server.use(
    http.post('/api/bookings', () =>
      HttpResponse.json({ success: true, data: answer }, { status: 201 }),
    ),
  );
}

const order: CheckoutOrder = { concertId: 3, concertSeatIds: [301], expectedAmount: 102_000 };

/** A pay button over `useCheckout`, saying when `pay` settled. */
function PayHarness({ order: current = order }: { order?: CheckoutOrder }) {
  const { pay, checkoutWindow } = useCheckout();
  const [settled, setSettled] = useState(0);
  return (
    <>
      <button type="button" onClick={() => void pay(current).then(() => setSettled((n) => n + 1))}>
        pay
      </button>
      <p data-testid="settled">{settled}</p>
      {checkoutWindow}
    </>
  );
}

type RequestPayment = (method: '카드', request: TossPaymentRequest) => Promise<unknown>;

/** Puts a fake `TossPayments` global where the SDK script would. */
function installToss(requestPayment: RequestPayment) {
  const factory = vi.fn((_clientKey: string) => ({ requestPayment }));
  Reflect.set(window, 'TossPayments', factory);
  return factory;
}

const settledCount = () => screen.getByTestId('settled').textContent;

describe('useCheckout with Toss (SDK v1)', () => {
  beforeEach(() => {
    resetTossSdk();
  });
  afterEach(() => {
    Reflect.deleteProperty(window, 'TossPayments');
    document.head.querySelectorAll('script').forEach((script) => script.remove());
    vi.restoreAllMocks();
  });

  it('loads the SDK script on demand and requests a card payment with the booking’s parameters', async () => {
    serveBooking(booking());
    const requestPayment = vi.fn<RequestPayment>(() => new Promise(() => undefined));
    const user = userEvent.setup();
    renderWithProviders(<PayHarness />);
    await user.click(screen.getByRole('button', { name: 'pay' }));

    const script = await waitFor(() => {
      const found = document.head.querySelector<HTMLScriptElement>(
        `script[src="${TOSS_SDK_V1_URL}"]`,
      );
      expect(found).not.toBeNull();
      return found;
    });
    const factory = installToss(requestPayment);
    script?.dispatchEvent(new Event('load'));

    await waitFor(() => expect(requestPayment).toHaveBeenCalledTimes(1));
    expect(factory).toHaveBeenCalledWith('test_ck_123');
    const origin = window.location.origin;
    expect(requestPayment).toHaveBeenCalledWith('카드', {
      orderId: 'order-0002',
      orderName: '봄밤 어쿠스틱',
      amount: 102_000,
      customerName: '콘서트러버',
      successUrl: `${origin}/api/v1/payments/success`,
      failUrl: `${origin}/api/v1/payments/fail`,
    });
    // Toss redirects the browser from here on: the page waits.
    expect(settledCount()).toBe('0');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('passes the server’s windowOptions to requestPayment, so a 간편결제 opens directly (issue 28)', async () => {
    serveBooking(
      booking({ method: 'EASY_PAY', windowOptions: { flowMode: 'DIRECT', easyPay: 'KAKAOPAY' } }),
    );
    const requestPayment = vi.fn<RequestPayment>(() => new Promise(() => undefined));
    installToss(requestPayment);
    const user = userEvent.setup();
    renderWithProviders(<PayHarness />);
    await user.click(screen.getByRole('button', { name: 'pay' }));
    await waitFor(() => expect(requestPayment).toHaveBeenCalledTimes(1));
    const origin = window.location.origin;
    expect(requestPayment).toHaveBeenCalledWith('카드', {
      orderId: 'order-0002',
      orderName: '봄밤 어쿠스틱',
      amount: 102_000,
      customerName: '콘서트러버',
      successUrl: `${origin}/api/v1/payments/success`,
      failUrl: `${origin}/api/v1/payments/fail`,
      flowMode: 'DIRECT',
      easyPay: 'KAKAOPAY',
    });
  });

  it('presets the card window with 카드사 and 할부 from windowOptions', async () => {
    serveBooking(
      booking({
        method: 'CARD',
        windowOptions: { flowMode: 'DEFAULT', cardCompany: 'SHINHAN', cardInstallmentPlan: 3 },
      }),
    );
    const requestPayment = vi.fn<RequestPayment>(() => new Promise(() => undefined));
    installToss(requestPayment);
    const user = userEvent.setup();
    renderWithProviders(<PayHarness />);
    await user.click(screen.getByRole('button', { name: 'pay' }));
    await waitFor(() => expect(requestPayment).toHaveBeenCalledTimes(1));
    expect(requestPayment.mock.calls[0]?.[1]).toMatchObject({
      orderId: 'order-0002',
      flowMode: 'DEFAULT',
      cardCompany: 'SHINHAN',
      cardInstallmentPlan: 3,
    });
  });

  it('says a closed window (USER_CANCEL) was cancelled', async () => {
    serveBooking(booking());
    installToss(() =>
      Promise.reject({ code: 'USER_CANCEL', message: '사용자가 결제를 취소하였습니다' }),
    );
    const user = userEvent.setup();
    renderWithProviders(<PayHarness />);
    await user.click(screen.getByRole('button', { name: 'pay' }));
    expect(await screen.findByText('결제가 취소되었습니다.')).toBeInTheDocument();
    expect(settledCount()).toBe('1');
  });

  it('shows any other refusal with its message', async () => {
    serveBooking(booking());
    installToss(() =>
      Promise.reject({ code: 'INVALID_CARD_COMPANY', message: '유효하지 않은 카드입니다.' }),
    );
    const user = userEvent.setup();
    renderWithProviders(<PayHarness />);
    await user.click(screen.getByRole('button', { name: 'pay' }));
    expect(
      await screen.findByText('결제에 실패했습니다: 유효하지 않은 카드입니다.'),
    ).toBeInTheDocument();
    expect(settledCount()).toBe('1');
  });

  it('fails with a clear message when the SDK script cannot load', async () => {
    serveBooking(booking());
    const user = userEvent.setup();
    renderWithProviders(<PayHarness />);
    await user.click(screen.getByRole('button', { name: 'pay' }));
    const script = await waitFor(() => {
      const found = document.head.querySelector<HTMLScriptElement>('script');
      expect(found).not.toBeNull();
      return found;
    });
    script?.dispatchEvent(new Event('error'));
    expect(
      await screen.findByText('결제에 실패했습니다: 결제 모듈을 불러오지 못했습니다.'),
    ).toBeInTheDocument();
    expect(document.head.querySelector('script')).toBeNull();
  });

  it('warns when the server charges another amount than the seat page showed', async () => {
    serveBooking(booking({ amount: 152_000 }));
    installToss(() => new Promise(() => undefined));
    const user = userEvent.setup();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderWithProviders(<PayHarness />);
    await user.click(screen.getByRole('button', { name: 'pay' }));
    expect(
      await screen.findByText('결제 금액이 152,000원으로 확정되었습니다.'),
    ).toBeInTheDocument();
  });
});

describe('useCheckout with the sandbox', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the server’s amount in the window, with a notice when it differs', async () => {
    serveBooking(
      booking({
        provider: 'sandbox',
        amount: 152_000,
        checkoutUrl: '/api/v1/sandbox-payments/checkout',
      }),
    );
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderWithProviders(<PayHarness />);
    await user.click(screen.getByRole('button', { name: 'pay' }));
    const dialog = await screen.findByRole('dialog', { name: '카드 결제' });
    expect(within(dialog).getByTestId('checkout-amount')).toHaveTextContent('152,000원');
    expect(within(dialog).getByText('결제 금액이 152,000원으로 확정되었습니다.')).toHaveAttribute(
      'role',
      'status',
    );
    const src = new URL(within(dialog).getByTitle('카드 결제').getAttribute('src') ?? '');
    expect(src.searchParams.get('amount')).toBe('152000');
  });

  it('goes to a checkout page on another origin as a whole page, since it cannot be framed', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    serveBooking(
      booking({
        provider: 'sandbox',
        checkoutUrl: 'https://pay.example.com/api/v1/sandbox-payments/checkout',
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<PayHarness />);
    await user.click(screen.getByRole('button', { name: 'pay' }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    const target = new URL(assign.mock.calls[0]?.[0] ?? '');
    expect(target.origin).toBe('https://pay.example.com');
    expect(target.searchParams.get('orderId')).toBe('order-0002');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(settledCount()).toBe('0');
  });

  it('opens the provider’s 간편결제 page with the method the server put in its address', async () => {
    serveBooking(
      booking({
        provider: 'sandbox',
        method: 'EASY_PAY',
        checkoutUrl: '/api/v1/sandbox-payments/checkout?method=EASY_PAY&easyPay=KAKAOPAY',
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<PayHarness />);
    await user.click(screen.getByRole('button', { name: 'pay' }));
    const dialog = await screen.findByRole('dialog', { name: '간편결제' });
    const src = new URL(within(dialog).getByTitle('간편결제').getAttribute('src') ?? '');
    expect(src.searchParams.get('method')).toBe('EASY_PAY');
    expect(src.searchParams.get('easyPay')).toBe('KAKAOPAY');
    expect(src.searchParams.get('orderId')).toBe('order-0002');
    expect(src.searchParams.get('amount')).toBe('102000');
  });

  it('fails when the server gave no checkout address', async () => {
    serveBooking(booking({ provider: 'sandbox' }));
    const user = userEvent.setup();
    renderWithProviders(<PayHarness />);
    await user.click(screen.getByRole('button', { name: 'pay' }));
    expect(
      await screen.findByText('결제에 실패했습니다: 결제창 주소를 받지 못했습니다.'),
    ).toBeInTheDocument();
  });
});
