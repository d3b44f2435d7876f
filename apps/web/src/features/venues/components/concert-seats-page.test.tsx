import {
  rectangleHallLayout,
  type ConcertGradeAvailability,
  type SeatTag,
  type SellerConcert,
  type SellerSeat,
  type VenueLayout,
} from '@curtaincall/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeConcert, makeConcertDetail, pageOf, users } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';

/**
 * 좌석 관리 (/seller/concerts/:concertId/seats) through the whole app with the API faked at the
 * network: a small hall whose seats change state as the fake server is told to (release, stop),
 * the server's refusals shown, the price editor's errors next to their fields.
 */

const concertId = 42;
const page = `/seller/concerts/${concertId}/seats`;

/** Section A, rows 1 (VIP) and 2 (R), five seats each; seat state kept like the server does. */
function makeHall() {
  const base = rectangleHallLayout({
    name: '작은 홀',
    sections: 1,
    rowsPerSection: 2,
    seatsPerRow: 5,
    grades: [
      { code: 'VIP', name: 'VIP석', price: 165_000 },
      { code: 'R', name: 'R석', price: 143_000 },
    ],
  });
  const seats: SellerSeat[] = [];
  let nextId = 101;
  for (const row of [1, 2]) {
    for (let number = 1; number <= 5; number += 1) {
      seats.push({
        seatId: nextId++,
        seatInfo: `A-${row}-${number}`,
        status: 'AVAILABLE',
        block: null,
      });
    }
  }
  const seat = (info: string) => {
    const found = seats.find((s) => s.seatInfo === info);
    if (!found) throw new Error(info);
    return found;
  };
  const prices: Record<string, number> = { VIP: 165_000, R: 143_000 };

  const layout = (): VenueLayout => ({
    ...base,
    grades: base.grades.map((grade) => ({ ...grade, price: prices[grade.code] ?? grade.price })),
    sections: base.sections.map((section) =>
      section.kind !== 'SEATED'
        ? section
        : {
            ...section,
            rows: section.rows.map((row) => ({
              ...row,
              seats: row.seats.map((s) => {
                const block = seat(`A-${row.row}-${s.number}`).block;
                const tags: SeatTag[] = block ? [block] : [];
                return { number: s.number, grade: s.grade, ...(tags.length ? { tags } : {}) };
              }),
            })),
          },
    ),
  });

  const grades = (): ConcertGradeAvailability[] =>
    (['VIP', 'R'] as const).map((code, index) => {
      const mine = seats.filter((s) => s.seatInfo.startsWith(`A-${index + 1}-`));
      const live = mine.filter((s) => s.block !== 'KILLED');
      return {
        code,
        name: code === 'VIP' ? 'VIP석' : 'R석',
        price: prices[code] ?? 0,
        color: null,
        totalPlaces: live.length,
        available: live.filter((s) => s.status === 'AVAILABLE' && s.block === null).length,
        held: live.filter((s) => s.block === 'HELD').length,
        standing: false,
      };
    });

  return { seats, seat, prices, layout, grades };
}

type Hall = ReturnType<typeof makeHall>;

interface Call {
  line: string;
  body?: unknown;
}

/** The concert's reads from the hall's current state, and every write recorded. */
function serveHall(hall: Hall) {
  const calls: Call[] = [];
  const record = async (request: Request) => {
    const call: Call = { line: `${request.method} ${new URL(request.url).pathname}` };
    if (request.method !== 'GET') call.body = await request.clone().json();
    calls.push(call);
  };
  server.use(
    http.get(`/api/concerts/${concertId}`, () =>
      HttpResponse.json({
        success: true,
        data: makeConcertDetail({ concertId, title: '봄밤 콘서트', status: 'ON_SALE' }),
      }),
    ),
    http.get(`/api/concerts/${concertId}/layout`, async ({ request }) => {
      await record(request);
      return HttpResponse.json({ success: true, data: hall.layout() });
    }),
    http.get(`/api/concerts/${concertId}/grades`, async ({ request }) => {
      await record(request);
      return HttpResponse.json({ success: true, data: hall.grades() });
    }),
    http.get(`/api/seller/concerts/${concertId}/seats`, async ({ request }) => {
      await record(request);
      return HttpResponse.json({ success: true, data: hall.seats });
    }),
  );
  return { calls, record };
}

const reads = (calls: Call[]) => calls.filter((call) => call.line.startsWith('GET')).length;

async function openPage() {
  renderApp(page, { session: users.seller });
  return screen.findByRole('application', { name: '작은 홀 좌석 배치' });
}

