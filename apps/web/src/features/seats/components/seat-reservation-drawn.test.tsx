import type {
  ConcertGradeAvailability,
  SeatEntry,
  SeatMap,
  VenueLayout,
} from '@curtaincall/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAccessKeyExpiry } from '@/lib/access-key';
import { makeHeldSeat, makeSeat } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { server } from '@/test/server';
import type { SeatCheckoutOrder } from '../hooks/use-seat-checkout';
import { SeatReservation, type SeatPageConcert } from './seat-reservation';

const concert: SeatPageConcert = {
  title: '커튼콜 아트홀 갈라',
  schedule: '2025.10.04 (토) 오후 8:00',
  venueName: '커튼콜 아트홀',
  seatGrades: [
    { name: 'VIP석', price: 165_000 },
    { name: '스탠딩 P', price: 154_000 },
    { name: 'R석', price: 143_000 },
  ],
};

/**
 * A small drawn hall: section A mixes VIP and R seats (a wheelchair seat with its companion, a
 * restricted-view seat after an aisle, a held and a killed seat), and standing zone P has
 * three entry numbers.
 */
function drawnLayout(): VenueLayout {
  return {
    format: 'curtaincall.venue-layout',
    version: 1,
    name: '커튼콜 아트홀',
    stage: { position: { x: -100, y: 0 }, size: { width: 200, height: 40 } },
    grades: [
      { code: 'VIP', name: 'VIP석', price: 165_000, color: '#C9A227' },
      { code: 'SP', name: '스탠딩 P', price: 154_000 },
      { code: 'R', name: 'R석', price: 143_000, color: '#3B82F6' },
    ],
    sections: [
      {
        kind: 'SEATED',
        name: 'A',
        position: { x: -100, y: 80 },
        rows: [
          {
            row: 1,
            seats: [
              { number: 1, grade: 'VIP', tags: ['WHEELCHAIR'] },
              { number: 2, grade: 'VIP', tags: ['COMPANION'], companionOf: 1 },
              { number: 3, grade: 'R', tags: ['RESTRICTED_VIEW'], x: 40 },
            ],
          },
          {
            row: 2,
            seats: [
              { number: 1, grade: 'R' },
              { number: 2, grade: 'R', tags: ['HELD'] },
              { number: 3, grade: 'R', tags: ['KILLED'] },
            ],
          },
        ],
      },
      {
        kind: 'STANDING',
        name: 'P',
        grade: 'SP',
        capacity: 3,
        position: { x: -100, y: 120 },
        size: { width: 200, height: 60 },
      },
    ],
  };
}

const seatMap: SeatMap = {
  concertId: 1,
  totalSeats: 8,
  hasLayout: true,
  grades: [
    { code: 'VIP', name: 'VIP석', price: 165_000, color: '#C9A227' },
    { code: 'SP', name: '스탠딩 P', price: 154_000, color: null },
    { code: 'R', name: 'R석', price: 143_000, color: '#3B82F6' },
  ],
  sections: [
    {
      section: 'A',
      grade: 'R석',
      price: 143_000,
      rows: 2,
      seatCount: 6,
      kind: 'SEATED',
      gradeCode: 'R',
    },
    {
      section: 'P',
      grade: '스탠딩 P',
      price: 154_000,
      rows: 1,
      seatCount: 3,
      kind: 'STANDING',
      gradeCode: 'SP',
    },
  ],
};

function drawnSeats(): SeatEntry[] {
  return [
    makeSeat(1, 'A-1-1'),
    makeSeat(2, 'A-1-2'),
    makeSeat(3, 'A-1-3'),
    makeSeat(4, 'A-2-1'),
    makeSeat(5, 'A-2-2', { status: 'UNAVAILABLE' }),
    makeSeat(6, 'A-2-3', { status: 'UNAVAILABLE' }),
    makeSeat(7, 'P-0-1'),
    makeSeat(8, 'P-0-2'),
    makeSeat(9, 'P-0-3'),
  ];
}

/** `/grades` over the seats as they are now, as the server counts them. */
function gradesOf(seats: readonly SeatEntry[]): ConcertGradeAvailability[] {
  const free = (prefix: string[]) =>
    seats.filter((seat) => prefix.includes(seat.seatInfo) && seat.status === 'AVAILABLE').length;
  return [
    {
      code: 'VIP',
      name: 'VIP석',
      price: 165_000,
      color: '#C9A227',
      totalPlaces: 2,
      available: free(['A-1-1', 'A-1-2']),
      held: 0,
      standing: false,
    },
    {
      code: 'SP',
      name: '스탠딩 P',
      price: 154_000,
      color: null,
      totalPlaces: 3,
      available: free(['P-0-1', 'P-0-2', 'P-0-3']),
      held: 0,
      standing: true,
    },
    {
      code: 'R',
      name: 'R석',
      price: 143_000,
      color: '#3B82F6',
      totalPlaces: 3,
      available: free(['A-1-3', 'A-2-1', 'A-2-2']),
      held: 1,
      standing: false,
    },
  ];
}

