import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '@/lib/browser';
import { FakeWebSocket } from '@/test/fake-websocket';
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
    // The first tab (공연정보) holds the AI summary; reviews and expectations have their own tabs
    // (issue 23), each opened by its tab button.
    expect(await screen.findByText('AI 요약 정보가 아직 생성되지 않았습니다.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: '관람후기' }));
    expect(await screen.findByText('아직 작성된 관람평이 없습니다.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: '기대평' }));
    expect(await screen.findByText('아직 작성된 기대평이 없습니다.')).toBeInTheDocument();
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

  describe('예매하기 for a logged-in user enters the queue', () => {
    beforeEach(() => {
      sessionStorage.clear();
      FakeWebSocket.reset();
      vi.stubGlobal('WebSocket', FakeWebSocket);
    });
    afterEach(() => {
      vi.unstubAllGlobals();
      vi.restoreAllMocks();
    });

    function serveEntry(answer: () => Response) {
      const calls: string[] = [];
      server.use(
        http.post('/api/queue/enter', ({ request }) => {
          calls.push(new URL(request.url).search);
          return answer();
        }),
      );
      return calls;
    }

    async function pressBook() {
      const user = userEvent.setup();
      serveConcert();
      const rendered = renderApp('/concerts/7', { session: users.user });
      await user.click(await screen.findByRole('button', { name: '예매하기' }));
      return rendered;
    }

    it('IMMEDIATE_ENTRY stores the key and opens the seat page', async () => {
      const calls = serveEntry(() =>
        HttpResponse.json({
          success: true,
          data: { status: 'IMMEDIATE_ENTRY', accessKey: 'key-7', message: '바로 입장' },
        }),
      );
      const { router } = await pressBook();
      await waitFor(() => expect(router.state.location.pathname).toBe('/concerts/7/reserve'));
      expect(calls).toEqual(['?concertId=7']);
      expect(sessionStorage.getItem('accessKey-7')).toBe('key-7');
    });

    it('WAITING opens the waiting room with the rank', async () => {
      serveEntry(() =>
        HttpResponse.json({ success: true, data: { status: 'WAITING', rank: 42, etaSeconds: 90 } }),
      );
      const { router } = await pressBook();
      await waitFor(() => expect(router.state.location.pathname).toBe('/concerts/7/wait'));
      expect(router.state.location.state).toEqual({ rank: 42, etaSeconds: 90 });
      expect(await screen.findByTestId('queue-rank')).toHaveTextContent('42');
      expect(sessionStorage.getItem('accessKey-7')).toBeNull();
    });

    it.each([
      [
        'ERROR: its message',
        () =>
          HttpResponse.json({
            success: true,
            data: { status: 'ERROR', message: '잠시 후 다시 시도해주세요.' },
          }),
        '잠시 후 다시 시도해주세요.',
      ],
      [
        'an unknown status: the unknown-response alert',
        () => HttpResponse.json({ success: true, data: { status: 'ADMITTED', accessKey: 'x' } }),
        '알 수 없는 응답입니다. 잠시 후 다시 시도해주세요.',
      ],
      [
        '409 B001: the server message',
        () =>
          HttpResponse.json(
            {
              success: false,
              status: 409,
              code: 'B001',
              message: '현재 예매 가능한 공연이 아닙니다.',
            },
            { status: 409 },
          ),
        '현재 예매 가능한 공연이 아닙니다.',
      ],
      [
        'a network failure: the spec text',
        () => HttpResponse.error(),
        '대기열 입장 중 오류가 발생했습니다.',
      ],
    ])('alerts for %s and stays', async (_, answer, message) => {
      const alert = vi.spyOn(browser, 'alert').mockImplementation(() => undefined);
      serveEntry(answer);
      const { router } = await pressBook();
      await waitFor(() => expect(alert).toHaveBeenCalledWith(message));
      expect(router.state.location.pathname).toBe('/concerts/7');
    });
  });

  it('asks anonymous visitors to log in before writing a review or an expectation', async () => {
    const user = userEvent.setup();
    serveConcert();
    const { router } = renderApp('/concerts/7?tab=expectations', { session: null });
    await user.click(await screen.findByRole('button', { name: '로그인하고 기대평 작성' }));
    expect(screen.queryByRole('button', { name: '관람평 작성' })).not.toBeInTheDocument();
    expect(await screen.findByText('로그인이 필요합니다.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('shows the write buttons to a logged-in user, opening the form', async () => {
    const user = userEvent.setup();
    serveConcert();
    renderApp('/concerts/7?tab=reviews', { session: users.user });
    await user.click(await screen.findByRole('button', { name: '관람평 작성' }));
    // The form's code loads on first opening (deferred-form-dialogs.tsx), so the dialog comes a moment later.
    expect(await screen.findByRole('dialog', { name: '관람평 작성' })).toBeInTheDocument();
  });
});
