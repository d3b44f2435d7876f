import type { QueueStatusResult } from '@curtaincall/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '@/test/fake-websocket';
import { WaitQueueClient, waitQueueSocketUrl, type WaitQueueHandlers } from './wait-queue-client';

function setup(statusAnswers: QueueStatusResult[] = [{ status: 'WAITING', rank: 5 }]) {
  const answers = [...statusAnswers];
  const fetchStatus = vi.fn(async () => answers.shift() ?? { status: 'WAITING' as const, rank: 5 });
  const handlers = {
    onRank: vi.fn<WaitQueueHandlers['onRank']>(),
    onAdmitted: vi.fn<WaitQueueHandlers['onAdmitted']>(),
    onNotInQueue: vi.fn<WaitQueueHandlers['onNotInQueue']>(),
    onConnection: vi.fn<NonNullable<WaitQueueHandlers['onConnection']>>(),
  };
  const client = new WaitQueueClient({
    url: 'ws://localhost/ws/waitqueue?concertId=7',
    fetchStatus,
    handlers,
    createSocket: (url) => new FakeWebSocket(url),
  });
  client.start();
  return { client, fetchStatus, handlers };
}

describe('waitQueueSocketUrl', () => {
  it('uses the page origin with ws or wss', () => {
    expect(waitQueueSocketUrl(7, { protocol: 'http:', host: 'localhost:5173' })).toBe(
      'ws://localhost:5173/ws/waitqueue?concertId=7',
    );
    expect(waitQueueSocketUrl(7, { protocol: 'https:', host: 'curtaincall.kr' })).toBe(
      'wss://curtaincall.kr/ws/waitqueue?concertId=7',
    );
  });
});

