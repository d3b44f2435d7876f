import {
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
} from '@playwright/test';
import { loggedInContext, registerUser } from './sellers';

/**
 * Setup for the 회차 journeys (e2e/shows.spec.ts): sellers, buyers and paid bookings made
 * through the API wherever the browser would add nothing to what the journey proves.
 */

const approveCard = '4242424242424242';
const weekdays = ['일', '월', '화', '수', '목', '금', '토'];

/** A performance date as the app heads it: '2026.12.20(일)'. */
export function performanceDay(concertDate: string): string {
  const [year = 0, month = 1, day = 1] = concertDate.split('-').map(Number);
  const weekday = weekdays[new Date(Date.UTC(year, month - 1, day)).getUTCDay()];
  return `${concertDate.replace(/-/g, '.')}(${weekday})`;
}

/** How the app names a 회차 ('2026.12.20(일) 18:00'), as a buyer and a seller read it. */
export function performanceLabel(concertDate: string, startTime: string): string {
  return `${performanceDay(concertDate)} ${startTime.slice(0, 5)}`;
}

/** A brand-new buyer with a logged-in browser context (its `request` carries the session). */
export async function newBuyer(
  browser: Browser,
  baseURL: string | undefined,
  prefix: string,
): Promise<BrowserContext> {
  const setup = await browser.newContext({ baseURL });
  const user = await registerUser(setup.request, prefix);
  await setup.close();
  return loggedInContext(browser, baseURL, user.username, user.password);
}

export interface QueueAnswer {
  status: string;
  accessKey?: string;
  rank?: number;
  soldOut?: boolean;
  alternatives?: { concertId: number; remainingSeats: number; waiting: number }[];
}

export async function enterQueue(
  request: APIRequestContext,
  concertId: number,
): Promise<QueueAnswer> {
  const response = await request.post(`/api/queue/enter?concertId=${concertId}`);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: QueueAnswer }).data;
}

export async function queueStatus(
  request: APIRequestContext,
  concertId: number,
): Promise<QueueAnswer> {
  const response = await request.get(`/api/queue/status?concertId=${concertId}`);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: QueueAnswer }).data;
}

/**
 * Holds `count` free seats with the access key, books them and pays in the sandbox card window
 * with the approving card, as the window's form would; returns the booking number.
 */
export async function buySeats(
  request: APIRequestContext,
  concertId: number,
  accessKey: string,
  count: number,
): Promise<string> {
  const headers = { 'x-access-key': accessKey };
  const status = await request.get(`/api/seats/concerts/${concertId}/status`, { headers });
  expect(status.status(), await status.text()).toBe(200);
  const seats = ((await status.json()) as { data: { seatId: number; status: string }[] }).data;
  const held: number[] = [];
  for (const seat of seats.filter((entry) => entry.status === 'AVAILABLE')) {
    if (held.length === count) break;
    const hold = await request.post(
      `/api/seats/concerts/${concertId}/seats/${seat.seatId}/reserve`,
      { headers },
    );
    if (hold.status() === 200) held.push(seat.seatId);
  }
  expect(held, 'seats held').toHaveLength(count);

  const booked = await request.post('/api/bookings', {
    data: { concertId, concertSeatIds: held },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const created = (
    (await booked.json()) as {
      data: {
        bookingNumber: string;
        orderId: string;
        orderName: string;
        amount: number;
        customerName: string;
        checkoutUrl?: string;
      };
    }
  ).data;
  expect(created.checkoutUrl, 'the sandbox checkout window').toBeTruthy();
  const submitted = await request.post(created.checkoutUrl ?? '', {
    form: {
      orderId: created.orderId,
      orderName: created.orderName,
      amount: String(created.amount),
      customerName: created.customerName,
      cardNumber: approveCard,
      expiry: '12/39',
      installment: '0',
    },
    maxRedirects: 0,
  });
  expect(submitted.status(), await submitted.text()).toBe(302);
  const callback = submitted.headers().location ?? '';
  const landed = await request.get(callback, { maxRedirects: 0 });
  expect(landed.status()).toBe(302);
  expect(landed.headers().location ?? '').toContain('/payment/result/success');
  return created.bookingNumber;
}

export interface BookingState {
  bookingStatus: string;
  paymentStatus: string;
  concertDate: string;
  startTime: string;
}

export async function bookingState(
  request: APIRequestContext,
  bookingNumber: string,
): Promise<BookingState> {
  const response = await request.get(`/api/mypage/bookingDetail/${bookingNumber}`);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: BookingState }).data;
}
