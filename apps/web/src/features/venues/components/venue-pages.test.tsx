import {
  checkVenueLayout,
  rectangleHallLayout,
  venueMessages,
  type VenueDetail,
  type VenueLayout,
  type VenueSummary,
} from '@curtaincall/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { users } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';

/**
 * The venue pages through the whole app (seller guard, console layout, lazy routes) with the
 * API faked at the network: the list and its delete, building by keyboard with announcements,
 * undo, saving, the server's field and layout errors, imports with problems.
 */

function summary(overrides: Partial<VenueSummary> = {}): VenueSummary {
  return {
    id: 7,
    name: '커튼콜 아트홀',
    address: '서울특별시 중구 세종대로 1',
    layoutName: '아트홀',
    totalPlaces: 1_500,
    sectionCount: 3,
    grades: [
      { code: 'VIP', name: 'VIP석', price: 165_000, color: '#C9A227', places: 300 },
      { code: 'R', name: 'R석', price: 143_000, color: null, places: 1_200 },
    ],
    concertCount: 2,
    createdAt: '2026-11-01T12:00:00',
    updatedAt: '2026-11-01T12:00:00',
    ...overrides,
  };
}

function smallLayout(): VenueLayout {
  return rectangleHallLayout({ name: '작은 홀', sections: 1, rowsPerSection: 2, seatsPerRow: 5 });
}

function detail(layout: VenueLayout, overrides: Partial<VenueDetail> = {}): VenueDetail {
  return { ...summary(), layout, ...overrides };
}

interface Call {
  line: string;
  body?: unknown;
}

function recordCalls() {
  const calls: Call[] = [];
  const record = async (request: Request) => {
    const url = new URL(request.url);
    const call: Call = { line: `${request.method} ${url.pathname}` };
    if (request.headers.get('content-type')?.includes('application/json')) {
      call.body = await request.clone().json();
    }
    calls.push(call);
  };
  return { calls, record };
}

const canvasName = (name: string) => ({ name: `${name} 좌석 배치` });

describe('/seller/venues', () => {
  it('lists the venues with places, grades and concerts, and deletes one after a confirmation', async () => {
    const { calls, record } = recordCalls();
    let venues = [
      summary(),
      summary({ id: 8, name: '두 번째 홀', address: null, concertCount: 0 }),
    ];
    server.use(
      http.get('/api/seller/venues', () => HttpResponse.json({ success: true, data: venues })),
      http.delete('/api/seller/venues/:venueId', async ({ request, params }) => {
        await record(request);
        venues = venues.filter((venue) => venue.id !== Number(params.venueId));
        return HttpResponse.json({ success: true, data: null, message: venueMessages.deleted });
      }),
    );
    renderApp('/seller/venues', { session: users.seller });
    expect(
      await screen.findByRole('heading', { level: 1, name: '공연장 관리' }),
    ).toBeInTheDocument();
    const first = (await screen.findByRole('link', { name: '커튼콜 아트홀' })).closest('li');
    if (!first) throw new Error('no card');
    expect(within(first).getByText('1,500석')).toBeInTheDocument();
    expect(within(first).getByText('서울특별시 중구 세종대로 1')).toBeInTheDocument();
    expect(within(first).getByText('VIP석 165,000원 · 300석')).toBeInTheDocument();
    expect(within(first).getByText('2개', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText('주소 없음')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '커튼콜 아트홀 편집' })).toHaveAttribute(
      'href',
      '/seller/venues/7',
    );

    await userEvent.click(screen.getByRole('button', { name: '커튼콜 아트홀 삭제' }));
    const dialog = await screen.findByRole('dialog', { name: '공연장 삭제' });
    expect(
      within(dialog).getByText(/콘서트 2개는 만들 때의 좌석 배치를 그대로 유지합니다/),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '삭제' }));
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: '커튼콜 아트홀' })).not.toBeInTheDocument(),
    );
    expect(calls).toEqual([{ line: 'DELETE /api/seller/venues/7' }]);
    expect(screen.getByText(venueMessages.deleted)).toBeInTheDocument();
  });

  it('offers 새 공연장 when there is none yet', async () => {
    server.use(
      http.get('/api/seller/venues', () => HttpResponse.json({ success: true, data: [] })),
    );
    renderApp('/seller/venues', { session: users.seller });
    expect(await screen.findByText('저장한 공연장이 없습니다.')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: '새 공연장' })[0]).toHaveAttribute(
      'href',
      '/seller/venues/new',
    );
  });
});

