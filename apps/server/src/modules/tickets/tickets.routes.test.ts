import type { BookingCreated, BookingTickets, SeatEntry } from '@curtaincall/contracts';
import jsQR from 'jsqr';
import { PDFParse } from 'pdf-parse';
import { PNG } from 'pngjs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toSeoulDate } from '../../lib/seoul-time';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';
import { createConcert, createLoggedInUser } from '../../../test/helpers/factories';
import { admit, holdSeats, payInSandbox } from '../../../test/helpers/paid-booking';

type User = Awaited<ReturnType<typeof createLoggedInUser>>;
type Buyer = User & { key: string };

let ctx: TestContext;
let seller: User;
let otherSeller: User;
let admin: User;

beforeAll(async () => {
  ctx = await createTestContext({
    env: {
      QUEUE_CAPACITY: '1000',
      QUEUE_RATE_PER_MINUTE: '100000',
      SEAT_RATE_PER_MINUTE: '100000',
    },
  });
  seller = await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_SELLER');
  otherSeller = await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_SELLER');
  admin = await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_ADMIN');
});
afterAll(async () => ctx?.close());

const TITLE = '봄날의 커튼콜: 한여름 밤의 꿈';
const ARTIST = '아이유';

function get(url: string, cookie?: string) {
  return ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}

/** Queue entry, holds on the first `count` seats, booking: the buyer's unpaid booking. */
async function pendingBooking(count: number, concertOverrides: object = {}) {
  const { id: concertId } = await createConcert(ctx.database.db, {
    sellerId: seller.id,
    title: TITLE,
    artist: ARTIST,
    ...concertOverrides,
  });
  const user = await createLoggedInUser(ctx.app, ctx.database.db);
  const entry = await ctx.app.inject({
    method: 'POST',
    url: `/api/queue/enter?concertId=${concertId}`,
    headers: { cookie: user.cookie },
  });
  const buyer: Buyer = { ...user, key: entry.json().data.accessKey };
  const headers = { cookie: buyer.cookie, 'x-access-key': buyer.key };
  const status = await ctx.app.inject({
    method: 'GET',
    url: `/api/seats/concerts/${concertId}/status`,
    headers,
  });
  const seats = (status.json().data as SeatEntry[]).slice(0, count);
  for (const seat of seats) {
    const held = await ctx.app.inject({
      method: 'POST',
      url: `/api/seats/concerts/${concertId}/seats/${seat.seatId}/reserve`,
      headers,
    });
    expect(held.statusCode).toBe(200);
  }
  const booked = await ctx.app.inject({
    method: 'POST',
    url: '/api/bookings',
    headers: { cookie: buyer.cookie, 'content-type': 'application/json' },
    payload: { concertId, concertSeatIds: seats.map((s) => s.seatId) },
  });
  expect(booked.statusCode).toBe(201);
  const created: BookingCreated = booked.json().data;
  return { concertId, buyer, created, seatInfos: seats.map((s) => s.seatInfo) };
}

/**
 * A paid booking of two seats sold as 권종 (issue 27): a 장애인(심한) holder whose type needs
 * proof at entry, and their companion. Seat labels in that order.
 */
