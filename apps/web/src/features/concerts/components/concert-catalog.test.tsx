import type { Concert } from '@curtaincall/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { makeConcert, pageOf } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { server } from '@/test/server';
import { ConcertCatalog } from './concert-catalog';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

const currentUrl = () => decodeURIComponent(screen.getByTestId('location').textContent ?? '');

function renderCatalog(route = '/concerts') {
  return renderWithProviders(
    <>
      <ConcertCatalog today="2025-10-10" />
      <LocationProbe />
    </>,
    { route },
  );
}

/** The list endpoint, recording every query string it receives. */
function serveList(totalElements: number, requests: URLSearchParams[] = []) {
  server.use(
    http.get('/api/concerts', ({ request }) => {
      const params = new URL(request.url).searchParams;
      requests.push(params);
      const page = Number(params.get('page'));
      const size = Number(params.get('size'));
      const count = Math.max(0, Math.min(size, totalElements - page * size));
      const content = Array.from({ length: count }, (_, i) =>
        makeConcert({ concertId: page * size + i + 1, title: `목록 공연 ${page * size + i + 1}` }),
      );
      return HttpResponse.json({
        success: true,
        data: pageOf(content, { number: page, size, totalElements }),
      });
    }),
  );
  return requests;
}

function serveSearch(results: Concert[], queries: string[] = []) {
  server.use(
    http.get('/api/concerts/search', ({ request }) => {
      queries.push(new URL(request.url).searchParams.get('query') ?? '');
      return HttpResponse.json({ success: true, data: results });
    }),
  );
  return queries;
}

const cardTitles = () =>
  within(screen.getByRole('region', { name: /콘서트/ }))
    .queryAllByRole('link')
    .map((link) => link.textContent);

const initialWidth = window.innerWidth;
afterEach(() => {
  window.innerWidth = initialWidth;
});

