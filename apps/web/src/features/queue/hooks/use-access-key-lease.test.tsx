import { act, renderHook } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '@/test/server';
import { useAccessKeyLease } from './use-access-key-lease';

function serveKeys({ extendStatus = 200 } = {}) {
  const calls: string[] = [];
  server.use(
    http.patch('/api/access-keys/extend', ({ request }) => {
      calls.push(`extend${new URL(request.url).search}`);
      return extendStatus === 200
        ? HttpResponse.json({ success: true, data: { newTtlSeconds: 120 } })
        : HttpResponse.json(
            { success: false, status: 404, message: '유효한 접근 권한이 없습니다.' },
            { status: 404 },
          );
    }),
    http.delete('/api/access-keys', ({ request }) => {
      calls.push(`revoke${new URL(request.url).search}`);
      return HttpResponse.json({ success: true, message: '좌석 선택 권한이 반납되었습니다.' });
    }),
  );
  return calls;
}

describe('useAccessKeyLease', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('extends on open and every 60 s, and gives the slot back on leaving', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = serveKeys();
    const { unmount } = renderHook(() => useAccessKeyLease(4));
    await vi.waitFor(() => expect(calls).toEqual(['extend?concertId=4']));
    await act(() => vi.advanceTimersByTimeAsync(59_000));
    expect(calls).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await vi.waitFor(() => expect(calls).toEqual(['extend?concertId=4', 'extend?concertId=4']));
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    await vi.waitFor(() => expect(calls).toHaveLength(3));

    unmount();
    await vi.waitFor(() => expect(calls.at(-1)).toBe('revoke?concertId=4'));
    await act(() => vi.advanceTimersByTimeAsync(120_000));
    expect(calls.filter((call) => call.startsWith('extend'))).toHaveLength(3);
  });

  it('only logs a failed extend (404: no live key)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    serveKeys({ extendStatus: 404 });
    const { unmount } = renderHook(() => useAccessKeyLease(4));
    await vi.waitFor(() =>
      expect(warn).toHaveBeenCalledWith('[access-key] extend failed', expect.anything()),
    );
    unmount();
  });

  it('gives the slot back when the tab closes', async () => {
    const calls = serveKeys();
    renderHook(() => useAccessKeyLease(4));
    window.dispatchEvent(new Event('pagehide'));
    await vi.waitFor(() => expect(calls).toContain('revoke?concertId=4'));
  });
});
