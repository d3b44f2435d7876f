import { onSaleRefreshMs, type OnSaleConcert, type OnSaleSnapshot } from '@curtaincall/contracts';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';

const concerts: OnSaleConcert[] = [
  {
    concertId: 7,
    title: '아이유 콘서트 2026',
    artist: '아이유',
    status: 'ON_SALE',
    concertDate: '2026-12-24',
    bookingStartDate: '2026-11-20T20:00:00',
  },
  {
    concertId: 9,
    title: '재즈 인 더 시티 2026',
    artist: '재즈 트리오',
    status: 'SCHEDULED',
    concertDate: '2027-01-10',
    bookingStartDate: '2026-12-01T20:00:00',
  },
];

function snapshotOf(overrides: Partial<OnSaleSnapshot> = {}): OnSaleSnapshot {
  return {
    concertId: 7,
    title: '아이유 콘서트 2026',
    status: 'ON_SALE',
    queueLength: 12_345,
    admitted: 100,
    admissionsPerMinute: 240,
    totalSeats: 1_000,
    seatsHeld: 180,
    seatsSold: 420,
    seatsAvailable: 400,
    revenue: 63_000_000,
    measuredAt: '2026-11-24T21:00:03',
    ...overrides,
  };
}

/** Serves the list (filtered by keyword) and the snapshots in turn; records what was asked. */
function serveOnSale(snapshots: OnSaleSnapshot[]) {
  const calls = { keywords: [] as string[], snapshots: [] as string[] };
  let next = 0;
  server.use(
    http.get('/api/admin/on-sale/concerts', ({ request }) => {
      const keyword = new URL(request.url).searchParams.get('keyword') ?? '';
      calls.keywords.push(keyword);
      return HttpResponse.json({
        success: true,
        data: concerts.filter((c) => c.title.includes(keyword) || c.artist.includes(keyword)),
      });
    }),
    http.get('/api/admin/on-sale/concerts/:concertId', ({ params }) => {
      calls.snapshots.push(String(params.concertId));
      const snapshot = snapshots[Math.min(next, snapshots.length - 1)];
      next += 1;
      return HttpResponse.json({ success: true, data: snapshot });
    }),
  );
  return calls;
}

/** The value of one figure of the board (its `dt` label, then the number). */
function figure(label: string) {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

// The route's lazy modules are compiled on first import; doing that here keeps a loaded
// machine's compile time out of the 5 s the first test's findBy calls may wait.
beforeAll(async () => {
  await Promise.all([import('./admin-on-sale-page'), import('../layouts/console-layout')]);
}, 30_000);

afterEach(() => {
  vi.useRealTimers();
});

describe('/admin/on-sale', () => {
  it('asks for a concert first, then shows its live figures in Korean units', async () => {
    const calls = serveOnSale([snapshotOf()]);
    const { router } = renderApp('/admin/on-sale', { session: users.admin });
    const user = userEvent.setup();
    expect(
      await screen.findByRole('heading', { level: 1, name: '실시간 판매 현황' }),
    ).toBeInTheDocument();
    expect(screen.getByText('모니터링할 공연을 선택해주세요.')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: '공연 목록' });
    expect(within(list).getByRole('button', { name: /아이유 콘서트 2026/ })).toHaveTextContent(
      '예매중',
    );
    expect(calls.snapshots).toEqual([]);

    await user.click(within(list).getByRole('button', { name: /아이유 콘서트 2026/ }));
    expect(
      await screen.findByRole('heading', { level: 2, name: '아이유 콘서트 2026' }),
    ).toBeInTheDocument();
    expect(router.state.location.search).toBe('?concertId=7');
    expect(within(list).getByRole('button', { name: /아이유 콘서트 2026/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(figure('대기열')).toBe('12,345명');
    expect(figure('입장 허용')).toBe('100명');
    expect(figure('분당 입장')).toBe('240명/분');
    expect(figure('좌석 선점')).toBe('180석');
    expect(figure('판매 완료')).toBe('420석');
    expect(figure('매출')).toBe('63,000,000원');
    expect(screen.getByText('전체 1,000석 중 잔여 400석')).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: '판매 완료 420석, 좌석 선점 180석, 잔여 400석' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/21:00:03 기준 · 3초마다 자동 갱신/)).toBeInTheDocument();
  });

  it('refreshes the figures every few seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setInterval', 'clearInterval'] });
    const calls = serveOnSale([
      snapshotOf(),
      snapshotOf({ queueLength: 9_000, seatsSold: 500, measuredAt: '2026-11-24T21:00:06' }),
    ]);
    renderApp('/admin/on-sale?concertId=7', { session: users.admin });
    await screen.findByRole('heading', { level: 2, name: '아이유 콘서트 2026' });
    expect(figure('대기열')).toBe('12,345명');

    await act(() => vi.advanceTimersByTimeAsync(onSaleRefreshMs));
    expect(await screen.findByText(/21:00:06 기준/)).toBeInTheDocument();
    expect(figure('대기열')).toBe('9,000명');
    expect(figure('판매 완료')).toBe('500석');
    expect(calls.snapshots).toEqual(['7', '7']);
  });

  it('searches concerts by title or artist and says when none match', async () => {
    const calls = serveOnSale([snapshotOf()]);
    renderApp('/admin/on-sale', { session: users.admin });
    const user = userEvent.setup();
    const search = await screen.findByRole('searchbox', { name: '공연명 또는 아티스트' });
    await user.type(search, '재즈{Enter}');
    const list = await screen.findByRole('list', { name: '공연 목록' });
    expect(await within(list).findAllByRole('button')).toHaveLength(1);
    expect(within(list).getByRole('button')).toHaveTextContent('재즈 인 더 시티 2026');
    expect(calls.keywords).toContain('재즈');

    await user.clear(search);
    await user.type(search, '없는공연{Enter}');
    expect(await screen.findByText("'없는공연'에 맞는 공연이 없습니다.")).toBeInTheDocument();
  });

  it('shows the error of an unknown concert with a retry', async () => {
    serveOnSale([snapshotOf()]);
    server.use(
      http.get('/api/admin/on-sale/concerts/:concertId', () =>
        HttpResponse.json(
          { success: false, status: 404, code: 'T003', message: '콘서트 정보를 찾을 수 없습니다.' },
          { status: 404 },
        ),
      ),
    );
    renderApp('/admin/on-sale?concertId=999', { session: users.admin });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('판매 현황을 불러오지 못했습니다.');
    expect(alert).toHaveTextContent('콘서트 정보를 찾을 수 없습니다.');
    expect(within(alert).getByRole('button', { name: '다시 시도' })).toBeInTheDocument();
  });
});
