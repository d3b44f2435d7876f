import type {
  ConcertGradeAvailability,
  ConcertStatus,
  PerformanceAvailability,
} from '@curtaincall/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { performancePollMs } from '@/features/concerts/api/get-show-performances';
import { makeConcertDetail, users } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';

/**
 * Issue 26, the buyer's side: a show of several 회차 on the detail page. The show '겨울 투어'
 * has performances 7 (12-20 18:00), 8 (12-21 14:00, sold out), 9 (12-21 19:00) and 10 (12-22
 * 17:00, cancelled); the catalogue opened 7.
 */
const show = { showId: 7, performanceCount: 3, firstDate: '2026-12-20', lastDate: '2026-12-22' };

function grade(
  code: string,
  available: number,
  overrides: Partial<ConcertGradeAvailability> = {},
): ConcertGradeAvailability {
  return {
    code,
    name: `${code}석`,
    price: code === 'VIP' ? 165_000 : 99_000,
    color: code === 'VIP' ? '#C9A227' : '#3B82F6',
    totalPlaces: 50,
    available,
    held: 0,
    standing: false,
    ...overrides,
  };
}

function performance(
  concertId: number,
  concertDate: string,
  startTime: string,
  status: ConcertStatus,
  [vip, r]: [number, number],
): PerformanceAvailability {
  return {
    concertId,
    concertDate,
    startTime,
    endTime: '21:00:00',
    status,
    bookingStartDate: '2026-11-01T10:00:00',
    bookingEndDate: `${concertDate}T12:00:00`,
    totalSeats: 100,
    remainingSeats: vip + r,
    grades: [grade('VIP', vip), grade('R', r)],
  };
}

function showPerformances(vipLeftOnThe20th = 12) {
  return [
    performance(7, '2026-12-20', '18:00:00', 'ON_SALE', [vipLeftOnThe20th, 0]),
    performance(8, '2026-12-21', '14:00:00', 'SOLD_OUT', [0, 0]),
    performance(9, '2026-12-21', '19:00:00', 'ON_SALE', [3, 20]),
    performance(10, '2026-12-22', '17:00:00', 'CANCELLED', [0, 0]),
  ];
}

/** Serves the show; returns the paths asked, so tests can count the polls and details. */
function serveShow(list: () => PerformanceAvailability[] = () => showPerformances()) {
  const asked: string[] = [];
  server.events.on('request:start', ({ request }) => {
    asked.push(new URL(request.url).pathname);
  });
  server.use(
    http.get('/api/concerts/:concertId/performances', () =>
      HttpResponse.json({
        success: true,
        data: { showId: 7, maxTicketsPerShow: null, performances: list() },
      }),
    ),
    http.get('/api/concerts/:concertId', ({ params }) => {
      const row = list().find((p) => p.concertId === Number(params.concertId));
      if (!row) {
        return HttpResponse.json(
          { success: false, status: 404, code: 'T003', message: '콘서트 정보를 찾을 수 없습니다.' },
          { status: 404 },
        );
      }
      return HttpResponse.json({
        success: true,
        data: makeConcertDetail({
          concertId: row.concertId,
          title: '겨울 투어',
          concertDate: row.concertDate,
          startTime: row.startTime,
          endTime: row.endTime,
          status: row.status,
          bookingStartDate: row.bookingStartDate,
          bookingEndDate: row.bookingEndDate,
          seatGrades: [
            { name: 'VIP석', price: 165_000 },
            { name: 'R석', price: 99_000 },
          ],
          show,
        }),
      });
    }),
  );
  return asked;
}

const plain = (text: string | null | undefined) => (text ?? '').replace(/\u00a0/g, ' ');
const picker = () => screen.getByRole('region', { name: '회차 선택' });
const day = (name: string) => within(picker()).getByRole('button', { name });
const remaining = () =>
  within(picker())
    .getByRole('list', { name: '선택한 회차의 등급별 잔여석' })
    .querySelectorAll('li');

afterEach(() => {
  server.events.removeAllListeners();
  vi.useRealTimers();
});

