import type { SeatEntry, SeatMap } from '@curtaincall/contracts';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAccessKeyExpiry } from '@/lib/access-key';
import { browser } from '@/lib/browser';
import { makeHeldSeat, makeSeat, makeSmallVenue } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { server } from '@/test/server';
import type { SeatCheckoutOrder } from '../hooks/use-seat-checkout';
import { SeatReservation, type SeatPageConcert } from './seat-reservation';

const concert: SeatPageConcert = {
  title: '재즈 인 더 시티',
  schedule: '2025.10.04 (토) 오후 8:00',
  venueName: '청담 재즈라운지',
  seatGrades: [
    { name: '프리미엄', price: 150_000 },
    { name: 'VIP', price: 100_000 },
    { name: '일반석', price: 50_000 },
  ],
};

interface Venue {
  seatMap: SeatMap;
  seats: SeatEntry[];
}

/**
 * A big venue's summary over `venue.seats`: seats a test does not list count as free, so a
 * 1,000-seat section needs only the seats the test cares about.
 */
function summaryOf(venue: Venue) {
  return {
    sections: venue.seatMap.sections.map(({ section, seatCount }) => ({
      section,
      totalSeats: seatCount,
      available:
        seatCount -
        venue.seats.filter(
          (seat) => seat.seatInfo.startsWith(`${section}-`) && seat.status !== 'AVAILABLE',
        ).length,
    })),
    mine: venue.seats.filter((seat) => seat.status === 'RESERVED' && seat.isReservedByCurrentUser),
  };
}

/** A fake seat server over `venue.seats`, recording the seat calls it gets. */
function serveVenue(venue: Venue, { polls = [] as Record<string, unknown>[] } = {}) {
  const calls: string[] = [];
  const pollAnswers = [...polls];
  const find = (seatId: number) => venue.seats.find((seat) => seat.seatId === seatId);
  server.use(
    http.get('/api/concerts/1/seat-map', () =>
      HttpResponse.json({ success: true, data: venue.seatMap }),
    ),
    http.get('/api/seats/concerts/1/status', ({ request }) => {
      const url = new URL(request.url);
      calls.push(`status${url.search} key=${request.headers.get('X-Access-Key')}`);
      const section = url.searchParams.get('section');
      const data = section
        ? venue.seats.filter((seat) => seat.seatInfo.startsWith(`${section}-`))
        : venue.seats;
      return HttpResponse.json({ success: true, data });
    }),
    http.get('/api/seats/concerts/1/summary', ({ request }) => {
      calls.push(`summary key=${request.headers.get('X-Access-Key')}`);
      return HttpResponse.json({ success: true, data: summaryOf(venue) });
    }),
    http.get('/api/seats/concerts/1/polling', async () => {
      const next = pollAnswers.shift();
      if (next === undefined) await delay('infinite');
      return HttpResponse.json(next);
    }),
    http.post('/api/seats/concerts/1/seats/:seatId/reserve', ({ params }) => {
      const seatId = Number(params.seatId);
      calls.push(`reserve ${seatId}`);
      const seat = find(seatId);
      if (!seat) return HttpResponse.json({ success: false, message: '없음' }, { status: 404 });
      if (seat.status !== 'AVAILABLE') {
        return HttpResponse.json(
          {
            success: false,
            status: 409,
            code: 'B003',
            message: '다른 유저가 선점 중인 좌석입니다.',
          },
          { status: 409 },
        );
      }
      Object.assign(seat, makeHeldSeat(seatId, seat.seatInfo, 300));
      return HttpResponse.json({ success: true, message: '좌석 선점 성공', data: seat });
    }),
    http.delete('/api/seats/concerts/1/seats/:seatId/release', ({ params }) => {
      const seatId = Number(params.seatId);
      calls.push(`release ${seatId}`);
      const seat = find(seatId);
      if (seat) Object.assign(seat, makeSeat(seatId, seat.seatInfo));
      return HttpResponse.json({ success: true, message: '좌석 선점 해제 성공' });
    }),
  );
  return calls;
}

/** Replaces the seat at `seatInfo` (ids follow makeSmallVenue: A-1-1 = 111). */
function setSeat(venue: Venue, seat: SeatEntry) {
  const index = venue.seats.findIndex((s) => s.seatInfo === seat.seatInfo);
  if (index < 0) throw new Error(`no seat ${seat.seatInfo}`);
  venue.seats[index] = seat;
}