describe('/seller/venues/:venueId', () => {
  it('paints by keyboard with announcements, undoes, and saves the painted layout', async () => {
    const layout = smallLayout();
    const { calls, record } = recordCalls();
    server.use(
      http.get('/api/seller/venues', () => HttpResponse.json({ success: true, data: [summary()] })),
      http.get('/api/seller/venues/7', () =>
        HttpResponse.json({ success: true, data: detail(layout) }),
      ),
      http.put('/api/seller/venues/7', async ({ request }) => {
        await record(request);
        const body = (await request.clone().json()) as { layout: VenueLayout };
        return HttpResponse.json({
          success: true,
          data: detail(body.layout),
          message: venueMessages.updated,
        });
      }),
    );
    renderApp('/seller/venues/7', { session: users.seller });
    const canvas = await screen.findByRole('application', canvasName('작은 홀'));
    expect(screen.getByLabelText('공연장 이름')).toHaveValue('커튼콜 아트홀');
    const announcement = screen.getByTestId('builder-announcement');

    canvas.focus();
    fireEvent.keyDown(canvas, { key: 'ArrowRight' });
    expect(announcement).toHaveTextContent('A구역 1열 2번, VIP석');
    fireEvent.keyDown(canvas, { key: ' ' });
    expect(announcement).toHaveTextContent('A구역 1열 2번, VIP석 선택함');
    fireEvent.keyDown(canvas, { key: 'ArrowRight', shiftKey: true });
    fireEvent.keyDown(canvas, { key: 'ArrowRight', shiftKey: true });
    expect(announcement).toHaveTextContent('A구역 1열 2~4번 선택함');
    fireEvent.keyDown(canvas, { key: '3' });
    expect(announcement).toHaveTextContent('A구역 1열 2~4번 S석으로 칠함');

    const counts = screen.getByRole('table', { name: '등급별 좌석 수와 전석 판매 시 매출' });
    const sRow = within(counts).getByRole('rowheader', { name: 'S석' }).closest('tr');
    expect(sRow).toHaveTextContent('3');
    // 5 VIP seats of row 1 less 3, plus the S seats: revenue follows the prices.
    const revenue = 2 * 165_000 + 5 * 143_000 + 3 * 110_000;
    expect(screen.getByTestId('layout-revenue')).toHaveTextContent(
      `${revenue.toLocaleString('ko-KR')}원`,
    );

    fireEvent.keyDown(canvas, { key: 'z', ctrlKey: true });
    expect(announcement).toHaveTextContent('실행 취소함');
    fireEvent.keyDown(canvas, { key: 'z', ctrlKey: true, shiftKey: true });
    expect(announcement).toHaveTextContent('다시 실행함');

    const save = screen.getByRole('button', { name: '저장' });
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);
    await screen.findByText(venueMessages.updated);
    expect(calls).toHaveLength(1);
    const body = calls[0]?.body as { name: string; address: string | null; layout: VenueLayout };
    expect(body.name).toBe('커튼콜 아트홀');
    const saved = checkVenueLayout(body.layout);
    if (!saved.ok) throw new Error(saved.problems.join('\n'));
    const section = saved.layout.sections[0];
    const painted =
      section?.kind === 'SEATED' ? section.rows[0]?.seats.map((seat) => seat.grade) : [];
    expect(painted).toEqual(['VIP', 'S', 'S', 'S', 'VIP']);
  });

  it('tags and pairs seats from the selection panel', async () => {
    server.use(
      http.get('/api/seller/venues', () => HttpResponse.json({ success: true, data: [summary()] })),
      http.get('/api/seller/venues/7', () =>
        HttpResponse.json({ success: true, data: detail(smallLayout()) }),
      ),
    );
    renderApp('/seller/venues/7', { session: users.seller });
    const canvas = await screen.findByRole('application', canvasName('작은 홀'));
    const announcement = screen.getByTestId('builder-announcement');
    canvas.focus();
    fireEvent.keyDown(canvas, { key: 'Home' });
    fireEvent.keyDown(canvas, { key: ' ' });
    fireEvent.keyDown(canvas, { key: 'ArrowRight', shiftKey: true });
    await userEvent.click(screen.getByRole('button', { name: '휠체어석·동반석 짝 짓기' }));
    expect(announcement).toHaveTextContent(
      '왼쪽 좌석을 휠체어석, 오른쪽 좌석을 동반석으로 짝 지음',
    );
    expect(screen.getByText(/휠체어석 1 · 홀드석 0/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '홀드석 지정' }));
    expect(announcement).toHaveTextContent('A구역 1열 1~2번 홀드석 지정함');
    expect(screen.getByText(/홀드석 2 · 판매 안 함 0/)).toBeInTheDocument();
  });

  it('lists the server’s layout problems in the builder and keeps every field as typed', async () => {
    server.use(
      http.get('/api/seller/venues', () => HttpResponse.json({ success: true, data: [summary()] })),
      http.get('/api/seller/venues/7', () =>
        HttpResponse.json({ success: true, data: detail(smallLayout()) }),
      ),
      http.put('/api/seller/venues/7', () =>
        HttpResponse.json(
          {
            success: false,
            status: 400,
            code: 'C001',
            message: venueMessages.layoutInvalid,
            errors: [
              { field: 'name', message: '이미 같은 이름의 공연장이 있습니다.' },
              {
                field: 'layout.sections[0].rows[1].seats[2].grade',
                message: '없는 등급 코드입니다',
              },
            ],
          },
          { status: 400 },
        ),
      ),
    );
    renderApp('/seller/venues/7', { session: users.seller });
    const name = await screen.findByLabelText('공연장 이름');
    await userEvent.clear(name);
    await userEvent.type(name, '새 이름 홀');
    const save = screen.getByRole('button', { name: '저장' });
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);
    expect(await screen.findByText('이미 같은 이름의 공연장이 있습니다.')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveValue('새 이름 홀');
    const problems = screen.getByRole('region', { name: '좌석 배치의 고칠 곳' });
    expect(
      within(problems).getByText('sections[0].rows[1].seats[2].grade: 없는 등급 코드입니다'),
    ).toBeInTheDocument();
  });
});

