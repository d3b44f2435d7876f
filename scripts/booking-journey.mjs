// The booking journey through HTTP, as a buyer's browser makes it: log in as the demo buyer,
// enter the waiting room, hold a seat, book it, pay in the sandbox window, cancel (full refund).
// `node scripts/booking-journey.mjs http://127.0.0.1:8080` against a server with the demo data
// and PAYMENT_PROVIDER=sandbox (the defaults of an embedded start). Exits 1 at the first step
// that answers otherwise than a buyer's browser expects.

/** A demo concert on sale, with no age limit, well ahead of the 3-day cancellation cut-off. */
const defaultConcert = '노을 밴드 전국투어 〈여름의 끝〉 서울';
/** The sandbox's approving test card (apps/server/src/adapters/payment-provider). */
const approvingCard = '4242424242424242';

export async function runBookingJourney(
  baseUrl,
  { log = console.log, title = defaultConcert } = {},
) {
  let cookie = '';
  let accessKey = '';

  async function call(method, path, { body, form, expect } = {}) {
    const headers = {};
    if (cookie) headers.cookie = cookie;
    if (accessKey) headers['x-access-key'] = accessKey;
    let payload;
    if (form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(form);
    } else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: payload,
      redirect: 'manual',
    });
    const text = await response.text();
    if (expect !== undefined && response.status !== expect) {
      throw new Error(
        `${method} ${path}: ${response.status}, expected ${expect}: ${text.slice(0, 300)}`,
      );
    }
    return {
      status: response.status,
      json: parseJson(text),
      location: response.headers.get('location'),
      response,
    };
  }

  const login = await call('POST', '/api/auth/login', {
    form: { username: 'buyer', password: 'buyer1234!' },
    expect: 200,
  });
  const session = login.response.headers.getSetCookie().find((c) => c.startsWith('cc_session='));
  if (!session) throw new Error('login: no session cookie');
  cookie = session.split(';')[0];
  log('✔ logged in as the demo buyer');

  const found = await call('GET', `/api/concerts/search?query=${encodeURIComponent(title)}`, {
    expect: 200,
  });
  const concert = found.json.data.find((c) => c.title === title);
  if (!concert) throw new Error(`concert "${title}" not found (is DEMO_DATA on?)`);
  const concertId = concert.concertId;

  const entered = await call('POST', `/api/queue/enter?concertId=${concertId}`, { expect: 200 });
  if (typeof entered.json.data.accessKey !== 'string') {
    throw new Error(`waiting room: not admitted at once: ${JSON.stringify(entered.json.data)}`);
  }
  accessKey = entered.json.data.accessKey;
  log(`✔ admitted to the seat page of concert ${concertId}`);

  const seats = await call('GET', `/api/seats/concerts/${concertId}/status`, { expect: 200 });
  const seat = seats.json.data.find((s) => s.status === 'AVAILABLE');
  if (!seat) throw new Error('no free seat');
  const held = await call('POST', `/api/seats/concerts/${concertId}/seats/${seat.seatId}/reserve`, {
    expect: 200,
  });
  if (!held.json.data.isReservedByCurrentUser) throw new Error('hold: seat not ours');
  log(`✔ held seat ${seat.seatId}`);

  const booked = await call('POST', '/api/bookings', {
    body: { concertId, concertSeatIds: [seat.seatId] },
    expect: 201,
  });
  const created = booked.json.data;
  const checkout = new URL(created.checkoutUrl);
  const paid = await call('POST', checkout.pathname, {
    form: {
      orderId: created.orderId,
      orderName: created.orderName,
      amount: String(created.amount),
      customerName: created.customerName,
      cardNumber: approvingCard,
      expiry: '12/39',
      installment: '0',
    },
    expect: 302,
  });
  const callback = new URL(paid.location);
  const landed = await call('GET', `${callback.pathname}${callback.search}`, { expect: 302 });
  if (!landed.location?.includes('/payment/result/success')) {
    throw new Error(`payment: landed on ${landed.location}`);
  }
  const detailPath = `/api/mypage/bookingDetail/${encodeURIComponent(created.bookingNumber)}`;
  const detail = await call('GET', detailPath, { expect: 200 });
  if (detail.json.data.bookingStatus !== 'CONFIRMED' || detail.json.data.paymentStatus !== 'DONE') {
    throw new Error(`after payment: ${JSON.stringify(detail.json.data)}`);
  }
  log(`✔ booked and paid in the sandbox: ${created.bookingNumber}, ${created.amount}원`);

  await call('POST', `/api/bookings/${detail.json.data.bookingId}/cancel`, { expect: 200 });
  const after = await call('GET', detailPath, { expect: 200 });
  if (after.json.data.bookingStatus !== 'CANCELED') {
    throw new Error(`after cancel: ${JSON.stringify(after.json.data)}`);
  }
  await call('DELETE', `/api/access-keys?concertId=${concertId}`, { expect: 200 });
  log('✔ cancelled (refunded) and left the seat page');
  return { concertId, seatId: seat.seatId, bookingNumber: created.bookingNumber };
}

function parseJson(text) {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const baseUrl = (process.argv[2] ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
  try {
    await runBookingJourney(baseUrl);
    console.log('booking journey: ok');
  } catch (error) {
    console.error(`booking journey failed: ${error.message}`);
    process.exit(1);
  }
}
