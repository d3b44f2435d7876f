import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeConcertDetail, users } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';

function serveConcert() {
  server.use(
    http.get('/api/concerts/7', () =>
      HttpResponse.json({
        success: true,
        data: makeConcertDetail({ concertId: 7, title: '노을 밴드 전국투어', status: 'ON_SALE' }),
      }),
    ),
  );
}

describe('/concerts/:concertId', () => {
  it.each(['abc', '0', '-3', '1.5'])('refuses the id %s without calling the API', async (id) => {
    const paths: string[] = [];
    server.events.on('request:start', ({ request }) => {
      paths.push(new URL(request.url).pathname);
    });
    renderApp(`/concerts/${id}`);
    expect(await screen.findByText('잘못된 콘서트 ID 입니다.')).toBeInTheDocument();
    expect(paths.filter((path) => path.startsWith('/api/concerts'))).toEqual([]);
    server.events.removeAllListeners();
  });

  it('shows the concert with its title in the tab, its reviews and expectations', async () => {
    serveConcert();
    renderApp('/concerts/7');
    expect(
      await screen.findByRole('heading', { level: 1, name: '노을 밴드 전국투어' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('노을 밴드 전국투어 | 커튼콜'));
    expect(await screen.findByText('아직 작성된 관람평이 없습니다.')).toBeInTheDocument();
    expect(await screen.findByText('아직 작성된 기대평이 없습니다.')).toBeInTheDocument();
    expect(await screen.findByText('AI 요약 정보가 아직 생성되지 않았습니다.')).toBeInTheDocument();
  });

  it('sends anonymous visitors who book to /login and brings them back after logging in', async () => {
    const user = userEvent.setup();
    serveConcert();
    server.use(
      http.post('/api/auth/login', () => HttpResponse.json({ success: true })),
      http.get('/api/auth/me', () => HttpResponse.json(users.user)),
    );
    const { router } = renderApp('/concerts/7', { session: null });
    await user.click(await screen.findByRole('button', { name: '예매하기' }));
    expect(await screen.findByText('로그인이 필요합니다.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));

    await user.type(await screen.findByLabelText('아이디'), 'buyer');
    await user.type(screen.getByLabelText('비밀번호'), 'buyer1234!');
    await user.click(screen.getByRole('button', { name: '로그인' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/concerts/7'));
  });

  it('tells a logged-in user that the waiting room is coming', async () => {
    const user = userEvent.setup();
    serveConcert();
    const { router } = renderApp('/concerts/7', { session: users.user });
    await user.click(await screen.findByRole('button', { name: '예매하기' }));
    expect(await screen.findByText(/대기열 입장 기능을 준비 중입니다/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/concerts/7');
  });

  it('asks anonymous visitors to log in before writing a review or an expectation', async () => {
    const user = userEvent.setup();
    serveConcert();
    const { router } = renderApp('/concerts/7', { session: null });
    await user.click(await screen.findByRole('button', { name: '기대평 작성' }));
    expect(await screen.findByText('로그인이 필요합니다.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('shows the write buttons to a logged-in user, opening the form', async () => {
    const user = userEvent.setup();
    serveConcert();
    renderApp('/concerts/7', { session: users.user });
    await user.click(await screen.findByRole('button', { name: '관람평 작성' }));
    expect(screen.getByRole('dialog', { name: '관람평 작성' })).toBeInTheDocument();
  });
});