async function typedPaidBooking() {
  const { id: concertId } = await createConcert(ctx.database.db, {
    sellerId: seller.id,
    title: TITLE,
    artist: ARTIST,
  });
  const type = await ctx.app.inject({
    method: 'POST',
    url: `/api/seller/concerts/${concertId}/ticket-types`,
    headers: { cookie: seller.cookie, 'content-type': 'application/json' },
    payload: {
      kind: 'DISABLED_SEVERE',
      discountKind: 'PERCENT',
      discountValue: 50,
      proofRequired: true,
      companionAllowed: true,
    },
  });
  expect(type.statusCode, type.body).toBe(201);
  const ticketTypeId: number = type.json().data.id;
  const user = await createLoggedInUser(ctx.app, ctx.database.db);
  const session = await admit(ctx.app, concertId, user);
  const seatIds = await holdSeats(ctx.app, concertId, session, 2);
  const [holder = 0, companion = 0] = seatIds;
  const booked = await ctx.app.inject({
    method: 'POST',
    url: '/api/bookings',
    headers: { cookie: user.cookie, 'content-type': 'application/json' },
    payload: {
      concertId,
      concertSeatIds: seatIds,
      seatTypes: [
        { concertSeatId: holder, ticketTypeId },
        { concertSeatId: companion, companionOfSeatId: holder },
      ],
    },
  });
  expect(booked.statusCode, booked.body).toBe(201);
  const created: BookingCreated = booked.json().data;
  await payInSandbox(ctx.app, session, created);
  const labelsBySeat = new Map(
    (created.breakdown?.lines ?? []).map((l) => [l.concertSeatId, seatLabel(l.seatInfo)]),
  );
  return {
    buyer: user,
    bookingNumber: created.bookingNumber,
    seatLabels: seatIds.map((id) => labelsBySeat.get(id) ?? ''),
  };
}

/** The same, paid through the sandbox window and its success callback: CONFIRMED. */
async function paidBooking(count: number, concertOverrides: object = {}) {
  const booking = await pendingBooking(count, concertOverrides);
  const { created } = booking;
  await payInSandbox(ctx.app, booking.buyer, created);
  return { ...booking, bookingNumber: created.bookingNumber };
}

