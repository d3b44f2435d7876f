import type { BookingCreated, RefundQuoteWire, SeatEntry } from '@curtaincall/contracts';
import { sql } from 'drizzle-orm';
import { sandboxTestCards } from '../../src/adapters/payment-provider/sandbox-payment-provider';
import type { App } from '../../src/app';
import { queryRows, type Database } from '../../src/db/client';

/** A buyer through the front door: waiting room, seat page, hold, booking (api-contract §6-8). */
export interface BuyerSession {
  cookie: string;
  accessKey: string;
}

function expectStatus(
  response: { statusCode: number; body: string },
  status: number,
  what: string,
) {
  if (response.statusCode !== status) {
    throw new Error(`${what}: ${response.statusCode} ${response.body.slice(0, 300)}`);
  }
}

/** Enters the concert's waiting room (straight in while slots are free) and returns the key. */
export async function admit(
  app: App,
  concertId: number,
  buyer: { cookie: string },
): Promise<BuyerSession> {
  const entry = await app.inject({
    method: 'POST',
    url: `/api/queue/enter?concertId=${concertId}`,
    headers: { cookie: buyer.cookie },
  });
  expectStatus(entry, 200, 'queue entry');
  const accessKey: unknown = entry.json().data?.accessKey;
  if (typeof accessKey !== 'string') throw new Error(`not admitted: ${entry.body}`);
  return { cookie: buyer.cookie, accessKey };
}

/** Holds `count` free seats of the concert; returns their ids. */
export async function holdSeats(
  app: App,
  concertId: number,
  session: BuyerSession,
  count: number,
): Promise<number[]> {
  const headers = { cookie: session.cookie, 'x-access-key': session.accessKey };
  const status = await app.inject({
    method: 'GET',
    url: `/api/seats/concerts/${concertId}/status`,
    headers,
  });
  expectStatus(status, 200, 'seat status');
  const free = (status.json().data as SeatEntry[]).filter((s) => s.status === 'AVAILABLE');
  const held: number[] = [];
  for (const seat of free) {
    if (held.length === count) break;
    const response = await app.inject({
      method: 'POST',
      url: `/api/seats/concerts/${concertId}/seats/${seat.seatId}/reserve`,
      headers,
    });
    // Another buyer of the same test may have taken it a moment ago: try the next one.
    if (response.statusCode === 200) held.push(seat.seatId);
  }
  if (held.length !== count) throw new Error(`could hold only ${held.length} of ${count} seats`);
  return held;
}

/** Books held seats: an unpaid booking with the payment window's parameters. */
export async function book(
  app: App,
  concertId: number,
  session: BuyerSession,
  seatIds: number[],
): Promise<BookingCreated> {
  const booked = await app.inject({
    method: 'POST',
    url: '/api/bookings',
    headers: { cookie: session.cookie, 'content-type': 'application/json' },
    payload: { concertId, concertSeatIds: seatIds },
  });
  expectStatus(booked, 201, 'booking');
  return booked.json().data as BookingCreated;
}

/**
 * Pays a booking in the sandbox window with the approving test card (PAYMENT_PROVIDER=sandbox).
 * Returns the success callback's path and query, which a browser may bring again.
 */
export async function payInSandbox(
  app: App,
  session: Pick<BuyerSession, 'cookie'>,
  created: BookingCreated,
): Promise<string> {
  const checkout = new URL(created.checkoutUrl ?? '');
  const submit = await app.inject({
    method: 'POST',
    url: checkout.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      orderId: created.orderId,
      orderName: created.orderName,
      amount: String(created.amount),
      customerName: created.customerName,
      cardNumber: sandboxTestCards.approve,
      expiry: '12/39',
      installment: '0',
    }).toString(),
  });
  expectStatus(submit, 302, 'sandbox window');
  const callback = new URL(String(submit.headers.location));
  const callbackUrl = `${callback.pathname}${callback.search}`;
  const landed = await app.inject({
    method: 'GET',
    url: callbackUrl,
    headers: { cookie: session.cookie },
  });
  expectStatus(landed, 302, 'payment callback');
  if (!String(landed.headers.location).includes('/payment/result/success')) {
    throw new Error(`payment did not succeed: ${String(landed.headers.location)}`);
  }
  return callbackUrl;
}

/** Pays a booking at (fake) Toss: its success redirect brought by the buyer's browser. */
export async function payAtToss(
  app: App,
  session: Pick<BuyerSession, 'cookie'>,
  created: BookingCreated,
  paymentKey: string,
): Promise<void> {
  const landed = await app.inject({
    method: 'GET',
    url: `/api/v1/payments/success?${new URLSearchParams({
      paymentKey,
      orderId: created.orderId,
      amount: String(created.amount),
      paymentType: 'NORMAL',
    }).toString()}`,
    headers: { cookie: session.cookie },
  });
  expectStatus(landed, 302, 'payment callback');
  if (!String(landed.headers.location).includes('/payment/result/success')) {
    throw new Error(`payment did not succeed: ${String(landed.headers.location)}`);
  }
}

/**
 * Cancels tickets of a paid booking as its buyer does (issue 27): the refund quote for them, then
 * the cancel for exactly that refund. Returns what was given back.
 */
export async function cancelSeats(
  app: App,
  session: Pick<BuyerSession, 'cookie'>,
  booking: { bookingId: number; bookingNumber: string },
  ticketIds: number[],
): Promise<number> {
  const quote = await app.inject({
    method: 'GET',
    url: `/api/bookings/${booking.bookingNumber}/refund-quote?ticketIds=${ticketIds.join(',')}`,
    headers: { cookie: session.cookie },
  });
  expectStatus(quote, 200, 'refund quote');
  const { refundTotal } = quote.json().data as RefundQuoteWire;
  const cancelled = await app.inject({
    method: 'POST',
    url: `/api/bookings/${booking.bookingId}/cancel`,
    headers: { cookie: session.cookie, 'content-type': 'application/json' },
    payload: { ticketIds, expectedRefund: refundTotal },
  });
  expectStatus(cancelled, 200, 'cancel');
  return refundTotal;
}

/** A booking's id and its tickets (id order) with their seats, read back by its number. */
export async function bookingRowsOf(
  db: Database,
  bookingNumber: string,
): Promise<{
  bookingId: number;
  tickets: Array<{ ticketId: number; seatId: number; seatInfo: string }>;
}> {
  const rows = await queryRows<{
    booking_id: number;
    id: number;
    seat_id: number;
    seat_info: string;
  }>(
    db,
    sql`select b.id as booking_id, t.id, t.concert_seat_id as seat_id, t.seat_info
          from bookings b join tickets t on t.booking_id = b.id
         where b.booking_number = ${bookingNumber} order by t.id`,
  );
  const [first] = rows;
  if (!first) throw new Error(`no booking ${bookingNumber}`);
  return {
    bookingId: Number(first.booking_id),
    tickets: rows.map((r) => ({
      ticketId: Number(r.id),
      seatId: Number(r.seat_id),
      seatInfo: r.seat_info,
    })),
  };
}