/** A fake server for the drawn hall, recording the seat calls it gets. */
function serveDrawnHall(seats: SeatEntry[]) {
  const calls: string[] = [];
  const find = (seatId: number) => seats.find((seat) => seat.seatId === seatId);
  server.use(
    http.get('/api/concerts/1/seat-map', () => HttpResponse.json({ success: true, data: seatMap })),
    http.get('/api/concerts/1/layout', () =>
      HttpResponse.json({ success: true, data: drawnLayout() }),
    ),
    http.get('/api/concerts/1/grades', () =>
      HttpResponse.json({ success: true, data: gradesOf(seats) }),
    ),
    http.get('/api/seats/concerts/1/status', () =>
      HttpResponse.json({ success: true, data: seats }),
    ),
    http.get('/api/seats/concerts/1/polling', async () => {
      await delay('infinite');
      return HttpResponse.json({});
    }),
    http.post('/api/seats/concerts/1/seats/:seatId/reserve', ({ params }) => {
      const seatId = Number(params.seatId);
      calls.push(`reserve ${seatId}`);
      const seat = find(seatId);
      if (!seat || seat.status !== 'AVAILABLE') {
        return HttpResponse.json(
          { success: false, status: 409, code: 'B003', message: '판매하지 않는 좌석입니다.' },
          { status: 409 },
        );
      }
      Object.assign(seat, makeHeldSeat(seatId, seat.seatInfo, 300));
      return HttpResponse.json({ success: true, message: '좌석 선점 성공', data: seat });
    }),
    http.post('/api/seats/concerts/1/standing/:section/reserve', ({ params }) => {
      calls.push(`standing ${String(params.section)}`);
      const slot = seats.find(
        (seat) =>
          seat.seatInfo.startsWith(`${String(params.section)}-0-`) && seat.status === 'AVAILABLE',
      );
      if (!slot) {
        return HttpResponse.json(
          {
            success: false,
            status: 409,
            code: 'B003',
            message: '이 스탠딩 구역의 입장번호가 모두 선점되었거나 판매되었습니다.',
          },
          { status: 409 },
        );
      }
      Object.assign(slot, makeHeldSeat(slot.seatId, slot.seatInfo, 300));
      return HttpResponse.json({ success: true, message: '좌석 선점 성공', data: slot });
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

type OnCheckout = (order: SeatCheckoutOrder) => Promise<void>;

function renderSeats(onCheckout: OnCheckout = vi.fn<OnCheckout>().mockResolvedValue(undefined)) {
  return renderWithProviders(
    <SeatReservation concertId={1} concert={concert} onCheckout={onCheckout} />,
    { route: '/concerts/1/reserve' },
  );
}

const panel = () => screen.getByRole('complementary', { name: '선택한 좌석' });
const seatButton = (name: string | RegExp) => screen.findByRole('button', { name });

async function openSectionA(user: ReturnType<typeof userEvent.setup>) {
  const plan = await screen.findByRole('list', { name: '구역 배치도' });
  await user.click(within(plan).getByRole('button', { name: /^A구역/ }));
}

describe('SeatReservation for a drawn hall', () => {
  beforeEach(() => {
    sessionStorage.setItem('accessKey-1', 'key-1');
  });
  afterEach(() => {
    vi.restoreAllMocks();
    sessionStorage.clear();
    resetAccessKeyExpiry();
  });

  it('opens on the plan: the stage, sections at their places, the standing zone and the legend with places left', async () => {
    serveDrawnHall(drawnSeats());
    renderSeats();
    const plan = await screen.findByRole('list', { name: '구역 배치도' });
    expect(within(plan).getByText('무대')).toBeInTheDocument();
    expect(await within(plan).findByRole('button', { name: 'A구역 잔여 4석' })).toBeInTheDocument();
    const zone = within(plan)
      .getByText(/스탠딩 잔여 3명/)
      .closest('li');
    if (!zone) throw new Error('no standing zone');
    expect(zone).toHaveTextContent('P구역 스탠딩 P');
    const zones = screen.getByRole('list', { name: '스탠딩 구역' });
    expect(within(zones).getByRole('listitem')).toHaveTextContent(
      'P구역 스탠딩 P 154,000원 · 스탠딩 잔여 3명',
    );
    expect(within(zones).getByRole('button', { name: '입장번호 선택 P구역' })).toBeEnabled();
    // Sections keep their places: A below the stage, P below A.
    const sectionA = within(plan)
      .getByRole('button', { name: /^A구역/ })
      .closest('li');
    expect(parseFloat(sectionA?.style.top ?? '0')).toBeLessThan(parseFloat(zone.style.top));

    const legend = screen.getByRole('list', { name: '좌석 등급별 가격' });
    await within(legend).findByText('스탠딩 잔여 3명');
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'VIP석165,000원 잔여 2석',
      '스탠딩 P154,000원 스탠딩 잔여 3명',
      'R석143,000원 잔여 2석',
    ]);
    const marks = screen.getByRole('list', { name: '좌석 상태' });
    expect(marks).toHaveTextContent('휠체어석');
    expect(marks).toHaveTextContent('동반석');
    expect(marks).toHaveTextContent('시야 제한석');
  }, 20_000);

  it('draws each seat in its own grade with its price and tags, the aisle, held seats unavailable and killed seats left out', async () => {
    serveDrawnHall(drawnSeats());
    const user = userEvent.setup();
    renderSeats();
    await openSectionA(user);

    const wheelchair = await seatButton('VIP석 A구역 1열 1번, 휠체어석, 선택 가능, 165,000원');
    expect(wheelchair.querySelector('[data-number]')).toHaveAttribute('data-symbol', '♿');
    expect(wheelchair).toHaveStyle({ backgroundColor: '#C9A227' });
    const companion = screen.getByRole('button', {
      name: 'VIP석 A구역 1열 2번, 동반석, 선택 가능, 165,000원',
    });
    expect(companion.querySelector('[data-seat-mark="companion"]')).not.toBeNull();
    const restricted = screen.getByRole('button', {
      name: 'R석 A구역 1열 3번, 시야 제한, 선택 가능, 143,000원',
    });
    expect(restricted).toHaveStyle({ backgroundColor: '#3B82F6' });
    // Seat 3 sits at x 40, two empty seats after seat 2 (x 10): an aisle two seats wide.
    expect(restricted.parentElement?.querySelector('[data-aisle]')).toHaveAttribute(
      'data-aisle',
      '2',
    );
    expect(
      screen.getByRole('button', { name: 'R석 A구역 2열 2번, 선택 불가, 143,000원' }),
    ).toHaveAttribute('data-seat-kind', 'unavailable');
    expect(screen.queryByRole('button', { name: /A구역 2열 3번/ })).toBeNull();
    expect(screen.getByRole('grid', { name: '좌석 배치도' })).toBeInTheDocument();
    expect(screen.getByRole('rowgroup', { name: 'A구역 VIP석 · R석' })).toBeInTheDocument();
  }, 20_000);

  it('asks before holding a restricted-view seat: 취소 holds nothing, 선택 holds it', async () => {
    const calls = serveDrawnHall(drawnSeats());
    const user = userEvent.setup();
    renderSeats();
    await openSectionA(user);

    await user.click(await seatButton(/^R석 A구역 1열 3번, 시야 제한, 선택 가능/));
    const dialog = await screen.findByRole('dialog', { name: '시야 제한석' });
    expect(dialog).toHaveAccessibleDescription(
      '시야 제한석입니다. 무대 일부가 보이지 않을 수 있습니다. 선택하시겠습니까?',
    );
    expect(within(dialog).getByRole('button', { name: '취소' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: '취소' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls).toEqual([]);

    await user.click(
      screen.getByRole('button', { name: /^R석 A구역 1열 3번, 시야 제한, 선택 가능/ }),
    );
    await user.click(
      within(await screen.findByRole('dialog', { name: '시야 제한석' })).getByRole('button', {
        name: '선택',
      }),
    );
    await seatButton('R석 A구역 1열 3번, 시야 제한, 선택됨, 143,000원');
    expect(calls).toEqual(['reserve 3']);
    const held = within(panel()).getByRole('list', { name: '선택한 좌석 목록' });
    expect(held).toHaveTextContent('A구역 1열 3번');
    expect(held).toHaveTextContent('R석 · 143,000원');
    expect(held).toHaveTextContent('시야 제한');
  }, 20_000);

  it('tells the buyer of the companion seat when a wheelchair seat is held', async () => {
    serveDrawnHall(drawnSeats());
    const user = userEvent.setup();
    renderSeats();
    await openSectionA(user);

    await user.click(await seatButton(/^VIP석 A구역 1열 1번, 휠체어석, 선택 가능/));
    expect(
      await screen.findByText(
        '휠체어석을 선택했습니다. 동반석이 필요하면 A구역 1열 2번도 함께 선택해주세요.',
      ),
    ).toBeInTheDocument();
    const held = within(panel()).getByRole('list', { name: '선택한 좌석 목록' });
    expect(within(held).getByText('휠체어석')).toBeInTheDocument();
    expect(held).toHaveTextContent('동반석이 필요하면 A구역 1열 2번도 함께 선택해주세요.');

    await user.click(
      screen.getByRole('button', { name: /^VIP석 A구역 1열 2번, 동반석, 선택 가능/ }),
    );
    await seatButton('VIP석 A구역 1열 2번, 동반석, 선택됨, 165,000원');
    expect(held).not.toHaveTextContent('동반석이 필요하면');
    expect(within(held).getByText('동반석')).toBeInTheDocument();
  }, 20_000);

  it('shows the server’s word when a companion seat is taken before its wheelchair seat', async () => {
    serveDrawnHall(drawnSeats());
    server.use(
      http.post('/api/seats/concerts/1/seats/2/reserve', () =>
        HttpResponse.json(
          {
            success: false,
            status: 409,
            code: 'B003',
            message: '휠체어석의 동반석입니다. 휠체어석을 먼저 선택해주세요.',
          },
          { status: 409 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderSeats();
    await openSectionA(user);
    await user.click(await seatButton(/^VIP석 A구역 1열 2번, 동반석, 선택 가능/));
    expect(
      await screen.findByText('휠체어석의 동반석입니다. 휠체어석을 먼저 선택해주세요.'),
    ).toBeInTheDocument();
  }, 20_000);

  it('holds standing entry numbers with 입장번호 선택 and +1, and totals grade prices plus the fee', async () => {
    const seats = drawnSeats();
    const calls = serveDrawnHall(seats);
    const onCheckout = vi.fn<OnCheckout>().mockResolvedValue(undefined);
    const user = userEvent.setup();
    renderSeats(onCheckout);

    const zones = await screen.findByRole('list', { name: '스탠딩 구역' });
    await user.click(await within(zones).findByRole('button', { name: '입장번호 선택 P구역' }));
    const held = await within(panel()).findByRole('list', { name: '선택한 좌석 목록' });
    expect(await within(held).findByText('P구역 입장번호 1번')).toBeInTheDocument();
    expect(held).toHaveTextContent('스탠딩 P · 154,000원');
    expect(screen.getByText('P구역 입장번호 1번을 선점했습니다.')).toHaveClass('sr-only');
    expect(within(panel()).getByTestId('order-total')).toHaveTextContent('156,000원');

    await user.click(await within(zones).findByRole('button', { name: '+1 P구역' }));
    expect(await within(held).findByText('P구역 입장번호 2번')).toBeInTheDocument();
    expect(calls).toEqual(['standing P', 'standing P']);
    expect(within(panel()).getByTestId('order-total')).toHaveTextContent('312,000원');

    // The limit of 2 counts seats and entry numbers together.
    expect(within(zones).getByRole('listitem')).toHaveTextContent('내 입장번호 2매');
    await user.click(within(zones).getByRole('button', { name: '+1 P구역' }));
    expect(await screen.findByText('좌석 선점은 최대 2개까지만 가능합니다.')).toBeInTheDocument();
    expect(calls).toEqual(['standing P', 'standing P']);

    // Release one slot from the side panel, hold a VIP seat: 154,000 + 165,000 + 2 × 2,000.
    await user.click(within(panel()).getByRole('button', { name: 'P구역 입장번호 2번 선택 해제' }));
    await waitFor(() => expect(calls).toContain('release 8'));
    await openSectionA(user);
    await user.click(await seatButton(/^VIP석 A구역 1열 1번, 휠체어석, 선택 가능/));
    await seatButton(/^VIP석 A구역 1열 1번, 휠체어석, 선택됨/);
    expect(within(panel()).getByTestId('order-total')).toHaveTextContent('323,000원');

    await user.click(within(panel()).getByRole('button', { name: '결제하기' }));
    await waitFor(() =>
      expect(onCheckout).toHaveBeenCalledWith({
        concertId: 1,
        concertSeatIds: [1, 7],
        expectedAmount: 323_000,
      }),
    );
  }, 20_000);

  it('says when a standing zone has no entry number left', async () => {
    const seats = drawnSeats().map((seat) =>
      seat.seatInfo.startsWith('P-') ? { ...seat, status: 'BOOKED' as const } : seat,
    );
    serveDrawnHall(seats);
    renderSeats();
    const plan = await screen.findByRole('list', { name: '구역 배치도' });
    const zone = (await within(plan).findByText(/매진/)).closest('li');
    expect(zone).toHaveTextContent('P구역');
    const zones = screen.getByRole('list', { name: '스탠딩 구역' });
    expect(within(zones).getByRole('listitem')).toHaveTextContent(
      'P구역 스탠딩 P 154,000원 · 매진',
    );
    expect(screen.queryByRole('button', { name: /입장번호 선택/ })).toBeNull();
  }, 20_000);
});