describe('/concerts/:concertId of a show with several 회차', { timeout: 20_000 }, () => {
  it('shows the calendar with the show’s dates, the opened 회차 chosen, and its places per grade', async () => {
    serveShow();
    renderApp('/concerts/7');
    expect(await screen.findByRole('heading', { level: 1, name: '겨울 투어' })).toBeInTheDocument();
    const region = await screen.findByRole('region', { name: '회차 선택' });
    expect(region).toHaveTextContent('2026.12.20 ~ 12.22 · 3회');
    expect(await within(region).findByRole('grid', { name: '2026년 12월' })).toBeInTheDocument();
    for (const date of [20, 21, 22]) {
      expect(day(`2026년 12월 ${date}일 공연 있음`)).not.toHaveAttribute('aria-disabled');
    }
    expect(day('2026년 12월 23일 공연 없음')).toHaveAttribute('aria-disabled', 'true');
    expect(day('2026년 12월 20일 공연 있음').closest('td')).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const times = within(region).getByRole('group', { name: '12월 20일 (일) 회차' });
    expect(within(times).getByRole('button', { name: '18:00 예매중' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(region).getByTestId('chosen-performance')).toHaveTextContent(
      '2026.12.20(일) 18:00 회차',
    );
    expect([...remaining()].map((item) => item.textContent)).toEqual([
      'VIP석165,000원잔여 12석',
      'R석99,000원매진',
    ]);
    // The summary names the whole show.
    expect(screen.getByRole('group', { name: '한눈에 보기' })).toHaveTextContent(
      '공연기간2026.12.20 ~ 12.22 · 3회',
    );
  });

  it('chooses a date, then a time: the URL, the page and 예매하기 follow the chosen 회차', async () => {
    const user = userEvent.setup();
    const asked = serveShow();
    const entered: string[] = [];
    server.use(
      http.post('/api/queue/enter', ({ request }) => {
        entered.push(new URL(request.url).search);
        return HttpResponse.json({ success: true, data: { status: 'WAITING', rank: 3 } });
      }),
    );
    const { router } = renderApp('/concerts/7', { session: users.user });
    await screen.findByRole('grid', { name: '2026년 12월' });

    // The 21st: its first time on sale (19:00) is chosen, the sold-out 14:00 listed beside it.
    await user.click(day('2026년 12월 21일 공연 있음'));
    const times = within(picker()).getByRole('group', { name: '12월 21일 (월) 회차' });
    expect(within(times).getByRole('button', { name: '14:00 매진' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(within(times).getByRole('button', { name: '19:00 예매중' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(router.state.location.pathname).toBe('/concerts/7');
    expect(router.state.location.search).toBe('?performance=9');
    await waitFor(() =>
      expect(plain(document.body.textContent)).toContain('2026.12.21 (월) 오후 7:00'),
    );
    expect([...remaining()].map((item) => item.textContent)).toEqual([
      'VIP석165,000원잔여 3석',
      'R석99,000원잔여 20석',
    ]);
    await waitFor(() => expect(asked).toContain('/api/concerts/9'));

    // The sold-out time: its own button says so and books nothing.
    await user.click(within(times).getByRole('button', { name: '14:00 매진' }));
    expect(router.state.location.search).toBe('?performance=8');
    expect(await screen.findByRole('button', { name: '매진' })).toBeDisabled();

    // Back to 19:00, and 예매하기 enters that 회차's waiting room.
    await user.click(within(times).getByRole('button', { name: '19:00 예매중' }));
    await user.click(await screen.findByRole('button', { name: '예매하기' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/concerts/9/wait'));
    expect(entered).toEqual(['?concertId=9']);
  });

  it('keeps the focus on the time just chosen and the date chosen by keyboard', async () => {
    const user = userEvent.setup();
    serveShow();
    const { router } = renderApp('/concerts/7');
    await screen.findByRole('grid', { name: '2026년 12월' });
    day('2026년 12월 20일 공연 있음').focus();
    await user.keyboard('{ArrowRight}{Enter}');
    expect(router.state.location.search).toBe('?performance=9');
    expect(day('2026년 12월 21일 공연 있음')).toHaveFocus();
    const times = within(picker()).getByRole('group', { name: '12월 21일 (월) 회차' });
    within(times).getByRole('button', { name: '14:00 매진' }).focus();
    await user.keyboard('{Enter}');
    expect(router.state.location.search).toBe('?performance=8');
    await waitFor(() =>
      expect(plain(document.body.textContent)).toContain('2026.12.21 (월) 오후 2:00'),
    );
    expect(within(times).getByRole('button', { name: '14:00 매진' })).toHaveFocus();
    // Choosing the opened concert again leaves the spec's own URL.
    await user.click(day('2026년 12월 20일 공연 있음'));
    expect(router.state.location.search).toBe('');
  });

  it('opens on the 회차 the URL names, and ignores one that is not the show’s', async () => {
    serveShow();
    const first = renderApp('/concerts/7?performance=9');
    await screen.findByRole('grid', { name: '2026년 12월' });
    expect(day('2026년 12월 21일 공연 있음').closest('td')).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(plain(document.body.textContent)).toContain('2026.12.21 (월) 오후 7:00');
    first.unmount();

    serveShow();
    renderApp('/concerts/7?performance=555');
    await screen.findByRole('grid', { name: '2026년 12월' });
    expect(day('2026년 12월 20일 공연 있음').closest('td')).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(plain(document.body.textContent)).toContain('2026.12.20 (일) 오후 6:00');
  });

  it('updates the places left while the page is visible, and stops asking while it is hidden', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let vipLeft = 12;
    const asked = serveShow(() => showPerformances(vipLeft));
    const polls = () => asked.filter((path) => path.endsWith('/performances')).length;
    renderApp('/concerts/7');
    await screen.findByRole('grid', { name: '2026년 12월' });
    expect(remaining()[0]).toHaveTextContent('잔여 12석');

    vipLeft = 4;
    await act(() => vi.advanceTimersByTimeAsync(performancePollMs));
    await waitFor(() => expect(remaining()[0]).toHaveTextContent('잔여 4석'));
    vipLeft = 0;
    await act(() => vi.advanceTimersByTimeAsync(performancePollMs));
    await waitFor(() => expect(remaining()[0]).toHaveTextContent('매진'));
    // The 판매정보 tab's grade list shows the same 회차's numbers, from the same answers.
    await userEvent
      .setup({ advanceTimers: vi.advanceTimersByTime })
      .click(screen.getByRole('tab', { name: '판매정보' }));
    expect(
      within(screen.getByRole('list', { name: '좌석 등급별 가격' })).getAllByRole('listitem')[0],
    ).toHaveTextContent('VIP석165,000원매진');
    expect(asked.filter((path) => path.endsWith('/grades'))).toEqual([]);

    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('visibilitychange'));
    const whileVisible = polls();
    await act(() => vi.advanceTimersByTimeAsync(performancePollMs * 4));
    expect(polls()).toBe(whileVisible);

    // Back on the page: asked at once, then every few seconds again.
    vipLeft = 9;
    visibility.mockReturnValue('visible');
    window.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(remaining()[0]).toHaveTextContent('잔여 9석'));
    expect(polls()).toBe(whileVisible + 1);
    visibility.mockRestore();
  });

  it('asks nothing more for a plain concert, whose page stays the spec’s', async () => {
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => {
      asked.push(new URL(request.url).pathname);
    });
    server.use(
      http.get('/api/concerts/7', () =>
        HttpResponse.json({
          success: true,
          data: makeConcertDetail({ concertId: 7, title: '한 번뿐인 공연' }),
        }),
      ),
    );
    renderApp('/concerts/7?performance=9');
    expect(
      await screen.findByRole('heading', { level: 1, name: '한 번뿐인 공연' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '회차 선택' })).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: '한눈에 보기' })).toHaveTextContent(
      '공연기간2025.10.04 (토)',
    );
    expect(asked.filter((path) => path.endsWith('/performances'))).toEqual([]);
    expect(asked).not.toContain('/api/concerts/9');
  });
});