describe('/seller/venues/new', () => {
  it('refuses a CSV import with its problems listed next to the file control, then imports JSON', async () => {
    server.use(
      http.get('/api/seller/venues', () => HttpResponse.json({ success: true, data: [] })),
    );
    renderApp('/seller/venues/new', { session: users.seller });
    const file = await screen.findByLabelText(/파일 가져오기/);
    const csv = new File(['\uFEFFsection,row,number,grade,tags\r\nA,1,x,VIP,\r\n'], 'hall.csv', {
      type: 'text/csv',
    });
    await userEvent.upload(file, csv);
    const alert = await screen.findByText(/가져오지 못했습니다/);
    expect(alert.closest('[role="alert"]')).toHaveTextContent('number');

    const imported = { ...smallLayout(), name: '가져온 홀' };
    const json = new File([JSON.stringify(imported)], 'hall.json', { type: 'application/json' });
    await userEvent.upload(file, json);
    expect(await screen.findByRole('application', canvasName('가져온 홀'))).toBeInTheDocument();
    expect(screen.getByTestId('builder-announcement')).toHaveTextContent('hall.json을(를) 가져옴');
  });

  it('creates a venue from a template and opens its page', async () => {
    const { calls, record } = recordCalls();
    server.use(
      http.get('/api/seller/venues', () => HttpResponse.json({ success: true, data: [] })),
      http.post('/api/seller/venues', async ({ request }) => {
        await record(request);
        const body = (await request.clone().json()) as { name: string; layout: VenueLayout };
        return HttpResponse.json(
          {
            success: true,
            data: detail(body.layout, { id: 31, name: body.name }),
            message: venueMessages.created,
          },
          { status: 201 },
        );
      }),
    );
    const { router } = renderApp('/seller/venues/new', { session: users.seller });
    await userEvent.type(await screen.findByLabelText('공연장 이름'), '올림픽홀');
    await userEvent.click(screen.getByLabelText('빠른 배치 (좌석 수만)'));
    const seats = screen.getByLabelText('전체 좌석 수');
    await userEvent.clear(seats);
    await userEvent.type(seats, '120');
    await userEvent.click(screen.getByRole('button', { name: '이 템플릿으로 새로 시작' }));
    expect(screen.getByTestId('builder-announcement')).toHaveTextContent(
      '빠른 배치 (좌석 수만) 템플릿으로 새로 시작함',
    );
    const save = screen.getByRole('button', { name: '저장' });
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);
    await waitFor(() => expect(router.state.location.pathname).toBe('/seller/venues/31'));
    const body = calls[0]?.body as { name: string; layout: VenueLayout };
    expect(body.name).toBe('올림픽홀');
    const total = body.layout.sections.reduce(
      (sum, section) =>
        sum +
        (section.kind === 'SEATED' ? section.rows.reduce((n, row) => n + row.seats.length, 0) : 0),
      0,
    );
    expect(total).toBe(120);
  }, 15_000);
});