async function cancel(bookingNumber: string, cookie: string) {
  const detail = await get(`/api/mypage/bookingDetail/${bookingNumber}`, cookie);
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/bookings/${detail.json().data.bookingId}/cancel`,
    headers: { cookie },
  });
  expect(response.statusCode).toBe(200);
}

function verify(token: string, cookie?: string) {
  return get(`/api/tickets/verify?token=${encodeURIComponent(token)}`, cookie);
}

const seatLabel = (seatInfo: string) => {
  const [section, row, number] = seatInfo.split('-');
  return `${section}구역 ${row}열 ${number}번`;
};

/** The PDF's text, page count and the QR code of each embedded image, decoded. */
async function readPdf(pdf: Buffer) {
  // pdf.js may take over the buffer it is given; it gets a copy.
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const text = await parser.getText();
    const images = await parser.getImage({ imageThreshold: 0 });
    const qrCodes = images.pages.flatMap((page) =>
      page.images.map((image) => {
        const png = PNG.sync.read(Buffer.from(image.data));
        return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
      }),
    );
    return { text: text.text, pageCount: text.total, qrCodes };
  } finally {
    await parser.destroy();
  }
}

/** The token inside an SVG QR code, rasterised as a phone camera would see it. */
async function decodeSvgQr(svg: string): Promise<string | null> {
  const { data, info } = await sharp(Buffer.from(svg), { density: 300 })
    .flatten({ background: '#ffffff' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels = new Uint8ClampedArray(data.buffer, data.byteOffset, data.length);
  return jsQR(pixels, info.width, info.height)?.data ?? null;
}

describe('GET /bookings/{bookingNumber}/tickets', () => {
  it('gives the owner of a paid booking one ticket per seat, by seat, with a QR of its token', async () => {
    const { buyer, bookingNumber, seatInfos } = await paidBooking(2);
    const response = await get(`/api/bookings/${bookingNumber}/tickets`, buyer.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const data: BookingTickets = response.json().data;
    expect(data).toMatchObject({
      bookingNumber,
      concertTitle: TITLE,
      artist: ARTIST,
      concertDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      startTime: '19:00',
      endTime: '21:00',
      venueName: '테스트 홀',
      venueAddress: '서울특별시 중구 테스트로 1',
      bookingStatus: 'CONFIRMED',
    });
    expect(data.tickets.map((t) => t.seatLabel)).toEqual(seatInfos.map(seatLabel));
    expect(data.tickets.every((t) => t.gradeName.length > 0)).toBe(true);
    expect(data.tickets.map((t) => [t.ticketTypeName, t.proofRequired])).toEqual([
      ['일반', false],
      ['일반', false],
    ]);
    expect(new Set(data.tickets.map((t) => t.token)).size).toBe(2);
    for (const ticket of data.tickets) {
      expect(ticket.token).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
      expect(ticket.qrSvg.startsWith('<svg')).toBe(true);
      expect(await decodeSvgQr(ticket.qrSvg)).toBe(ticket.token);
    }
    // The same tickets on every visit: a saved screenshot keeps working.
    const again: BookingTickets = (
      await get(`/api/bookings/${bookingNumber}/tickets`, buyer.cookie)
    ).json().data;
    expect(again.tickets.map((t) => t.token)).toEqual(data.tickets.map((t) => t.token));
  });

  it('names each ticket’s 권종 and whether it needs proof at entry', async () => {
    const { buyer, bookingNumber, seatLabels } = await typedPaidBooking();
    const response = await get(`/api/bookings/${bookingNumber}/tickets`, buyer.cookie);
    expect(response.statusCode).toBe(200);
    const data: BookingTickets = response.json().data;
    const [holder = '', companion = ''] = seatLabels;
    const bySeat = new Map(
      data.tickets.map((t) => [t.seatLabel, [t.ticketTypeName, t.proofRequired]]),
    );
    expect([bySeat.get(holder), bySeat.get(companion)]).toEqual([
      ['장애인(심한)', true],
      ['장애인(심한) 동반자', true],
    ]);
  });

  it("answers 404 B008 for someone else's or an unknown booking, 401 when anonymous", async () => {
    const { bookingNumber } = await paidBooking(1);
    const stranger = await createLoggedInUser(ctx.app, ctx.database.db);
    for (const path of ['tickets', 'tickets.pdf']) {
      const foreign = await get(`/api/bookings/${bookingNumber}/${path}`, stranger.cookie);
      expect([foreign.statusCode, foreign.json().code, foreign.json().message]).toEqual([
        404,
        'B008',
        '예매 정보를 찾을 수 없습니다.',
      ]);
      const unknown = await get(`/api/bookings/CC-00000-00000/${path}`, stranger.cookie);
      expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'B008']);
      const anonymous = await get(`/api/bookings/${bookingNumber}/${path}`);
      expect([anonymous.statusCode, anonymous.json().code]).toEqual([401, 'A006']);
    }
  });

  it('refuses an unpaid booking with 409 T002, in JSON for the PDF too', async () => {
    const { buyer, created } = await pendingBooking(1);
    for (const path of ['tickets', 'tickets.pdf']) {
      const response = await get(`/api/bookings/${created.bookingNumber}/${path}`, buyer.cookie);
      expect(response.statusCode).toBe(409);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json()).toEqual({
        success: false,
        status: 409,
        code: 'T002',
        message: '결제가 완료된 예매만 티켓을 받을 수 있습니다.',
      });
    }
  });

  it('gives tickets of a COMPLETED booking (after the show) too', async () => {
    const tomorrow = toSeoulDate(new Date(ctx.clock.now().getTime() + 86_400_000));
    const { buyer, bookingNumber } = await paidBooking(1, {
      concertDate: tomorrow,
      bookingEndAt: new Date(ctx.clock.now().getTime() + 3_600_000),
    });
    // Two days later the lifecycle job has completed the concert and its bookings.
    ctx.clock.advance(2 * 86_400_000);
    await ctx.app.scheduler.runNow('concert-lifecycle');
    ctx.clock.advance(-2 * 86_400_000);
    const response = await get(`/api/bookings/${bookingNumber}/tickets`, buyer.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.bookingStatus).toBe('COMPLETED');
    const token: string = response.json().data.tickets[0].token;
    expect((await verify(token, admin.cookie)).json().data.result).toBe('VALID');
  });
});

describe('GET /bookings/{bookingNumber}/tickets.pdf', () => {
  it('is a real PDF, a page per ticket, in Korean, whose QR codes verify as VALID', async () => {
    const { buyer, bookingNumber, seatInfos } = await paidBooking(2);
    const response = await get(`/api/bookings/${bookingNumber}/tickets.pdf`, buyer.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="curtaincall-${bookingNumber}.pdf"`,
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-6).toString('latin1')).toContain('%%EOF');

    const { text, pageCount, qrCodes } = await readPdf(pdf);
    expect(pageCount).toBe(2);
    for (const expected of [
      '커튼콜',
      TITLE,
      ARTIST,
      bookingNumber,
      '테스트 홀',
      '19:00 ~ 21:00',
      '티켓 1 / 2',
      '티켓 2 / 2',
      ...seatInfos.map(seatLabel),
      // 일반 seats: the grade alone, and no proof to bring.
      '입장 시 이 QR 코드를 보여주세요.',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain(' · ');
    expect(text).not.toContain('증빙');

    const json: BookingTickets = (
      await get(`/api/bookings/${bookingNumber}/tickets`, buyer.cookie)
    ).json().data;
    expect(qrCodes).toEqual(json.tickets.map((t) => t.token));
    for (const token of qrCodes) {
      const checked = await verify(token ?? '', admin.cookie);
      expect(checked.statusCode).toBe(200);
      expect(checked.json().data.result).toBe('VALID');
    }
  });

  it('prints the 권종 in the grade row and the proof note under the QR code, on one page each', async () => {
    const { buyer, bookingNumber, seatLabels } = await typedPaidBooking();
    const json: BookingTickets = (
      await get(`/api/bookings/${bookingNumber}/tickets`, buyer.cookie)
    ).json().data;
    const response = await get(`/api/bookings/${bookingNumber}/tickets.pdf`, buyer.cookie);
    expect(response.statusCode).toBe(200);
    const { text, pageCount, qrCodes } = await readPdf(response.rawPayload);
    // Nothing pushed the QR code or its note onto a page of its own.
    expect(pageCount).toBe(2);
    expect(qrCodes).toEqual(json.tickets.map((t) => t.token));
    const pages = text.split(/-- \d+ of \d+ --/).filter((page) => page.trim().length > 0);
    expect(pages).toHaveLength(2);
    const pageOf = (label: string) => pages.find((page) => page.includes(label)) ?? '';
    const gradeOf = (label: string) =>
      json.tickets.find((t) => t.seatLabel === label)?.gradeName ?? '';
    const [holder = '', companion = ''] = seatLabels;
    const proofNote = '입장 시 이 QR 코드와 증빙 서류를 보여주세요. (현장에서 증빙 필요)';
    expect(pageOf(holder)).toContain(`${gradeOf(holder)} · 장애인(심한)`);
    expect(pageOf(holder)).toContain(proofNote);
    expect(pageOf(companion)).toContain(`${gradeOf(companion)} · 장애인(심한) 동반자`);
    expect(pageOf(companion)).toContain(proofNote);
  });

  it('a cancelled booking: 409 T001 with the exact message; its tokens turn VOID', async () => {
    const { buyer, bookingNumber, seatInfos } = await paidBooking(1);
    const before: BookingTickets = (
      await get(`/api/bookings/${bookingNumber}/tickets`, buyer.cookie)
    ).json().data;
    const token = before.tickets[0]?.token ?? '';
    expect((await verify(token, seller.cookie)).json().data.result).toBe('VALID');

    await cancel(bookingNumber, buyer.cookie);
    for (const path of ['tickets', 'tickets.pdf']) {
      const response = await get(`/api/bookings/${bookingNumber}/${path}`, buyer.cookie);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        success: false,
        status: 409,
        code: 'T001',
        message: '취소된 예매는 티켓을 다운로드할 수 없습니다.',
      });
    }
    const after = await verify(token, admin.cookie);
    expect(after.json().data).toEqual({
      result: 'VOID',
      ticket: {
        ticketId: before.tickets[0]?.ticketId,
        bookingNumber,
        concertTitle: TITLE,
        concertDate: before.concertDate,
        seatLabel: seatLabel(seatInfos[0] ?? ''),
      },
    });
  });
});

