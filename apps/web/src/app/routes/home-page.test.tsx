import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeConcert } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { server } from '@/test/server';
import { HomePage } from './home-page';

function pageOf(content: unknown[]) {
  return {
    success: true,
    data: {
      content,
      number: 0,
      size: 4,
      totalElements: content.length,
      totalPages: 1,
      first: true,
      last: true,
      numberOfElements: content.length,
      empty: content.length === 0,
    },
  };
}

describe('HomePage', () => {
  it('asks for the first 4 concerts and shows them as cards', async () => {
    let query = '';
    server.use(
      http.get('/api/concerts', ({ request }) => {
        query = new URL(request.url).search;
        return HttpResponse.json(
          pageOf([
            makeConcert({
              concertId: 1,
              title: '가을 밤의 재즈',
              artist: '재즈밴드',
              status: 'ON_SALE',
              posterImageUrl: '/images/posters/jazz.jpg',
            }),
            makeConcert({
              concertId: 2,
              title: '겨울 록 페스티벌',
              status: 'SOLD_OUT',
              concertDate: '2025-12-20',
              startTime: '18:30:00',
            }),
          ]),
        );
      }),
    );
    renderWithProviders(<HomePage />);

    const card = (await screen.findByRole('link', { name: '가을 밤의 재즈' })).closest('article');
    if (!card) throw new Error('card not found');
    expect(query).toBe('?page=0&size=4');
    expect(within(card).getByText('예매중')).toBeInTheDocument();
    expect(within(card).getByText('재즈밴드')).toBeInTheDocument();
    expect(within(card).getByText('2025.10.04 (토) 오후 7:00')).toBeInTheDocument();
    expect(within(card).getByText('올림픽공원 KSPO DOME')).toBeInTheDocument();
    expect(within(card).getByText('총 8,000석')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: '가을 밤의 재즈 포스터' })).toHaveAttribute(
      'src',
      '/images/posters/jazz.jpg',
    );
    expect(screen.getByRole('link', { name: '가을 밤의 재즈' })).toHaveAttribute(
      'href',
      '/concerts/1',
    );

    const soldOut = screen.getByRole('link', { name: '겨울 록 페스티벌' }).closest('article');
    if (!soldOut) throw new Error('card not found');
    expect(within(soldOut).getByText('매진')).toBeInTheDocument();
    expect(within(soldOut).getByText('2025.12.20 (토) 오후 6:30')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /전체 콘서트 보기/ })).toHaveAttribute(
      'href',
      '/concerts',
    );
  });

  it('falls back to the default poster when the poster is missing or broken', async () => {
    server.use(
      http.get('/api/concerts', () =>
        HttpResponse.json(
          pageOf([
            makeConcert({ concertId: 1, title: '포스터 없음', posterImageUrl: null }),
            makeConcert({
              concertId: 2,
              title: '깨진 포스터',
              posterImageUrl: '/uploads/missing.jpg',
            }),
          ]),
        ),
      ),
    );
    renderWithProviders(<HomePage />);
    expect(await screen.findByRole('img', { name: '포스터 없음 포스터' })).toHaveAttribute(
      'src',
      '/images/basic-poster-image.png',
    );
    const broken = screen.getByRole('img', { name: '깨진 포스터 포스터' });
    fireEvent.error(broken);
    expect(broken).toHaveAttribute('src', '/images/basic-poster-image.png');
  });

  it('shows a graceful message when the list cannot be loaded', async () => {
    server.use(http.get('/api/concerts', () => HttpResponse.error()));
    renderWithProviders(<HomePage />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('콘서트 목록을 불러오는 중 오류가 발생했습니다.');
    expect(alert).toHaveTextContent('네트워크 오류가 발생했습니다. 인터넷 연결을 확인해주세요.');
    expect(within(alert).getByRole('button', { name: '다시 시도' })).toBeInTheDocument();
  });

  it('disables search for a blank keyword and shows the results of a search', async () => {
    server.use(
      http.get('/api/concerts/search', ({ request }) => {
        const query = new URL(request.url).searchParams.get('query');
        return HttpResponse.json({
          success: true,
          data: query === '재즈' ? [makeConcert({ concertId: 9, title: '재즈 나이트' })] : [],
        });
      }),
    );
    renderWithProviders(<HomePage />);
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: '검색' });
    const input = screen.getByLabelText('콘서트 검색');
    expect(button).toBeDisabled();
    await user.type(input, '   ');
    expect(button).toBeDisabled();

    await user.clear(input);
    await user.type(input, '재즈{Enter}');
    expect(await screen.findByRole('link', { name: '재즈 나이트' })).toBeInTheDocument();
    expect(screen.getByText(/검색 결과/, { selector: 'p' })).toHaveTextContent(
      '‘재즈’ 검색 결과 1건',
    );

    await user.clear(input);
    await user.type(input, '없는공연');
    await user.click(button);
    expect(await screen.findByText(/에 대한 검색 결과가 없습니다/)).toHaveTextContent(
      '‘없는공연’에 대한 검색 결과가 없습니다.',
    );

    await user.click(screen.getByRole('button', { name: '검색 초기화' }));
    expect(input).toHaveValue('');
    expect(screen.queryByRole('heading', { name: '검색 결과' })).not.toBeInTheDocument();
  });

  it('shows a search failure with the reason and a retry', async () => {
    let calls = 0;
    server.use(
      http.get('/api/concerts/search', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.error()
          : HttpResponse.json({ success: true, data: [makeConcert({ title: '재시도 성공' })] });
      }),
    );
    renderWithProviders(<HomePage />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('콘서트 검색'), '재즈{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('검색 중 오류가 발생했습니다.');
    expect(alert).toHaveTextContent('네트워크 오류가 발생했습니다.');
    await user.click(within(alert).getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByRole('link', { name: '재시도 성공' })).toBeInTheDocument();
  });
});
