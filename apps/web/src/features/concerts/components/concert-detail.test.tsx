import type { ConcertStatus } from '@curtaincall/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { makeConcertDetail } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { server } from '@/test/server';
import { ConcertDetail } from './concert-detail';
import { gradeRows } from './seat-grade-list';

const plain = (text: string | null | undefined) => (text ?? '').replace(/\u00a0/g, ' ');

function serveConcert(overrides: Parameters<typeof makeConcertDetail>[0] = {}) {
  server.use(
    http.get('/api/concerts/7', () =>
      HttpResponse.json({ success: true, data: makeConcertDetail({ concertId: 7, ...overrides }) }),
    ),
  );
}

describe('ConcertDetail', () => {
  it('shows every field and section of the concert', async () => {
    serveConcert({
      title: '루나 솔로 콘서트',
      artist: '루나(LUNA)',
      description: '첫 단독 공연.\n달빛 무대 연출.',
      venueName: '올림푸스 홀',
      venueAddress: '서울특별시 송파구 올림길 88',
      concertDate: '2025-10-04',
      startTime: '19:00:00',
      endTime: '21:30:00',
      totalSeats: 3000,
      minAge: 12,
      maxTicketsPerUser: 2,
      posterImageUrl: null,
    });
    renderWithProviders(<ConcertDetail concertId={7} onBook={vi.fn()} />);

    expect(
      await screen.findByRole('heading', { level: 1, name: '루나 솔로 콘서트' }),
    ).toBeInTheDocument();
    expect(screen.getByText('루나(LUNA)')).toBeInTheDocument();
    expect(screen.getAllByText('예매중').length).toBeGreaterThan(0);
    expect(plain(document.body.textContent)).toContain('2025.10.04 (토) 오후 7:00');
    expect(plain(document.body.textContent)).toContain('오후 7:00 ~ 오후 9:30');
    expect(screen.getAllByText('올림푸스 홀').length).toBeGreaterThan(0);
    expect(screen.getByText('서울특별시 송파구 올림길 88')).toBeInTheDocument();
    expect(screen.getByText(/첫 단독 공연/)).toHaveTextContent('첫 단독 공연. 달빛 무대 연출.');
    expect(screen.getAllByRole('img', { name: '루나 솔로 콘서트 포스터' })[0]).toHaveAttribute(
      'src',
      '/images/basic-poster-image.png',
    );

    // The summary at the top (issue 23 point 11): date, running time, age, per-person limit.
    const summary = screen.getByRole('group', { name: '한눈에 보기' });
    expect(summary).toHaveTextContent('공연기간2025.10.04 (토)');
    expect(summary).toHaveTextContent('러닝타임150분');
    expect(summary).toHaveTextContent('관람연령12세 이상');
    expect(summary).toHaveTextContent('1인 매수 제한1회 최대 2매 선택 · 1인 최대 2매 예매');

    const info = screen.getByRole('region', { name: '공연 정보' });
    expect(info).toHaveTextContent('총 좌석3,000석');
    expect(screen.getByRole('tab', { name: '공연정보' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.setup().click(screen.getByRole('tab', { name: '판매정보' }));
    const booking = screen.getByRole('region', { name: '예매 정보' });
    expect(plain(booking.textContent)).toContain(
      '예매 기간2025.09.20 (토) 오전 10:00 ~ 2025.10.03 (금) 오후 11:59',
    );
    expect(booking).toHaveTextContent('관람 연령12세 이상');
    expect(booking).toHaveTextContent('예매 한도1회 최대 2매 선택 · 1인 최대 2매 예매');

    const grades = within(screen.getByRole('list', { name: '좌석 등급별 가격' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(grades).toEqual(['프리미엄150,000원', 'VIP100,000원', '일반석50,000원']);
  });

  it('lists the real grades of the concert, dearest first, and says when there are none', async () => {
    serveConcert({
      seatGrades: [
        { name: 'R석', price: 99_000 },
        { name: 'S석', price: 132_000 },
      ],
    });
    const { unmount } = renderWithProviders(<ConcertDetail concertId={7} onBook={vi.fn()} />);
    await userEvent.setup().click(await screen.findByRole('tab', { name: '판매정보' }));
    const list = await screen.findByRole('list', { name: '좌석 등급별 가격' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(['S석132,000원', 'R석99,000원']);
    unmount();

    serveConcert({ seatGrades: [], minAge: 0, bookingStartDate: '2025-09-20T10:00:00' });
    renderWithProviders(<ConcertDetail concertId={7} onBook={vi.fn()} />);
    await userEvent.setup().click(await screen.findByRole('tab', { name: '판매정보' }));
    expect(
      await screen.findByText('좌석 등급과 가격은 아직 공개되지 않았습니다.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: '예매 정보' })).toHaveTextContent('전 연령 관람가');
  });

  it('shows the real grades of a drawn concert in the seller’s order, with places left and 매진', async () => {
    serveConcert({
      seatGrades: [
        { name: 'VIP석', price: 165_000 },
        { name: '스탠딩 P', price: 154_000 },
        { name: 'R석', price: 143_000 },
      ],
    });
    server.use(
      http.get('/api/concerts/7/grades', () =>
        HttpResponse.json({
          success: true,
          data: [
            {
              code: 'SP',
              name: '스탠딩 P',
              price: 154_000,
              color: null,
              totalPlaces: 800,
              available: 800,
              held: 0,
              standing: true,
            },
            {
              code: 'VIP',
              name: 'VIP석',
              price: 165_000,
              color: '#C9A227',
              totalPlaces: 300,
              available: 212,
              held: 10,
              standing: false,
            },
            {
              code: 'R',
              name: 'R석',
              price: 143_000,
              color: '#3B82F6',
              totalPlaces: 700,
              available: 0,
              held: 0,
              standing: false,
            },
          ],
        }),
      ),
    );
    renderWithProviders(<ConcertDetail concertId={7} onBook={vi.fn()} />);
    await userEvent.setup().click(await screen.findByRole('tab', { name: '판매정보' }));
    const list = await screen.findByRole('list', { name: '좌석 등급별 가격' });
    await within(list).findByText('스탠딩 잔여 800명');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '스탠딩 P154,000원스탠딩 잔여 800명',
      'VIP석165,000원잔여 212석',
      'R석143,000원매진',
    ]);
  });

  it('adds the places left to a quick-plan concert’s three grades, dearest first', async () => {
    serveConcert();
    server.use(
      http.get('/api/concerts/7/grades', () =>
        HttpResponse.json({
          success: true,
          data: [
            {
              code: '일반석',
              name: '일반석',
              price: 50_000,
              color: null,
              totalPlaces: 1800,
              available: 1500,
              held: 0,
              standing: false,
            },
            {
              code: 'VIP',
              name: 'VIP',
              price: 100_000,
              color: null,
              totalPlaces: 900,
              available: 3,
              held: 0,
              standing: false,
            },
            {
              code: '프리미엄',
              name: '프리미엄',
              price: 150_000,
              color: null,
              totalPlaces: 300,
              available: 0,
              held: 0,
              standing: false,
            },
          ],
        }),
      ),
    );
    renderWithProviders(<ConcertDetail concertId={7} onBook={vi.fn()} />);
    await userEvent.setup().click(await screen.findByRole('tab', { name: '판매정보' }));
    const list = await screen.findByRole('list', { name: '좌석 등급별 가격' });
    await within(list).findByText('잔여 1,500석');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['프리미엄150,000원매진', 'VIP100,000원잔여 3석', '일반석50,000원잔여 1,500석']);
  });

  it.each<[ConcertStatus, string | null, boolean]>([
    ['SCHEDULED', '예매 대기 중', false],
    ['ON_SALE', '예매하기', true],
    ['SOLD_OUT', '매진', false],
    ['CANCELLED', null, false],
    ['COMPLETED', null, false],
  ])('shows the booking button of %s', async (status, label, isEnabled) => {
    const user = userEvent.setup();
    const onBook = vi.fn();
    serveConcert({ status });
    renderWithProviders(<ConcertDetail concertId={7} onBook={onBook} />);
    await screen.findByRole('heading', { level: 1 });
    const buttons = screen
      .queryAllByRole('button')
      .filter((b) =>
        ['예매 대기 중', '예매하기', '매진', '상태 확인 중'].includes(b.textContent ?? ''),
      );
    if (label === null) {
      expect(buttons).toHaveLength(0);
      expect(screen.getByText(/(취소된|종료된) 공연입니다/)).toBeInTheDocument();
      return;
    }
    expect(buttons).toHaveLength(1);
    const [button] = buttons;
    if (!button) throw new Error('no button');
    expect(button).toHaveTextContent(label);
    expect(button.closest('[data-mobile-cta]')).toHaveClass('fixed', 'bottom-0', 'tablet:static');
    if (isEnabled) {
      await user.click(button);
      expect(onBook).toHaveBeenCalledTimes(1);
    } else {
      expect(button).toBeDisabled();
    }
  });

  it("says '콘서트 정보를 찾을 수 없습니다.' for an unknown concert", async () => {
    server.use(
      http.get('/api/concerts/7', () =>
        HttpResponse.json(
          { success: false, status: 404, code: 'T003', message: '콘서트 정보를 찾을 수 없습니다.' },
          { status: 404 },
        ),
      ),
    );
    renderWithProviders(<ConcertDetail concertId={7} onBook={vi.fn()} />);
    expect(await screen.findByText('콘서트 정보를 찾을 수 없습니다.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /모든 콘서트 보기/ })).toHaveAttribute(
      'href',
      '/concerts',
    );
  });

  it('shows a failure with the reason and retries', async () => {
    const user = userEvent.setup();
    let calls = 0;
    server.use(
      http.get('/api/concerts/7', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.error()
          : HttpResponse.json({
              success: true,
              data: makeConcertDetail({ concertId: 7, title: '다시 불러온 공연' }),
            });
      }),
    );
    renderWithProviders(<ConcertDetail concertId={7} onBook={vi.fn()} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('콘서트 정보를 불러올 수 없습니다.');
    expect(alert).toHaveTextContent('네트워크 오류가 발생했습니다.');
    await user.click(within(alert).getByRole('button', { name: '다시 시도' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: '다시 불러온 공연' }),
    ).toBeInTheDocument();
  });

  it('keeps the concert when the AI summary fails', async () => {
    serveConcert({ title: '요약 없는 공연' });
    server.use(http.get('/api/concerts/7/ai-summary', () => HttpResponse.error()));
    renderWithProviders(<ConcertDetail concertId={7} onBook={vi.fn()} />);
    expect(await screen.findByText('AI 요약을 불러올 수 없습니다.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: '요약 없는 공연' })).toBeInTheDocument();
  });

  it('switches the tabs with the arrow keys, Home and End, one tab in the Tab order', async () => {
    const user = userEvent.setup();
    serveConcert({});
    renderWithProviders(<ConcertDetail concertId={7} onBook={vi.fn()} />, {
      route: '/concerts/7?tab=reviews',
    });
    const reviews = await screen.findByRole('tab', { name: '관람후기' });
    expect(reviews).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', reviews.id);
    expect(screen.getAllByRole('tab').filter((tab) => tab.tabIndex === 0)).toEqual([reviews]);
    reviews.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: '기대평' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: '기대평' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: '공연정보' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: '기대평' })).toHaveFocus();
    await user.keyboard('{Home}{ArrowLeft}');
    expect(screen.getByRole('tab', { name: '기대평' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: '관람후기' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAttribute('id', 'concert-panel-reviews');
  });
});

describe('gradeRows', () => {
  it('leaves out a drawn grade without a single place, instead of calling it 매진', () => {
    const grade = (code: string, totalPlaces: number, available: number) => ({
      code,
      name: `${code}석`,
      price: 10_000,
      color: null,
      totalPlaces,
      available,
      held: 0,
      standing: false,
    });
    const rows = gradeRows([], [grade('R', 10, 0), grade('S', 0, 0), grade('A', 5, 5)]);
    expect(rows.map((row) => [row.name, row.left?.available])).toEqual([
      ['R석', 0],
      ['A석', 5],
    ]);
  });
});