describe('GET /tickets/verify', () => {
  it('tells VALID to an admin and to the concert seller, with the ticket', async () => {
    const { buyer, bookingNumber } = await paidBooking(1);
    const data: BookingTickets = (
      await get(`/api/bookings/${bookingNumber}/tickets`, buyer.cookie)
    ).json().data;
    const ticket = data.tickets[0];
    for (const cookie of [admin.cookie, seller.cookie]) {
      const response = await verify(ticket?.token ?? '', cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        success: true,
        data: {
          result: 'VALID',
          ticket: {
            ticketId: ticket?.ticketId,
            bookingNumber,
            concertTitle: TITLE,
            concertDate: data.concertDate,
            seatLabel: ticket?.seatLabel,
          },
        },
      });
    }
  });

  it('tells UNKNOWN for an altered, forged or malformed token', async () => {
    const { buyer, bookingNumber, concertId } = await paidBooking(1);
    const data: BookingTickets = (
      await get(`/api/bookings/${bookingNumber}/tickets`, buyer.cookie)
    ).json().data;
    const token = data.tickets[0]?.token ?? '';
    const [version, payload = '', mac = ''] = token.split('.');
    const flip = (text: string, at: number) =>
      `${text.slice(0, at)}${text[at] === 'A' ? 'B' : 'A'}${text.slice(at + 1)}`;
    const otherTicket = Buffer.from(
      JSON.stringify({ t: (data.tickets[0]?.ticketId ?? 0) + 1, b: bookingNumber, c: concertId }),
    ).toString('base64url');
    const candidates = [
      `${version}.${flip(payload, 3)}.${mac}`,
      `${version}.${payload}.${flip(mac, 0)}`,
      `${version}.${payload}.${flip(mac, mac.length - 1)}`,
      `${version}.${otherTicket}.${mac}`,
      'v1.eyJ0IjoxLCJiIjoiQ0MtMDAwMDAtMDAwMDAiLCJjIjoxfQ.AAAAAAAAAAAAAAAAAAAAAA',
      'not-a-token',
      '💥',
      'x'.repeat(512),
    ];
    for (const candidate of candidates) {
      const response = await verify(candidate, admin.cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual({ result: 'UNKNOWN', ticket: null });
    }
    // A seller learns nothing more from a forged token than an admin does.
    expect((await verify(candidates[0] ?? '', otherSeller.cookie)).json().data.result).toBe(
      'UNKNOWN',
    );
  });

  it('refuses buyers and other sellers (403 S002), anonymous callers (401), and bad queries (400)', async () => {
    const { buyer, bookingNumber } = await paidBooking(1);
    const token: string = (await get(`/api/bookings/${bookingNumber}/tickets`, buyer.cookie)).json()
      .data.tickets[0].token;

    const asBuyer = await verify(token, buyer.cookie);
    expect([asBuyer.statusCode, asBuyer.json().code, asBuyer.json().message]).toEqual([
      403,
      'S002',
      '판매자 또는 관리자만 티켓을 확인할 수 있습니다.',
    ]);
    // Not even a garbage token gets an answer for a buyer: the endpoint is no oracle.
    expect((await verify('garbage', buyer.cookie)).statusCode).toBe(403);
    const asOtherSeller = await verify(token, otherSeller.cookie);
    expect([asOtherSeller.statusCode, asOtherSeller.json().code]).toEqual([403, 'S002']);
    const anonymous = await verify(token);
    expect([anonymous.statusCode, anonymous.json().code]).toEqual([401, 'A006']);

    for (const url of [
      '/api/tickets/verify',
      '/api/tickets/verify?token=',
      `/api/tickets/verify?token=${'x'.repeat(513)}`,
      '/api/tickets/verify?token=a&token=b',
    ]) {
      const response = await get(url, admin.cookie);
      expect([response.statusCode, response.json().code]).toEqual([400, 'C001']);
    }
  });
});