describe('/seller/concerts/:concertId/seats', { timeout: 15_000 }, () => {
  it('releases every held seat after a confirmation that says how many and that fans are alerted', async () => {
    const hall = makeHall();
    for (const info of ['A-1-1', 'A-1-2', 'A-2-5']) {
      hall.seat(info).status = 'UNAVAILABLE';
      hall.seat(info).block = 'HELD';
    }
    const { calls, record } = serveHall(hall);
    server.use(
      http.post(`/api/seller/concerts/${concertId}/seats/release`, async ({ request }) => {
        await record(request);
        const held = hall.seats.filter((s) => s.block === 'HELD');
        for (const s of held) {
          s.block = null;
          s.status = 'AVAILABLE';
        }
        return HttpResponse.json({
          success: true,
          data: { count: held.length },
          message: `홀드석 ${held.length}석을 판매로 전환했습니다.`,
        });
      }),
    );
    await openPage();
    expect(await screen.findByRole('heading', { level: 1, name: '좌석 관리' })).toBeInTheDocument();
    expect(screen.getByText('봄밤 콘서트')).toBeInTheDocument();
    const counts = screen.getByRole('table', { name: /등급별 전체, 판매 가능, 홀드/ });
    const vip = within(counts).getByRole('rowheader', { name: 'VIP석' }).closest('tr');
    // VIP: 5 places, 3 on sale, 2 held, none with buyers.
    expect(vip).toHaveTextContent('165,000원5320');
    expect(screen.getByTestId('held-total')).toHaveTextContent('3');
    expect(screen.getByText(/남은 홀드석/)).toHaveTextContent('남은 홀드석 3석');
    const readsBefore = reads(calls);

    await userEvent.click(screen.getByRole('button', { name: '홀드석 모두 판매 전환' }));
    const dialog = await screen.findByRole('dialog', { name: '홀드석 모두 판매 전환' });
    expect(dialog).toHaveTextContent('홀드석 3석을 모두 지금 바로 판매로 전환합니다.');
    expect(dialog).toHaveTextContent('취소표 알림을 신청한 관객에게 알림이 갑니다.');
    await userEvent.click(within(dialog).getByRole('button', { name: '3석 모두 판매 전환' }));

    const result = screen.getByTestId('seat-result');
    await waitFor(() => expect(result).toHaveTextContent('홀드석 3석을 판매로 전환했습니다.'));
    expect(result).toHaveAttribute('aria-live', 'polite');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('held-total')).toHaveTextContent('0'));
    expect(screen.getByText(/남은 홀드석/)).toHaveTextContent('남은 홀드석 0석');
    expect(screen.getByRole('button', { name: '홀드석 모두 판매 전환' })).toBeDisabled();
    expect(calls.filter((call) => call.line.startsWith('POST'))).toEqual([
      { line: `POST /api/seller/concerts/${concertId}/seats/release`, body: { all: true } },
    ]);
    // The drawing, the counts and the seats were all read again.
    expect(reads(calls) - readsBefore).toBeGreaterThanOrEqual(3);
  });

  it('releases the held seats of a keyboard selection only, announcing each step', async () => {
    const hall = makeHall();
    hall.seat('A-1-2').status = 'UNAVAILABLE';
    hall.seat('A-1-2').block = 'HELD';
    const { calls, record } = serveHall(hall);
    server.use(
      http.post(`/api/seller/concerts/${concertId}/seats/release`, async ({ request }) => {
        await record(request);
        hall.seat('A-1-2').block = null;
        hall.seat('A-1-2').status = 'AVAILABLE';
        return HttpResponse.json({
          success: true,
          data: { count: 1 },
          message: '홀드석 1석을 판매로 전환했습니다.',
        });
      }),
    );
    const canvas = await openPage();
    const announcement = screen.getByTestId('seat-announcement');
    const release = screen.getByRole('button', { name: '선택한 홀드석 판매 전환' });
    expect(release).toBeDisabled();

    canvas.focus();
    fireEvent.keyDown(canvas, { key: 'ArrowRight' });
    expect(announcement).toHaveTextContent('A구역 1열 2번, VIP석, 홀드석');
    fireEvent.keyDown(canvas, { key: ' ' });
    expect(announcement).toHaveTextContent('A구역 1열 2번, VIP석, 홀드석 선택함');
    fireEvent.keyDown(canvas, { key: 'ArrowRight', shiftKey: true });
    expect(announcement).toHaveTextContent('A구역 1열 2~3번 선택함');
    expect(screen.getByTestId('selection-total')).toHaveTextContent('A구역 1열 2~3번');

    await userEvent.click(release);
    const dialog = await screen.findByRole('dialog', { name: '선택한 홀드석 판매 전환' });
    expect(dialog).toHaveTextContent('선택한 홀드석 1석을 지금 바로 판매로 전환합니다.');
    expect(dialog).toHaveTextContent('홀드석이 아닌 1석은 그대로 둡니다.');
    await userEvent.click(within(dialog).getByRole('button', { name: '1석 판매 전환' }));
    expect(await screen.findByText('홀드석 1석을 판매로 전환했습니다.')).toBeInTheDocument();
    expect(calls.find((call) => call.line.startsWith('POST'))?.body).toEqual({
      seatIds: [hall.seat('A-1-2').seatId],
    });
    // The selection is cleared once the seats changed.
    await waitFor(() => expect(screen.queryByTestId('selection-total')).not.toBeInTheDocument());
  });

  it('shows the server’s refusal when a seat to stop was sold, and stops the seats afterwards', async () => {
    const hall = makeHall();
    hall.seat('A-2-2').status = 'BOOKED';
    const { calls, record } = serveHall(hall);
    const refusal =
      '선점 중이거나 결제 중, 예매된 좌석은 판매 중지할 수 없습니다. 비어 있는 좌석과 홀드석만 판매 중지할 수 있습니다.';
    server.use(
      http.post(`/api/seller/concerts/${concertId}/seats/kill`, async ({ request }) => {
        await record(request);
        const body = (await request.clone().json()) as { seatIds: number[] };
        const picked = hall.seats.filter((s) => body.seatIds.includes(s.seatId));
        if (picked.some((s) => s.status === 'BOOKED')) {
          return HttpResponse.json(
            { success: false, status: 409, code: 'S006', message: refusal },
            { status: 409 },
          );
        }
        for (const s of picked) {
          s.block = 'KILLED';
          s.status = 'UNAVAILABLE';
        }
        return HttpResponse.json({
          success: true,
          data: { count: picked.length },
          message: `${picked.length}석을 판매 중지했습니다.`,
        });
      }),
    );
    const canvas = await openPage();
    canvas.focus();
    // Row 2, seats 1~2 (the second one sold).
    fireEvent.keyDown(canvas, { key: 'ArrowDown' });
    expect(screen.getByTestId('seat-announcement')).toHaveTextContent(
      'A구역 2열 1번, R석, 판매 중',
    );
    fireEvent.keyDown(canvas, { key: ' ' });
    fireEvent.keyDown(canvas, { key: 'ArrowRight', shiftKey: true });

    await userEvent.click(screen.getByRole('button', { name: '선택한 좌석 판매 중지' }));
    const dialog = await screen.findByRole('dialog', { name: '선택한 좌석 판매 중지' });
    expect(dialog).toHaveTextContent(
      '판매 중지한 좌석은 다시 판매할 수 없으며 되돌릴 수 없습니다.',
    );
    expect(dialog).toHaveTextContent('요청 전체가 거절됩니다.');
    expect(dialog).toHaveTextContent('선택한 좌석 중 1석은 지금 구매자가 선점했거나 예매한');
    await userEvent.click(within(dialog).getByRole('button', { name: '2석 판매 중지' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);
    expect(calls.filter((call) => call.line.startsWith('POST'))).toEqual([
      {
        line: `POST /api/seller/concerts/${concertId}/seats/kill`,
        body: { seatIds: [hall.seat('A-2-1').seatId, hall.seat('A-2-2').seatId] },
      },
    ]);

    // Back, pick the free seat alone, and stop it.
    await userEvent.click(within(dialog).getByRole('button', { name: '돌아가기' }));
    canvas.focus();
    fireEvent.keyDown(canvas, { key: 'Escape' });
    fireEvent.keyDown(canvas, { key: 'ArrowLeft' });
    fireEvent.keyDown(canvas, { key: ' ' });
    expect(screen.getByTestId('selection-total')).toHaveTextContent('A구역 2열 1번');
    await userEvent.click(screen.getByRole('button', { name: '선택한 좌석 판매 중지' }));
    const again = await screen.findByRole('dialog', { name: '선택한 좌석 판매 중지' });
    expect(again).not.toHaveTextContent('이대로는 거절됩니다');
    await userEvent.click(within(again).getByRole('button', { name: '1석 판매 중지' }));
    expect(await screen.findByText('1석을 판매 중지했습니다.')).toBeInTheDocument();
    const counts = screen.getByRole('table', { name: /등급별 전체, 판매 가능, 홀드/ });
    const r = within(counts).getByRole('rowheader', { name: 'R석' }).closest('tr');
    // R: 4 places left (one stopped), 3 on sale, none held, one sold.
    await waitFor(() => expect(r).toHaveTextContent('143,000원4301'));
  });

  it('puts price errors next to their field (typed, then the server’s) and saves the change', async () => {
    const hall = makeHall();
    const { calls, record } = serveHall(hall);
    let answers = 0;
    server.use(
      http.put(`/api/seller/concerts/${concertId}/grades`, async ({ request }) => {
        await record(request);
        answers += 1;
        if (answers === 1) {
          return HttpResponse.json(
            {
              success: false,
              status: 400,
              code: 'C001',
              message: '이 콘서트에 없는 등급 코드입니다.',
              errors: [{ field: 'prices[0].code', message: '이 콘서트에 없는 등급 코드입니다.' }],
            },
            { status: 400 },
          );
        }
        const body = (await request.clone().json()) as {
          prices: { code: string; price: number }[];
        };
        for (const price of body.prices) hall.prices[price.code] = price.price;
        return HttpResponse.json({
          success: true,
          data: null,
          message: '등급 가격을 변경했습니다. 이미 예매된 좌석은 결제한 금액 그대로입니다.',
        });
      }),
    );
    await openPage();
    expect(screen.getByText(/이미 예매된 좌석은 결제한 금액 그대로입니다/)).toBeInTheDocument();
    const vip = screen.getByLabelText(/VIP석 가격/);
    expect(vip).toHaveValue('165000');
    await userEvent.clear(vip);
    await userEvent.type(vip, '17만원');
    await userEvent.click(screen.getByRole('button', { name: '가격 저장' }));
    expect(vip).toHaveAttribute('aria-invalid', 'true');
    expect(vip).toHaveAccessibleDescription(/가격은 0~10,000,000원 사이의 정수\(원\)여야 합니다/);
    expect(calls.filter((call) => call.line.startsWith('PUT'))).toEqual([]);

    await userEvent.clear(vip);
    await userEvent.type(vip, '170,000');
    expect(vip).not.toHaveAttribute('aria-invalid');
    await userEvent.click(screen.getByRole('button', { name: '가격 저장' }));
    await waitFor(() =>
      expect(vip).toHaveAccessibleDescription(/이 콘서트에 없는 등급 코드입니다/),
    );
    expect(vip).toHaveValue('170,000');

    await userEvent.click(screen.getByRole('button', { name: '가격 저장' }));
    expect(
      await screen.findByText(
        '등급 가격을 변경했습니다. 이미 예매된 좌석은 결제한 금액 그대로입니다.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(vip).toHaveValue('170000'));
    expect(vip).not.toHaveAttribute('aria-invalid');
    const puts = calls.filter((call) => call.line.startsWith('PUT'));
    expect(puts.map((call) => call.body)).toEqual([
      { prices: [{ code: 'VIP', price: 170_000 }] },
      { prices: [{ code: 'VIP', price: 170_000 }] },
    ]);
    const counts = screen.getByRole('table', { name: /등급별 전체, 판매 가능, 홀드/ });
    expect(within(counts).getByText('170,000원')).toBeInTheDocument();
  });

  it('says that a quick-plan concert has no drawing and no holds', async () => {
    server.use(
      http.get(`/api/concerts/${concertId}`, () =>
        HttpResponse.json({ success: true, data: makeConcertDetail({ concertId }) }),
      ),
      http.get(`/api/concerts/${concertId}/grades`, () =>
        HttpResponse.json({
          success: true,
          data: [
            {
              code: '프리미엄',
              name: '프리미엄',
              price: 150_000,
              color: null,
              totalPlaces: 20,
              available: 18,
              held: 0,
              standing: false,
            },
          ],
        }),
      ),
    );
    renderApp(page, { session: users.seller });
    expect(await screen.findByText(/총 좌석 수로 만든 기본 배치입니다/)).toHaveTextContent(
      '홀드석이 없고',
    );
    expect(screen.queryByRole('application')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '홀드석 모두 판매 전환' })).not.toBeInTheDocument();
  });
});

