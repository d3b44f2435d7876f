import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeSeat } from '@/test/fixtures';
import type { SeatPollResult } from './poll-result';
import { startSeatPollLoop } from './seat-poll-loop';

function setup(results: SeatPollResult[]) {
  const queue = [...results];
  const poll = vi.fn(
    (signal: AbortSignal) =>
      new Promise<SeatPollResult>((resolve) => {
        const next = queue.shift();
        if (next) resolve(next);
        // Nothing left: hold like the server, until the loop aborts.
        else signal.addEventListener('abort', () => resolve({ type: 'aborted' }));
      }),
  );
  const options = {
    poll,
    onUpdates: vi.fn(),
    onAnswer: vi.fn(),
    onError: vi.fn(),
    onKeyExpired: vi.fn(),
  };
  const stop = startSeatPollLoop(options);
  return { ...options, stop };
}

describe('startSeatPollLoop', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('merges an update, re-fetches the status and polls again 300 ms later', async () => {
    const seat = makeSeat(1, 'A-1-1');
    const loop = setup([{ type: 'update', seatUpdates: [seat], updateTime: null }]);
    await vi.advanceTimersByTimeAsync(0);
    expect(loop.onUpdates).toHaveBeenCalledWith([seat]);
    expect(loop.onAnswer).toHaveBeenCalledTimes(1);
    expect(loop.poll).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(299);
    expect(loop.poll).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(loop.poll).toHaveBeenCalledTimes(2);
    loop.stop();
  });

  it.each(['timeout', 'no_data', 'client_timeout'] as const)(
    '%s re-fetches the status and polls again after 300 ms',
    async (type) => {
      const loop = setup([{ type }]);
      await vi.advanceTimersByTimeAsync(300);
      expect(loop.onAnswer).toHaveBeenCalledTimes(1);
      expect(loop.onUpdates).not.toHaveBeenCalled();
      expect(loop.poll).toHaveBeenCalledTimes(2);
      loop.stop();
    },
  );

  it('a session conflict is a normal end: poll again after 300 ms', async () => {
    const loop = setup([{ type: 'session_conflict' }]);
    await vi.advanceTimersByTimeAsync(300);
    expect(loop.poll).toHaveBeenCalledTimes(2);
    expect(loop.onError).not.toHaveBeenCalled();
    loop.stop();
  });

  it('an error is told and retried after 35 s', async () => {
    const loop = setup([{ type: 'error', status: 0, message: '네트워크 에러가 발생했습니다.' }]);
    await vi.advanceTimersByTimeAsync(0);
    expect(loop.onError).toHaveBeenCalledWith('네트워크 에러가 발생했습니다.');
    await vi.advanceTimersByTimeAsync(34_999);
    expect(loop.poll).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(loop.poll).toHaveBeenCalledTimes(2);
    loop.stop();
  });

  it('an expired key ends the loop', async () => {
    const loop = setup([{ type: 'key_expired' }]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(loop.onKeyExpired).toHaveBeenCalledTimes(1);
    expect(loop.poll).toHaveBeenCalledTimes(1);
  });

  it('stop() aborts the waiting poll and schedules nothing more', async () => {
    const loop = setup([]);
    await vi.advanceTimersByTimeAsync(0);
    const signal = loop.poll.mock.calls[0]?.[0];
    loop.stop();
    expect(signal?.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(loop.poll).toHaveBeenCalledTimes(1);
    expect(loop.onAnswer).not.toHaveBeenCalled();
  });
});