describe('ConcertCatalog: the paged list', () => {
  it('shows 8 skeleton cards, then the first page with counts, range and footer', async () => {
    const requests: URLSearchParams[] = [];
    server.use(
      http.get('/api/concerts', async ({ request }) => {
        requests.push(new URL(request.url).searchParams);
        await delay(50);
        const content = Array.from({ length: 20 }, (_, i) => makeConcert({ concertId: i + 1 }));
        return HttpResponse.json({
          success: true,
          data: pageOf(content, { size: 20, totalElements: 57 }),
        });
      }),
    );
    renderCatalog();
    expect(screen.getAllByTestId('concert-card-skeleton')).toHaveLength(8);

    expect(await screen.findByText('57개 중 1-20개 표시')).toBeInTheDocument();
    expect(requests[0]?.toString()).toBe('page=0&size=20&sortBy=concertDate&sortDir=asc');
    expect(screen.getByRole('heading', { name: /전체 콘서트/ })).toHaveTextContent('57개');
    expect(screen.getByText(/총 57개 · 1 \/ 3 페이지/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /검색 결과/ })).not.toBeInTheDocument();
  });

  it('pages through the server list and keeps the page in the URL', async () => {
    const user = userEvent.setup();
    const requests = serveList(45);
    renderCatalog();
    await user.click(await screen.findByRole('button', { name: '3 페이지' }));
    expect(await screen.findByText('45개 중 41-45개 표시')).toBeInTheDocument();
    expect(requests.at(-1)?.get('page')).toBe('2');
    expect(currentUrl()).toBe('/concerts?page=3');
    expect(screen.getByText(/총 45개 · 3 \/ 3 페이지/)).toBeInTheDocument();
  });

  it('sorts by title, and flips the direction when the active sort is chosen again', async () => {
    const user = userEvent.setup();
    const requests = serveList(5);
    renderCatalog('/concerts?page=2');
    await screen.findByText('5개 중 1-5개 표시');
    expect(screen.getByRole('button', { name: /공연일순/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await user.click(screen.getByRole('button', { name: /제목순/ }));
    await waitFor(() => expect(requests.at(-1)?.get('sortBy')).toBe('title'));
    expect(requests.at(-1)?.get('sortDir')).toBe('asc');
    expect(currentUrl()).toBe('/concerts?sortBy=title&sortDir=asc');

    await user.click(screen.getByRole('button', { name: /제목순/ }));
    await waitFor(() => expect(requests.at(-1)?.get('sortDir')).toBe('desc'));
    expect(currentUrl()).toBe('/concerts?sortBy=title&sortDir=desc');

    await user.click(screen.getByRole('button', { name: /아티스트순/ }));
    await waitFor(() => expect(requests.at(-1)?.get('sortBy')).toBe('artist'));
    expect(requests.at(-1)?.get('sortDir')).toBe('asc');
  });

  it('offers the sorts as a dropdown with a direction button on mobile', async () => {
    const user = userEvent.setup();
    act(() => {
      window.innerWidth = 375;
    });
    const requests = serveList(3);
    renderCatalog();
    const select = await screen.findByRole('combobox', { name: '정렬 기준' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['공연일순', '제목순', '아티스트순']);
    await user.selectOptions(select, 'artist');
    await waitFor(() => expect(requests.at(-1)?.get('sortBy')).toBe('artist'));
    await user.click(screen.getByRole('button', { name: /정렬 방향: 오름차순/ }));
    await waitFor(() => expect(requests.at(-1)?.get('sortDir')).toBe('desc'));
  });

  it('says so when there are no concerts at all', async () => {
    renderCatalog();
    expect(await screen.findByText('등록된 콘서트가 없습니다.')).toBeInTheDocument();
  });

  it('shows the list error with the reason and retries', async () => {
    const user = userEvent.setup();
    let calls = 0;
    server.use(
      http.get('/api/concerts', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json(
              { success: false, status: 500, code: 'C003', message: '서버에 오류가 발생했습니다.' },
              { status: 500 },
            )
          : HttpResponse.json({
              success: true,
              data: pageOf([makeConcert({ title: '복구된 공연' })], { size: 20 }),
            });
      }),
    );
    renderCatalog();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('콘서트 목록을 불러오는 중 오류가 발생했습니다.');
    expect(alert).toHaveTextContent('서버에 오류가 발생했습니다.');
    await user.click(within(alert).getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByRole('link', { name: '복구된 공연' })).toBeInTheDocument();
  });
});

describe('ConcertCatalog: search and filter', () => {
  it('searches with Enter, shows the summary banner and pages the answer on the client', async () => {
    const user = userEvent.setup();
    const results = Array.from({ length: 25 }, (_, i) =>
      makeConcert({
        concertId: 100 + i,
        title: `루나 공연 ${String(i + 1).padStart(2, '0')}`,
        concertDate: `2025-11-${String(i + 1).padStart(2, '0')}`,
      }),
    );
    const queries = serveSearch(results);
    serveList(0);
    renderCatalog();
    const input = screen.getByRole('searchbox', { name: '콘서트 검색' });
    expect(input).toHaveAttribute('placeholder', '콘서트나 아티스트를 검색하세요');
    await user.type(input, '  루나 {Enter}');

    expect(await screen.findByRole('heading', { name: '‘루나’ 검색 결과' })).toBeInTheDocument();
    expect(queries).toEqual(['루나']);
    expect(currentUrl()).toBe('/concerts?query=루나');
    expect(screen.getByRole('region', { name: '‘루나’ 검색 결과' })).toHaveTextContent(
      '총 25개의 콘서트',
    );
    expect(
      within(screen.getByRole('list', { name: '적용된 조건' })).getByText('루나'),
    ).toBeInTheDocument();
    expect(screen.getByText('25개 중 1-20개 표시')).toBeInTheDocument();
    // The cards past the first screenful follow in a second render (concert-catalog.tsx).
    await waitFor(() => expect(cardTitles()).toHaveLength(20));

    await user.click(screen.getByRole('button', { name: '2 페이지' }));
    expect(await screen.findByText('25개 중 21-25개 표시')).toBeInTheDocument();
    expect(cardTitles()).toEqual([
      '루나 공연 21',
      '루나 공연 22',
      '루나 공연 23',
      '루나 공연 24',
      '루나 공연 25',
    ]);
    expect(queries).toEqual(['루나']);

    // Sorting a search answer happens here too: 제목순 twice is Z to A.
    await user.click(screen.getByRole('button', { name: /제목순/ }));
    await user.click(screen.getByRole('button', { name: /제목순/ }));
    expect(cardTitles()[0]).toBe('루나 공연 25');
  });

  it('just refocuses on an empty search, clears with Escape and with the clear button', async () => {
    const user = userEvent.setup();
    serveSearch([makeConcert({ title: '재즈 나이트' })]);
    serveList(1);
    renderCatalog('/concerts?query=재즈');
    const input = screen.getByRole('searchbox', { name: '콘서트 검색' });
    expect(input).toHaveValue('재즈');
    expect(await screen.findByRole('link', { name: '재즈 나이트' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(input).toHaveValue('재즈');
    await user.click(input);
    await user.keyboard('{Escape}');
    expect(input).toHaveValue('');
    expect(currentUrl()).toBe('/concerts');

    await user.click(screen.getByRole('button', { name: '검색' }));
    expect(input).toHaveFocus();
    expect(currentUrl()).toBe('/concerts');

    await user.type(input, '재즈{Enter}');
    expect(currentUrl()).toBe('/concerts?query=재즈');
    await user.click(screen.getByRole('button', { name: '검색어 지우기' }));
    expect(input).toHaveValue('');
    expect(input).toHaveFocus();
    expect(currentUrl()).toBe('/concerts');
  });

  it('filters by dates through the filter call', async () => {
    const user = userEvent.setup();
    const seen: string[] = [];
    server.use(
      http.get('/api/concerts/filter', ({ request }) => {
        seen.push(new URL(request.url).search);
        return HttpResponse.json({
          success: true,
          data: [makeConcert({ title: '11월 공연', concertDate: '2025-11-15' })],
        });
      }),
    );
    serveList(3);
    renderCatalog();
    await user.type(screen.getByLabelText('시작일'), '2025-11-01');
    await user.type(screen.getByLabelText('종료일'), '2025-11-30');
    await user.click(screen.getByRole('button', { name: '적용' }));

    expect(await screen.findByRole('link', { name: '11월 공연' })).toBeInTheDocument();
    expect(seen).toEqual(['?startDate=2025-11-01&endDate=2025-11-30']);
    expect(currentUrl()).toBe('/concerts?startDate=2025-11-01&endDate=2025-11-30');
    const banner = screen.getByRole('region', { name: /기간별 공연 검색 결과/ });
    expect(within(banner).getByText('필터 적용')).toBeInTheDocument();
    expect(within(banner).getByText('시작일')).toBeInTheDocument();
    expect(within(banner).getByText('종료일')).toBeInTheDocument();
    expect(banner).toHaveTextContent('총 1개의 콘서트');

    await user.click(within(banner).getByRole('button', { name: '종료일 조건 지우기' }));
    expect(currentUrl()).toBe('/concerts?startDate=2025-11-01');
    await user.click(
      within(screen.getByRole('region', { name: /기간별/ })).getByRole('button', {
        name: '전체 보기',
      }),
    );
    expect(currentUrl()).toBe('/concerts');
  });

  it('reloads a shared view with query and dates: search, then keep the dates on the client', async () => {
    const queries = serveSearch([
      makeConcert({ concertId: 1, title: '루나 10월', concertDate: '2025-10-20' }),
      makeConcert({ concertId: 2, title: '루나 11월', concertDate: '2025-11-15' }),
      makeConcert({ concertId: 3, title: '루나 12월', concertDate: '2025-12-01' }),
    ]);
    renderCatalog('/concerts?query=루나&startDate=2025-11-01&endDate=2025-11-30');
    expect(await screen.findByRole('link', { name: '루나 11월' })).toBeInTheDocument();
    expect(cardTitles()).toEqual(['루나 11월']);
    expect(queries).toEqual(['루나']);
    expect(screen.getByRole('searchbox', { name: '콘서트 검색' })).toHaveValue('루나');
    expect(screen.getByLabelText('시작일')).toHaveValue('2025-11-01');
    const banner = screen.getByRole('region', { name: /‘루나’ 검색 결과/ });
    expect(within(banner).getByText('필터 적용')).toBeInTheDocument();
    expect(banner).toHaveTextContent('2025.11.01');
    expect(banner).toHaveTextContent('2025.11.30');
  });

  it.each([
    ['/concerts?query=없는공연', '‘없는공연’에 대한 검색 결과가 없습니다.'],
    ['/concerts?startDate=2025-11-01', '선택한 기간에 열리는 콘서트가 없습니다.'],
    [
      '/concerts?query=없는공연&endDate=2025-11-30',
      '선택한 기간에 ‘없는공연’에 해당하는 콘서트가 없습니다.',
    ],
  ])('says what found nothing for %s', async (route, message) => {
    renderCatalog(route);
    expect(
      await screen.findByText(
        (_, element) => element?.tagName === 'P' && element.textContent === message,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '전체 콘서트 보기' })).toBeInTheDocument();
  });

  it.each([
    ['/concerts?query=루나', '/api/concerts/search', '검색 결과를 불러올 수 없습니다.'],
    ['/concerts?startDate=2025-11-01', '/api/concerts/filter', '필터링 결과를 불러올 수 없습니다.'],
  ])('shows the error of %s with the server message', async (route, path, title) => {
    server.use(
      http.get(path, () =>
        HttpResponse.json(
          {
            success: false,
            status: 400,
            code: 'T004',
            message: '검색어는 1자 이상 100자 이하로 입력해주세요.',
          },
          { status: 400 },
        ),
      ),
    );
    renderCatalog(route);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(title);
    expect(alert).toHaveTextContent('검색어는 1자 이상 100자 이하로 입력해주세요.');
    expect(within(alert).getByRole('button', { name: '다시 시도' })).toBeInTheDocument();
  });

  it('ignores malformed URL values', async () => {
    const requests = serveList(2);
    renderCatalog('/concerts?startDate=2025-02-30&sortBy=price&sortDir=up&page=-1');
    await screen.findByText('2개 중 1-2개 표시');
    expect(requests[0]?.toString()).toBe('page=0&size=20&sortBy=concertDate&sortDir=asc');
    expect(screen.queryByRole('region', { name: /검색 결과/ })).not.toBeInTheDocument();
  });
});
