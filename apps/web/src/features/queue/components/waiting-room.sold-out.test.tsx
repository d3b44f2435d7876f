import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '@/test/fake-websocket';
import { users } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';

/** Issue 26, point 3: the waiting room of a performance that sells out while the fan waits. */
const alternatives = [
  {
    concertId: 8,
    concertDate: '2026-12-19',
    startTime: '18:00:00',
    remainingSeats: 12,
    waiting: 3,
  },
  {
    concertId: 9,
    concertDate: '2026-12-20',
    startTime: '17:00:00',
    remainingSeats: 1_250,
    waiting: 0,
  },
];

function serveStatus(data: unknown) {
  server.use(http.get('/api/queue/status', () => HttpResponse.json({ success: true, data })));
}

/** Records the switch calls and answers them with `answer`. */
function serveSwitch(answer: () => Response) {
  const calls: Array<{ concertId: string | null; body: unknown }> = [];
  server.use(
    http.post('/api/queue/switch', async ({ request }) => {
      calls.push({
        concertId: new URL(request.url).searchParams.get('concertId'),
        body: await request.json(),
      });
      return answer();
    }),
  );
  return calls;
}

async function openWaitingRoom() {
  serveStatus({ status: 'WAITING', rank: 40, etaSeconds: 200 });
  renderApp('/concerts/7/wait', { session: users.user });
  await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
  const socket = FakeWebSocket.latest();
  act(() => socket.open());
  await waitFor(() => expect(screen.getByTestId('queue-rank')).toHaveTextContent('40'));
  return socket;
}

function soldOutFrame(list = alternatives) {
  return { type: 'PERFORMANCE_STATUS', soldOut: true, alternatives: list };
}