type OnCheckout = (order: SeatCheckoutOrder) => Promise<void>;

function renderSeats(onCheckout: OnCheckout = vi.fn<OnCheckout>().mockResolvedValue(undefined)) {
  return renderWithProviders(
    <SeatReservation concertId={1} concert={concert} onCheckout={onCheckout} />,
    { route: '/concerts/1/reserve' },
  );
}

const seatButton = (name: string | RegExp) => screen.findByRole('button', { name });
const panel = () => screen.getByRole('complementary', { name: '선택한 좌석' });

describe('SeatReservation', () => {
  beforeEach(() => {
    sessionStorage.setItem('accessKey-1', 'key-1');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    sessionStorage.clear();
    resetAccessKeyExpiry();
  });

  it('draws the map under the stage (무대) with the grade legend and sends the access key', async () => {
    const venue = makeSmallVenue();
    const calls = serveVenue(venue);
    renderSeats();
    expect(await seatButton('프리미엄석 A구역 1열 1번, 선택 가능, 150,000원')).toBeInTheDocument();
    expect(screen.getByText('무대', { exact: true })).toBeInTheDocument();
    const legend = screen.getByRole('list', { name: '좌석 등급별 가격' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['프리미엄150,000원', 'VIP100,000원', '일반석50,000원']);
    expect(calls).toEqual(['status key=key-1']);
    // aria-disabled rather than disabled, so a click can still say why (see the pay tests).
    expect(screen.getByRole('button', { name: '결제하기' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('totals each seat’s grade price plus the 2,000원 fee and counts down from the earliest hold', async () => {
    const onCheckout = vi.fn<OnCheckout>().mockResolvedValue(undefined);
    const venue = makeSmallVenue();
    setSeat(venue, makeHeldSeat(111, 'A-1-1', 200));
    setSeat(venue, makeHeldSeat(211, 'B-1-1', 65));
    serveVenue(venue);
    const user = userEvent.setup();
    renderSeats(onCheckout);
    await seatButton('프리미엄석 A구역 1열 1번, 선택됨, 150,000원');

    const side = panel();
    expect(within(side).getByText('A구역 1열 1번')).toBeInTheDocument();
    expect(within(side).getByText('B구역 1열 1번')).toBeInTheDocument();
    expect(within(side).getByText('좌석 금액 (2석)').nextSibling).toHaveTextContent('250,000원');
    expect(within(side).getByText('예매 수수료 (2,000원 × 2)').nextSibling).toHaveTextContent(
      '4,000원',
    );
    expect(within(side).getByTestId('order-total')).toHaveTextContent('254,000원');
    expect(within(side).getByRole('timer', { name: '좌석 선점 남은 시간' })).toHaveTextContent(
      '01:05',
    );

    const pay = within(side).getByRole('button', { name: '결제하기' });
    expect(pay).toBeEnabled();
    expect(pay).not.toHaveAttribute('aria-disabled');
    await user.click(pay);
    // The total the panel shows goes along, to be compared with the server's amount.
    expect(onCheckout).toHaveBeenCalledWith({
      concertId: 1,
      concertSeatIds: [111, 211],
      expectedAmount: 254_000,
    });
  });

  it('states the server’s rules and times: per hold and per person, the hold’s length, the payment’s', async () => {
    const venue = makeSmallVenue();
    venue.seatMap = {
      ...venue.seatMap,
      rules: { maxSeatsPerHold: 2, maxTicketsPerUser: 6, holdSeconds: 15, paymentSeconds: 600 },
    };
    serveVenue(venue);
    renderSeats();
    await seatButton('프리미엄석 A구역 1열 1번, 선택 가능, 150,000원');
    const side = panel();
    // Not the contracts' 5 minutes: this server holds seats for 15 seconds.
    expect(within(side).getByText('좌석을 선택하면 15초 동안 선점됩니다.')).toBeInTheDocument();
    expect(within(side).getByText('1회 최대 2매 선택 · 1인 최대 6매 예매')).toBeInTheDocument();
    expect(
      within(screen.getByRole('banner')).getByText('1회 최대 2매 선택 · 1인 최대 6매 예매'),
    ).toBeInTheDocument();
  });

  it('once 결제하기 made a booking, the one countdown is the payment’s, and says the hold was extended', async () => {
    const venue = makeSmallVenue();
    venue.seatMap = {
      ...venue.seatMap,
      rules: { maxSeatsPerHold: 2, maxTicketsPerUser: 4, holdSeconds: 300, paymentSeconds: 600 },
    };
    setSeat(venue, makeHeldSeat(111, 'A-1-1', 200));
    serveVenue(venue);
    renderSeats();
    await seatButton('프리미엄석 A구역 1열 1번, 선택됨, 150,000원');
    const side = panel();
    expect(within(side).getByRole('timer', { name: '좌석 선점 남은 시간' })).toHaveTextContent(
      '03:20',
    );
    expect(
      within(side).getByText(
        '선점 시간 안에 결제하기를 누르면 결제를 마칠 때까지 좌석이 10분 동안 유지돼요.',
      ),
    ).toBeInTheDocument();

    // The booking took the hold: its expiry is now the payment deadline, and the server says so.
    setSeat(venue, { ...makeHeldSeat(111, 'A-1-1', 590), paymentPending: true });
    cleanup();
    renderSeats();
    await seatButton('프리미엄석 A구역 1열 1번, 선택됨, 150,000원');
    const after = panel();
    expect(within(after).getByRole('timer', { name: '결제 완료까지 남은 시간' })).toHaveTextContent(
      '09:50',
    );
    expect(within(after).queryByRole('timer', { name: '좌석 선점 남은 시간' })).toBeNull();
    expect(
      within(after).getByText(
        '결제를 시작해 좌석 선점이 결제 마감까지 연장되었어요. 남은 시간 안에 결제를 마치지 않으면 좌석이 해제돼요.',
      ),
    ).toBeInTheDocument();
    // Two renders of the page: more time than one on a loaded machine.
  }, 15_000);

  it('holds a free seat, refuses a third with the 최대 2개 toast, and releases your own', async () => {
    const venue = makeSmallVenue();
    const calls = serveVenue(venue);
    const user = userEvent.setup();
    renderSeats();

    await user.click(await seatButton(/^프리미엄석 A구역 1열 1번, 선택 가능/));
    await seatButton('프리미엄석 A구역 1열 1번, 선택됨, 150,000원');
    expect(screen.getByText('A구역 1열 1번 좌석을 선점했습니다.')).toHaveClass('sr-only');
    await user.click(await seatButton(/^VIP석 B구역 1열 2번, 선택 가능/));
    await seatButton('VIP석 B구역 1열 2번, 선택됨, 100,000원');
    expect(within(panel()).getByTestId('order-total')).toHaveTextContent('254,000원');
    expect(within(panel()).getByRole('timer')).toHaveTextContent('05:00');

    await user.click(await seatButton(/^일반석 C구역 1열 1번, 선택 가능/));
    expect(await screen.findByText('좌석 선점은 최대 2개까지만 가능합니다.')).toBeInTheDocument();
    expect(calls.filter((call) => call.startsWith('reserve'))).toEqual([
      'reserve 111',
      'reserve 212',
    ]);

    await user.click(
      screen.getByRole('button', { name: 'VIP석 B구역 1열 2번, 선택됨, 100,000원' }),
    );
    await seatButton(/^VIP석 B구역 1열 2번, 선택 가능/);
    expect(calls).toContain('release 212');
    expect(within(panel()).getByTestId('order-total')).toHaveTextContent('152,000원');

    await user.click(within(panel()).getByRole('button', { name: 'A구역 1열 1번 선택 해제' }));
    await waitFor(() => expect(calls).toContain('release 111'));
    expect(await within(panel()).findByText('좌석을 선택하면 5분 동안 선점됩니다.')).toBeVisible();
  });

  it('explains a seat held by someone else without calling the server', async () => {
    const venue = makeSmallVenue();
    setSeat(venue, makeSeat(112, 'A-1-2', { status: 'RESERVED', remainingSeconds: 100 }));
    const calls = serveVenue(venue);
    const user = userEvent.setup();
    renderSeats();
    await user.click(await seatButton(/^프리미엄석 A구역 1열 2번, 다른 사용자가 선점 중/));
    expect(
      await screen.findByText('다른 사용자가 선점 중인 좌석입니다. 다른 좌석을 선택해주세요.'),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.startsWith('reserve'))).toEqual([]);
  });

  it('turns a race lost on the server into the 유저 toast and refreshes the map', async () => {
    const venue = makeSmallVenue();
    const calls = serveVenue(venue);
    const user = userEvent.setup();
    renderSeats();
    const button = await seatButton(/^프리미엄석 A구역 1열 3번, 선택 가능/);
    // Someone else got there first, after our map was drawn.
    Object.assign(venue.seats[2] ?? {}, { status: 'RESERVED', remainingSeconds: 280 });
    await user.click(button);
    expect(
      await screen.findByText('다른 사용자가 선점 중인 좌석입니다. 다른 좌석을 선택해주세요.'),
    ).toBeInTheDocument();
    await seatButton(/^프리미엄석 A구역 1열 3번, 다른 사용자가 선점 중/);
    expect(calls.filter((call) => call.startsWith('status')).length).toBeGreaterThan(1);
  });

  it('at 0 alerts that the hold expired and releases every held seat', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const alert = vi.spyOn(browser, 'alert').mockImplementation(() => undefined);
    const venue = makeSmallVenue();
    setSeat(venue, makeHeldSeat(111, 'A-1-1', 3));
    setSeat(venue, makeHeldSeat(212, 'B-1-2', 10));
    const calls = serveVenue(venue);
    renderSeats();
    await seatButton(/^프리미엄석 A구역 1열 1번, 선택됨/);
    expect(within(panel()).getByRole('timer')).toHaveTextContent('00:03');
    expect(alert).not.toHaveBeenCalled();

    await act(() => vi.advanceTimersByTimeAsync(3_300));
    expect(alert).toHaveBeenCalledWith('선점 시간이 만료되었습니다.');
    await waitFor(() =>
      expect(calls.filter((call) => call.startsWith('release')).sort()).toEqual([
        'release 111',
        'release 212',
      ]),
    );
    expect(alert).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect(within(panel()).getByRole('button', { name: '결제하기' })).toHaveAttribute(
        'aria-disabled',
        'true',
      ),
    );
  });

  it('alerts too when a poll reports the hold freed before the countdown reached 0', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const alert = vi.spyOn(browser, 'alert').mockImplementation(() => undefined);
    const venue = makeSmallVenue();
    setSeat(venue, makeHeldSeat(111, 'A-1-1', 2));
    const freed = makeSeat(111, 'A-1-1', { status: 'AVAILABLE' });
    serveVenue(venue, {
      polls: [
        {
          status: 'update',
          hasUpdate: true,
          seatUpdates: [freed],
          updateTime: '2025-10-01T10:00:03',
        },
      ],
    });
    server.events.on('response:mocked', ({ request }) => {
      if (request.url.includes('/polling')) setSeat(venue, freed);
    });
    renderSeats();
    await seatButton(/^프리미엄석 A구역 1열 1번, 선택 가능/);
    expect(alert).toHaveBeenCalledWith('선점 시간이 만료되었습니다.');
    expect(alert).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(alert).toHaveBeenCalledTimes(1);
  });

  it('does not alert when the buyer removes a hold themselves', async () => {
    const user = userEvent.setup();
    const alert = vi.spyOn(browser, 'alert').mockImplementation(() => undefined);
    const venue = makeSmallVenue();
    setSeat(venue, makeHeldSeat(111, 'A-1-1', 2));
    serveVenue(venue);
    renderSeats();
    await seatButton(/^프리미엄석 A구역 1열 1번, 선택됨/);
    await user.click(within(panel()).getByRole('button', { name: /선택 해제$/ }));
    await seatButton(/^프리미엄석 A구역 1열 1번, 선택 가능/);
    expect(alert).not.toHaveBeenCalled();
  });

  it('on a 403 alerts, forgets the key and goes back to the concert', async () => {
    const alert = vi.spyOn(browser, 'alert').mockImplementation(() => undefined);
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const venue = makeSmallVenue();
    serveVenue(venue);
    server.use(
      http.get('/api/seats/concerts/1/status', () =>
        HttpResponse.json(
          {
            success: false,
            status: 403,
            code: 'Q002',
            message: 'AccessKey가 유효하지 않거나 만료되었습니다.',
          },
          { status: 403 },
        ),
      ),
    );
    renderSeats();
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith(
        '예매 시간이 만료되었습니다. 콘서트 상세 페이지로 돌아갑니다.',
      ),
    );
    expect(sessionStorage.getItem('accessKey-1')).toBeNull();
    expect(assign).toHaveBeenCalledWith('/concerts/1');
    expect(alert).toHaveBeenCalledTimes(1);
  });

  it('a missing key only warns; the server’s 403 sends the user back', async () => {
    sessionStorage.clear();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(browser, 'alert').mockImplementation(() => undefined);
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    serveVenue(makeSmallVenue());
    server.use(
      http.get('/api/seats/concerts/1/status', ({ request }) =>
        request.headers.get('X-Access-Key')
          ? HttpResponse.json({ success: true, data: [] })
          : HttpResponse.json({ success: false, message: '없음' }, { status: 403 }),
      ),
    );
    renderSeats();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/concerts/1'));
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('no access key'));
  });

  it('merges polled seat updates and re-fetches the status', async () => {
    const venue = makeSmallVenue();
    const update = makeSeat(113, 'A-1-3', { status: 'BOOKED' });
    const calls = serveVenue(venue, {
      polls: [
        {
          status: 'update',
          hasUpdate: true,
          seatUpdates: [update],
          updateTime: '2025-10-01T10:00:03',
        },
      ],
    });
    // The server's own state changes when the poll answers, so the re-fetch agrees with it.
    server.events.on('response:mocked', ({ request }) => {
      if (request.url.includes('/polling')) Object.assign(venue.seats[2] ?? {}, update);
    });
    renderSeats();
    await seatButton('프리미엄석 A구역 1열 3번, 예매 완료, 150,000원');
    await waitFor(() =>
      expect(calls.filter((call) => call.startsWith('status')).length).toBeGreaterThan(1),
    );
    server.events.removeAllListeners();
  });

  it('opens a big venue on its section overview, then loads one section', async () => {
    const sections = Array.from({ length: 10 }, (_, i) => ({
      section: String.fromCharCode(65 + i),
      grade: i < 2 ? '프리미엄' : i < 5 ? 'VIP' : '일반석',
      price: i < 2 ? 150_000 : i < 5 ? 100_000 : 50_000,
      rows: 1,
      seatCount: 2,
    }));
    const seats = sections.flatMap((s, i) => [
      makeSeat(i * 10 + 1, `${s.section}-1-1`),
      makeSeat(i * 10 + 2, `${s.section}-1-2`, { status: i === 1 ? 'BOOKED' : 'AVAILABLE' }),
    ]);
    const calls = serveVenue({ seatMap: { concertId: 1, totalSeats: 20, sections }, seats });
    const user = userEvent.setup();
    renderSeats();
    const overview = await screen.findByRole('list', { name: '구역 선택' });
    expect(within(overview).getAllByRole('button')).toHaveLength(10);
    // Small enough to load whole: every tile knows its free seats.
    await within(overview).findByRole('button', {
      name: 'B구역 프리미엄 150,000원 잔여 1 / 2석',
    });
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();

    await user.click(within(overview).getByRole('button', { name: /^C구역/ }));
    const grid = await screen.findByRole('grid', { name: '좌석 배치도' });
    expect(within(grid).getAllByRole('gridcell')).toHaveLength(2);
    expect(
      within(grid).getByRole('button', { name: 'VIP석 C구역 1열 1번, 선택 가능, 100,000원' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '전체 구역 보기' }));
    expect(await screen.findByRole('list', { name: '구역 선택' })).toBeInTheDocument();
    expect(calls.every((call) => !call.includes('section='))).toBe(true);
  });

  it('loads a very big venue one section at a time, with only a summary for the overview', async () => {
    const sections = Array.from({ length: 6 }, (_, i) => ({
      section: String.fromCharCode(65 + i),
      grade: '일반석',
      price: 50_000,
      rows: 1,
      seatCount: 1_000,
    }));
    const seats = sections.map((s, i) => makeSeat(i + 1, `${s.section}-1-1`));
    const calls = serveVenue({ seatMap: { concertId: 1, totalSeats: 6_000, sections }, seats });
    const user = userEvent.setup();
    renderSeats();
    const overview = await screen.findByRole('list', { name: '구역 선택' });
    await within(overview).findByRole('button', {
      name: 'D구역 일반석 50,000원 잔여 1,000 / 1,000석',
    });
    expect(calls).toEqual(['summary key=key-1']);
    await user.click(within(overview).getByRole('button', { name: /^D구역/ }));
    await seatButton('일반석 D구역 1열 1번, 선택 가능, 50,000원');
    expect(calls).toEqual(['summary key=key-1', 'status?section=D key=key-1']);
  });

  /** 5 sections of 1,000 seats and a sold-out one of 2: too big to load whole (over 5,000). */
  function stadium(): Venue {
    const sections = [
      { section: 'A', grade: '프리미엄', price: 150_000, rows: 20, seatCount: 1_000 },
      { section: 'B', grade: 'VIP', price: 100_000, rows: 20, seatCount: 1_000 },
      { section: 'C', grade: 'VIP', price: 100_000, rows: 20, seatCount: 1_000 },
      { section: 'D', grade: '일반석', price: 50_000, rows: 20, seatCount: 1_000 },
      { section: 'E', grade: '일반석', price: 50_000, rows: 20, seatCount: 1_000 },
      { section: 'F', grade: '일반석', price: 50_000, rows: 1, seatCount: 2 },
    ];
    return {
      seatMap: { concertId: 1, totalSeats: 5_002, sections },
      seats: [
        makeSeat(1011, 'A-1-1', { status: 'BOOKED' }),
        makeSeat(1012, 'A-1-2', { status: 'RESERVED', remainingSeconds: 120 }),
        makeSeat(1013, 'A-1-3'),
        makeSeat(2011, 'B-1-1', { status: 'BOOKED' }),
        makeSeat(3011, 'C-1-1'),
        makeSeat(3012, 'C-1-2'),
        makeSeat(4011, 'D-1-1'),
        makeSeat(6011, 'F-1-1', { status: 'BOOKED' }),
        makeSeat(6012, 'F-1-2', { status: 'BOOKED' }),
      ],
    };
  }

  it('shows each section’s free seats from the summary and keeps them live after a poll answer', async () => {
    const venue = stadium();
    const taken = makeSeat(3011, 'C-1-1', { status: 'RESERVED', remainingSeconds: 300 });
    const calls = serveVenue(venue, {
      polls: [
        {
          status: 'update',
          hasUpdate: true,
          seatUpdates: [taken],
          updateTime: '2025-10-01T10:00:03',
        },
      ],
    });
    // Someone takes C-1-1 as the poll answers, so the next summary counts it.
    server.events.on('response:mocked', ({ request }) => {
      if (request.url.includes('/polling')) setSeat(venue, taken);
    });
    renderSeats();
    const overview = await screen.findByRole('list', { name: '구역 선택' });
    // Each tile's name is its visible text (no aria-label to differ from it, WCAG 2.5.3).
    const tileNames = () =>
      within(overview)
        .getAllByRole('button')
        .map((tile) => {
          expect(tile).not.toHaveAttribute('aria-label');
          const text = (tile.textContent ?? '').replace(/\s+/g, ' ').trim();
          expect(tile).toHaveAccessibleName(text);
          return text;
        });
    await waitFor(() =>
      expect(tileNames()).toEqual([
        'A구역 프리미엄 150,000원 잔여 998 / 1,000석',
        'B구역 VIP 100,000원 잔여 999 / 1,000석',
        'C구역 VIP 100,000원 잔여 1,000 / 1,000석',
        'D구역 일반석 50,000원 잔여 1,000 / 1,000석',
        'E구역 일반석 50,000원 잔여 1,000 / 1,000석',
        'F구역 일반석 50,000원 매진',
      ]),
    );
    expect(within(overview).getByRole('button', { name: /^A구역/ })).toHaveTextContent(
      '잔여 998 / 1,000석',
    );
    expect(within(overview).getByRole('button', { name: /^F구역/ })).toHaveTextContent('매진');

    expect(
      await within(overview).findByRole('button', {
        name: 'C구역 VIP 100,000원 잔여 999 / 1,000석',
      }),
    ).toHaveTextContent('잔여 999 / 1,000석');
    expect(calls.filter((call) => call.startsWith('summary'))).toHaveLength(2);
    expect(calls.some((call) => call.startsWith('status'))).toBe(false);
    server.events.removeAllListeners();
  });

  it('shows your own holds from sections not opened yet in the side panel, and releases one there', async () => {
    const venue = stadium();
    venue.seats.push(makeHeldSeat(4037, 'D-3-7', 200), makeHeldSeat(5024, 'E-2-4', 250));
    const calls = serveVenue(venue);
    const user = userEvent.setup();
    const onCheckout = vi.fn<OnCheckout>().mockResolvedValue(undefined);
    renderSeats(onCheckout);

    const side = panel();
    expect(await within(side).findByText('D구역 3열 7번')).toBeInTheDocument();
    expect(within(side).getByText('E구역 2열 4번')).toBeInTheDocument();
    expect(within(side).getByRole('timer', { name: '좌석 선점 남은 시간' })).toHaveTextContent(
      '03:20',
    );
    expect(within(side).getByTestId('order-total')).toHaveTextContent('104,000원');
    expect(within(side).getByRole('button', { name: '결제하기' })).not.toHaveAttribute(
      'aria-disabled',
    );
    // Holds known only from the summary are booked too: every seat the server marks as yours.
    await user.click(within(side).getByRole('button', { name: '결제하기' }));
    expect(onCheckout).toHaveBeenCalledWith({
      concertId: 1,
      concertSeatIds: [4037, 5024],
      expectedAmount: 104_000,
    });
    const overview = screen.getByRole('list', { name: '구역 선택' });
    expect(within(overview).getByRole('button', { name: /^D구역/ })).toHaveAccessibleName(
      'D구역 일반석 50,000원 잔여 999 / 1,000석 내 좌석 1석',
    );
    expect(calls.some((call) => call.startsWith('status'))).toBe(false);

    // Opening D shows the same seat as yours, listed once.
    await user.click(within(overview).getByRole('button', { name: /^D구역/ }));
    await seatButton('일반석 D구역 3열 7번, 선택됨, 50,000원');
    expect(within(panel()).getAllByText('D구역 3열 7번')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: '전체 구역 보기' }));

    // E was never opened: its hold is known from the summary alone, and leaves the panel at once.
    await user.click(within(panel()).getByRole('button', { name: 'E구역 2열 4번 선택 해제' }));
    await waitFor(() => expect(within(panel()).queryByText('E구역 2열 4번')).toBeNull());
    expect(calls).toContain('release 5024');
    expect(calls.some((call) => call.includes('section=E'))).toBe(false);
    expect(within(panel()).getByText('D구역 3열 7번')).toBeInTheDocument();
    expect(within(panel()).getByTestId('order-total')).toHaveTextContent('52,000원');
  });

  describe('결제하기', () => {
    it('without held seats says so and does not book', async () => {
      const venue = makeSmallVenue();
      serveVenue(venue);
      const onCheckout = vi.fn<OnCheckout>().mockResolvedValue(undefined);
      const user = userEvent.setup();
      renderSeats(onCheckout);
      await seatButton(/^프리미엄석 A구역 1열 1번, 선택 가능/);

      await user.click(within(panel()).getByRole('button', { name: '결제하기' }));
      expect(await screen.findByText('선택된 좌석이 없습니다.')).toBeInTheDocument();
      expect(onCheckout).not.toHaveBeenCalled();
    });

    it('is busy while checkout runs, takes one click, then re-fetches the seats', async () => {
      const venue = makeSmallVenue();
      setSeat(venue, makeHeldSeat(111, 'A-1-1', 200));
      const calls = serveVenue(venue);
      let finish: () => void = () => undefined;
      const onCheckout = vi.fn<OnCheckout>(
        () =>
          new Promise<void>((resolve) => {
            finish = resolve;
          }),
      );
      const user = userEvent.setup();
      renderSeats(onCheckout);
      await seatButton(/^프리미엄석 A구역 1열 1번, 선택됨/);
      const pay = within(panel()).getByRole('button', { name: '결제하기' });

      await user.click(pay);
      expect(pay).toHaveAttribute('aria-busy', 'true');
      expect(pay).toBeDisabled();
      expect(
        within(panel()).getByRole('button', { name: 'A구역 1열 1번 선택 해제' }),
      ).toBeDisabled();
      await user.click(pay);
      expect(onCheckout).toHaveBeenCalledTimes(1);
      expect(onCheckout).toHaveBeenCalledWith({
        concertId: 1,
        concertSeatIds: [111],
        expectedAmount: 152_000,
      });
      const statusCalls = calls.filter((call) => call.startsWith('status')).length;

      await act(async () => finish());
      await waitFor(() => expect(pay).toBeEnabled());
      expect(pay).not.toHaveAttribute('aria-busy');
      await waitFor(() =>
        expect(calls.filter((call) => call.startsWith('status')).length).toBeGreaterThan(
          statusCalls,
        ),
      );
    });
  });
});