describe('WaitQueueClient', () => {
  beforeEach(() => {
    FakeWebSocket.reset();
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('syncs through the status call when the socket opens', async () => {
    const { fetchStatus, handlers } = setup([{ status: 'WAITING', rank: 12, etaSeconds: 30 }]);
    expect(FakeWebSocket.latest().url).toBe('ws://localhost/ws/waitqueue?concertId=7');
    FakeWebSocket.latest().open();
    await vi.waitFor(() => expect(handlers.onRank).toHaveBeenCalledWith(12, 30));
    expect(fetchStatus).toHaveBeenCalledTimes(1);
    expect(handlers.onConnection).toHaveBeenLastCalledWith('open');
  });

  it('treats ADMITTED from the status call as an immediate admission', async () => {
    const { handlers } = setup([{ status: 'ADMITTED', accessKey: 'key-from-status' }]);
    const socket = FakeWebSocket.latest();
    socket.open();
    await vi.waitFor(() =>
      expect(handlers.onAdmitted).toHaveBeenCalledWith('key-from-status', 'status'),
    );
    expect(socket.closedWith).toEqual({ code: 1000, reason: 'ADMITTED' });
  });

  it.each(['ADMIT', 'REDIRECT_TO_RESERVE'])(
    'on %s reports the key and closes with 1000 ADMITTED',
    async (type) => {
      const { handlers } = setup();
      const socket = FakeWebSocket.latest();
      socket.open();
      socket.receive({ type, accessKey: 'key-1' });
      expect(handlers.onAdmitted).toHaveBeenCalledWith('key-1', 'socket');
      expect(socket.closedWith).toEqual({ code: 1000, reason: 'ADMITTED' });
      // Nothing more happens after the admission: no reconnect, no poll.
      await vi.advanceTimersByTimeAsync(120_000);
      expect(FakeWebSocket.instances).toHaveLength(1);
    },
  );

  it('passes RANK_UPDATE on and ignores 0, null and junk', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { handlers } = setup();
    const socket = FakeWebSocket.latest();
    socket.open();
    handlers.onRank.mockClear();
    socket.receive({ type: 'RANK_UPDATE', rank: 4, etaSeconds: 12 });
    socket.receive({ type: 'RANK_UPDATE', rank: 3 });
    socket.receive({ type: 'RANK_UPDATE', rank: 0 });
    socket.receive({ type: 'RANK_UPDATE', rank: null });
    socket.receive('not json');
    socket.receive({ type: 'ERROR', message: '서버 오류' });
    expect(handlers.onRank.mock.calls).toEqual([
      [4, 12],
      [3, null],
    ]);
  });

  it('on close polls the status every 5 s and reconnects after 3.5, 7, 14, 28, 56, 60, 60 s', async () => {
    const { fetchStatus } = setup();
    FakeWebSocket.latest().open();
    await vi.waitFor(() => expect(fetchStatus).toHaveBeenCalledTimes(1));
    fetchStatus.mockClear();

    FakeWebSocket.latest().drop();
    const reconnectDelays: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) {
      const before = FakeWebSocket.instances.length;
      let waited = 0;
      while (FakeWebSocket.instances.length === before) {
        await vi.advanceTimersByTimeAsync(500);
        waited += 500;
      }
      reconnectDelays.push(waited);
      FakeWebSocket.latest().drop();
    }
    // Rounded up to the 500 ms step of the loop above.
    expect(reconnectDelays).toEqual([3_500, 7_000, 14_000, 28_000, 56_000, 60_000, 60_000]);
    // The fallback poll kept running every 5 s the whole time.
    const elapsed = reconnectDelays.reduce((a, b) => a + b, 0);
    expect(fetchStatus).toHaveBeenCalledTimes(Math.floor(elapsed / 5_000));
  });

  it('an open socket stops the poll and resets the back-off', async () => {
    const { fetchStatus } = setup();
    FakeWebSocket.latest().fail();
    await vi.advanceTimersByTimeAsync(3_500);
    expect(FakeWebSocket.instances).toHaveLength(2);
    FakeWebSocket.latest().drop();
    await vi.advanceTimersByTimeAsync(7_000);
    expect(FakeWebSocket.instances).toHaveLength(3);
    FakeWebSocket.latest().open();
    await vi.waitFor(() => expect(fetchStatus).toHaveBeenCalled());
    fetchStatus.mockClear();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fetchStatus).not.toHaveBeenCalled();

    FakeWebSocket.latest().drop();
    await vi.advanceTimersByTimeAsync(3_500);
    expect(FakeWebSocket.instances).toHaveLength(4);
  });

  it('the fallback poll admits when the status says ADMITTED', async () => {
    const { handlers } = setup([
      { status: 'WAITING', rank: 2 },
      { status: 'ADMITTED', accessKey: 'polled-key' },
    ]);
    FakeWebSocket.latest().drop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(handlers.onRank).toHaveBeenCalledWith(2, null);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(handlers.onAdmitted).toHaveBeenCalledWith('polled-key', 'status');
    const count = FakeWebSocket.instances.length;
    await vi.advanceTimersByTimeAsync(120_000);
    expect(FakeWebSocket.instances).toHaveLength(count);
  });

  it('reports EXPIRED_OR_NOT_IN_QUEUE and stops', async () => {
    const { handlers } = setup([{ status: 'EXPIRED_OR_NOT_IN_QUEUE' }]);
    const socket = FakeWebSocket.latest();
    socket.open();
    await vi.waitFor(() => expect(handlers.onNotInQueue).toHaveBeenCalled());
    expect(socket.closedWith?.code).toBe(1000);
  });

  it('stop() closes with 1000 Component Unmount and cancels every timer', async () => {
    const { client, fetchStatus } = setup();
    const socket = FakeWebSocket.latest();
    socket.open();
    client.stop();
    expect(socket.closedWith).toEqual({ code: 1000, reason: 'Component Unmount' });

    const second = setup();
    FakeWebSocket.latest().drop();
    second.client.stop();
    second.fetchStatus.mockClear();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(second.fetchStatus).not.toHaveBeenCalled();
    expect(fetchStatus).toHaveBeenCalledTimes(1);
    expect(FakeWebSocket.instances).toHaveLength(2);
  });
});