describe('WaitingRoom of a sold-out performance', () => {
  beforeEach(() => {
    FakeWebSocket.reset();
    vi.stubGlobal('WebSocket', FakeWebSocket);
    sessionStorage.clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('says so at once when the socket tells, with each other performance’s seats and queue', async () => {
    const socket = await openWaitingRoom();
    const liveRegion = screen.getByTestId('sold-out-announcement');
    expect(liveRegion).toHaveAttribute('aria-live', 'assertive');
    expect(liveRegion).toBeEmptyDOMElement();

    expect(screen.getByRole('progressbar', { name: '대기 진행률' })).toBeInTheDocument();
    expect(screen.getByText('예상 대기 시간')).toBeInTheDocument();

    act(() => socket.receive(soldOutFrame()));
    expect(
      screen.getByRole('heading', { name: '선택하신 회차가 매진되었습니다.' }),
    ).toBeInTheDocument();
    // No progress or estimate that only a cancellation could make true.
    expect(screen.queryByRole('progressbar', { name: '대기 진행률' })).not.toBeInTheDocument();
    expect(screen.queryByText('예상 대기 시간')).not.toBeInTheDocument();
    expect(
      screen.getByText('매진된 회차예요. 취소표가 나오면 이 순서대로 입장해요'),
    ).toBeInTheDocument();
    expect(liveRegion).toHaveTextContent(
      '선택하신 회차가 매진되었습니다. 이동할 수 있는 다른 회차가 2개 있습니다.',
    );
    const items = within(screen.getByRole('list', { name: '예매 가능한 다른 회차' })).getAllByRole(
      'listitem',
    );
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('2026.12.19(토) 18:00');
    expect(items[0]).toHaveTextContent('잔여 12석');
    expect(items[0]).toHaveTextContent('대기 3명');
    expect(items[1]).toHaveTextContent('2026.12.20(일) 17:00');
    expect(items[1]).toHaveTextContent('잔여 1,250석');
    expect(items[1]).toHaveTextContent('대기 0명');
    expect(
      within(items[0] as HTMLElement).getByRole('button', {
        name: '이 회차로 이동 (2026.12.19(토) 18:00)',
      }),
    ).toBeEnabled();
    // The rank stays on screen: a cancelled ticket may still come back to this queue.
    expect(screen.getByTestId('queue-rank')).toHaveTextContent('40');
  });

  it('hears it from the status answer too (the poll while the socket is down)', async () => {
    serveStatus({
      status: 'WAITING',
      rank: 12,
      soldOut: true,
      alternatives: alternatives.slice(1),
    });
    renderApp('/concerts/7/wait', { session: users.user });
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    act(() => FakeWebSocket.latest().open());
    expect(
      await screen.findByRole('heading', { name: '선택하신 회차가 매진되었습니다.' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /이 회차로 이동/ })).toHaveLength(1);
  });

  it('moves to the chosen performance and keeps waiting in its waiting room', async () => {
    const user = userEvent.setup();
    const socket = await openWaitingRoom();
    act(() => socket.receive(soldOutFrame()));
    const calls = serveSwitch(() =>
      HttpResponse.json({
        success: true,
        data: { concertId: 8, status: 'WAITING', rank: 5, etaSeconds: 30, message: '이동' },
      }),
    );
    serveStatus({ status: 'WAITING', rank: 5, etaSeconds: 30 });
    await user.click(screen.getByRole('button', { name: '이 회차로 이동 (2026.12.19(토) 18:00)' }));

    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(2));
    expect(calls).toEqual([{ concertId: '7', body: { toConcertId: 8 } }]);
    expect(FakeWebSocket.latest().url).toBe(`ws://${location.host}/ws/waitqueue?concertId=8`);
    expect(socket.closedWith).toEqual({ code: 1000, reason: 'Component Unmount' });
    // The new waiting room starts from the rank the move answered, and has no sell-out to tell.
    expect(screen.getByTestId('queue-rank')).toHaveTextContent('5');
    expect(screen.queryByRole('heading', { name: '선택하신 회차가 매진되었습니다.' })).toBeNull();
  });

  it('goes to the seat page when a key of that performance was already held', async () => {
    const user = userEvent.setup();
    const socket = await openWaitingRoom();
    act(() => socket.receive(soldOutFrame()));
    serveSwitch(() =>
      HttpResponse.json({
        success: true,
        data: { concertId: 9, status: 'ADMITTED', accessKey: 'key-9', message: '입장' },
      }),
    );
    await user.click(screen.getByRole('button', { name: '이 회차로 이동 (2026.12.20(일) 17:00)' }));
    await waitFor(() => expect(sessionStorage.getItem('accessKey-9')).toBe('key-9'));
    // The waiting room was left for the seat page.
    await waitFor(() =>
      expect(socket.closedWith).toEqual({ code: 1000, reason: 'Component Unmount' }),
    );
  });

  it('shows the server’s reason when the move is refused, and stays', async () => {
    const user = userEvent.setup();
    const socket = await openWaitingRoom();
    act(() => socket.receive(soldOutFrame()));
    serveSwitch(() =>
      HttpResponse.json(
        {
          success: false,
          status: 409,
          code: 'B001',
          message: '이동하려는 회차도 매진되었습니다. 다른 회차를 선택해주세요.',
        },
        { status: 409 },
      ),
    );
    await user.click(screen.getByRole('button', { name: '이 회차로 이동 (2026.12.19(토) 18:00)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '이동하려는 회차도 매진되었습니다. 다른 회차를 선택해주세요.',
    );
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: /이 회차로 이동/ })[0]).toBeEnabled();
  });

  it('offers the way back when no other performance is on sale, and clears when seats return', async () => {
    const socket = await openWaitingRoom();
    act(() => socket.receive(soldOutFrame([])));
    expect(screen.getByTestId('sold-out-announcement')).toHaveTextContent(
      '선택하신 회차가 매진되었습니다. 지금 예매 중인 다른 회차가 없습니다.',
    );
    expect(screen.queryByRole('button', { name: /이 회차로 이동/ })).toBeNull();
    expect(screen.getByRole('link', { name: '콘서트 정보로 돌아가기' })).toHaveAttribute(
      'href',
      '/concerts/7',
    );

    act(() => socket.receive({ type: 'PERFORMANCE_STATUS', soldOut: false, alternatives: [] }));
    expect(screen.queryByRole('heading', { name: '선택하신 회차가 매진되었습니다.' })).toBeNull();
    expect(screen.getByTestId('sold-out-announcement')).toBeEmptyDOMElement();
  });

  it('ignores a malformed performance status frame', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const socket = await openWaitingRoom();
    act(() => socket.receive({ type: 'PERFORMANCE_STATUS', soldOut: true, alternatives: [{}] }));
    expect(screen.queryByRole('heading', { name: '선택하신 회차가 매진되었습니다.' })).toBeNull();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