describe('좌석 관리 from the concert list', () => {
  it('opens the page from a row’s 좌석 관리 link', async () => {
    const hall = makeHall();
    serveHall(hall);
    const concert: SellerConcert = {
      ...makeConcert({
        concertId,
        title: '봄밤 콘서트',
        sellerId: users.seller.userId,
        status: 'ON_SALE',
      }),
      showId: 1,
      cancelDeadlineDays: 3,
      refundsPending: 0,
      refundsDone: 0,
      soldSeats: 0,
    };
    // Issue 26: the list is of shows; this concert is a show of its own.
    const show = {
      showId: 1,
      title: concert.title,
      artist: concert.artist,
      venueName: concert.venueName,
      posterImageUrl: null,
      maxTicketsPerShow: null,
      firstDate: concert.concertDate,
      lastDate: concert.concertDate,
      performances: [concert],
    };
    server.use(
      http.get('/api/seller/shows', () =>
        HttpResponse.json({ success: true, data: pageOf([show]) }),
      ),
    );
    const { router } = renderApp('/seller/concerts/manage', { session: users.seller });
    const links = await screen.findAllByRole('link', { name: '봄밤 콘서트 좌석 관리' });
    expect(links[0]).toHaveAttribute('href', page);
    await userEvent.click(links[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe(page));
    expect(
      await screen.findByRole('application', { name: '작은 홀 좌석 배치' }),
    ).toBeInTheDocument();
  });
});
