import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '@/test/fake-websocket';
import { users } from '@/test/fixtures';
import { renderApp, renderWithProviders } from '@/test/render';
import { server } from '@/test/server';
import { WaitingRoom } from './waiting-room';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

function renderWaitingRoom(initial = { rank: 40, etaSeconds: 200 }) {
  return renderWithProviders(
    <>
      <Routes>
        <Route
          path="/concerts/:id/wait"
          element={<WaitingRoom concertId={7} concertTitle="노을 밴드" initial={initial} />}
        />
        <Route path="/concerts/:id/reserve" element={<p>좌석 선택 화면</p>} />
        <Route path="/concerts/:id" element={<p>콘서트 상세</p>} />
      </Routes>
      <LocationProbe />
    </>,
    { route: '/concerts/7/wait' },
  );
}

function serveStatus(data: unknown) {
  const calls: number[] = [];
  server.use(
    http.get('/api/queue/status', ({ request }) => {
      calls.push(Number(new URL(request.url).searchParams.get('concertId')));
      return HttpResponse.json({ success: true, data });
    }),
  );
  return calls;
}

describe('WaitingRoom', () => {
  beforeEach(() => {
    FakeWebSocket.reset();
    vi.stubGlobal('WebSocket', FakeWebSocket);
    sessionStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the rank, the estimate and the truth about refreshing', () => {
    renderWaitingRoom();
    expect(screen.getByTestId('queue-rank')).toHaveTextContent('40');
    expect(screen.getByText('내 앞에 39명이 기다리고 있어요')).toBeInTheDocument();
    expect(screen.getByText('약 3분 20초')).toBeInTheDocument();
    expect(
      screen.getByText(
        '새로고침해도 대기 순번은 유지됩니다. 다만 창을 닫고 5분이 지나면 대기열에서 제외됩니다.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('노을 밴드')).toBeInTheDocument();
    expect(FakeWebSocket.latest().url).toBe(`ws://${location.host}/ws/waitqueue?concertId=7`);
  });

  it('syncs on open and follows RANK_UPDATE frames', async () => {
    const calls = serveStatus({ status: 'WAITING', rank: 30, etaSeconds: 75 });
    renderWaitingRoom();
    act(() => FakeWebSocket.latest().open());
    await waitFor(() => expect(screen.getByTestId('queue-rank')).toHaveTextContent('30'));
    expect(calls).toEqual([7]);
    expect(screen.getByText('약 1분 15초')).toBeInTheDocument();
    expect(screen.getByText('실시간으로 순번을 받고 있어요')).toBeInTheDocument();

    act(() => FakeWebSocket.latest().receive({ type: 'RANK_UPDATE', rank: 1, etaSeconds: 3 }));
    expect(screen.getByTestId('queue-rank')).toHaveTextContent('1');
    expect(screen.getByText('다음 차례입니다')).toBeInTheDocument();
    expect(screen.getByText('잠시 후 입장')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: '대기 진행률' })).toHaveAttribute(
      'aria-valuenow',
      '97',
    );
  });

  it('on ADMIT stores the key, shows the message and goes to the seat page 1 s later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serveStatus({ status: 'WAITING', rank: 1 });
    renderWaitingRoom();
    const socket = FakeWebSocket.latest();
    act(() => socket.receive({ type: 'ADMIT', accessKey: 'admitted-key' }));

    expect(sessionStorage.getItem('accessKey-7')).toBe('admitted-key');
    expect(
      screen.getByText('입장 순서가 되었습니다! 좌석 선택 페이지로 이동합니다.'),
    ).toBeInTheDocument();
    expect(socket.closedWith).toEqual({ code: 1000, reason: 'ADMITTED' });

    await act(() => vi.advanceTimersByTimeAsync(900));
    expect(screen.getByTestId('location')).toHaveTextContent('/concerts/7/wait');
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByTestId('location')).toHaveTextContent('/concerts/7/reserve');
  });

  it('goes to the seat page at once when the status says ADMITTED', async () => {
    serveStatus({ status: 'ADMITTED', accessKey: 'already-in' });
    renderWaitingRoom();
    act(() => FakeWebSocket.latest().open());
    expect(await screen.findByText('좌석 선택 화면')).toBeInTheDocument();
    expect(sessionStorage.getItem('accessKey-7')).toBe('already-in');
  });

  it('says so when the queue has forgotten the user, and lets them enter again', async () => {
    const user = userEvent.setup();
    serveStatus({ status: 'EXPIRED_OR_NOT_IN_QUEUE' });
    server.use(
      http.post('/api/queue/enter', () =>
        HttpResponse.json({ success: true, data: { status: 'WAITING', rank: 88 } }),
      ),
    );
    // The whole app: entering again is a new navigation to the same path.
    renderApp('/concerts/7/wait', { session: users.user });
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    act(() => FakeWebSocket.latest().open());
    expect(await screen.findByText('대기열 정보가 없거나 만료되었습니다.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '콘서트 정보로 돌아가기' })).toHaveAttribute(
      'href',
      '/concerts/7',
    );
    serveStatus({ status: 'WAITING', rank: 88 });
    await user.click(screen.getByRole('button', { name: '대기열 다시 입장' }));
    await waitFor(() => expect(screen.getByTestId('queue-rank')).toHaveTextContent('88'));
    // The new page opens its own socket; under load that can land just after the rank renders.
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(2));
  });

  it('closes the socket with 1000 Component Unmount when the page is left', () => {
    const { unmount } = renderWaitingRoom();
    const socket = FakeWebSocket.latest();
    unmount();
    expect(socket.closedWith).toEqual({ code: 1000, reason: 'Component Unmount' });
  });

  it('tells the user it polls while the socket is down', () => {
    renderWaitingRoom();
    act(() => FakeWebSocket.latest().drop());
    expect(screen.getByText(/5초마다 순번을 확인하고 있어요/)).toBeInTheDocument();
  });
});
