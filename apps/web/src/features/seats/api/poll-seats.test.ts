import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '@/test/server';
import { pollSeats } from './poll-seats';

describe('pollSeats', () => {
  afterEach(() => {
    sessionStorage.clear();
    vi.restoreAllMocks();
  });

  it('sends replace=true, the access key and a JSON content type', async () => {
    sessionStorage.setItem('accessKey-3', 'key-3');
    let seen: { search: string; key: string | null; type: string | null } | null = null;
    server.use(
      http.get('/api/seats/concerts/3/polling', ({ request }) => {
        seen = {
          search: new URL(request.url).search,
          key: request.headers.get('X-Access-Key'),
          type: request.headers.get('Content-Type'),
        };
        return HttpResponse.json({
          status: 'timeout-ok',
          hasUpdate: false,
          seatUpdates: [],
          updateTime: '2025-10-01T10:00:30',
        });
      }),
    );
    expect(await pollSeats(3, new AbortController().signal)).toEqual({ type: 'timeout' });
    expect(seen).toEqual({ search: '?replace=true', key: 'key-3', type: 'application/json' });
  });

  it('gives up after the client timeout', async () => {
    server.use(
      http.get('/api/seats/concerts/3/polling', async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await pollSeats(3, new AbortController().signal, 50)).toEqual({
      type: 'client_timeout',
    });
  });

  it('ends quietly when the page aborts', async () => {
    server.use(
      http.get('/api/seats/concerts/3/polling', async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const controller = new AbortController();
    const result = pollSeats(3, controller.signal);
    controller.abort();
    expect(await result).toEqual({ type: 'aborted' });
  });

  it('classifies 403, 409 and network failures', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const signal = new AbortController().signal;
    server.use(
      http.get('/api/seats/concerts/3/polling', () =>
        HttpResponse.json({ message: 'AccessKey' }, { status: 403 }),
      ),
    );
    expect(await pollSeats(3, signal)).toEqual({ type: 'key_expired' });
    server.use(
      http.get('/api/seats/concerts/3/polling', () => new HttpResponse(null, { status: 409 })),
    );
    expect(await pollSeats(3, signal)).toEqual({ type: 'session_conflict' });
    server.use(http.get('/api/seats/concerts/3/polling', () => HttpResponse.error()));
    expect(await pollSeats(3, signal)).toEqual({
      type: 'error',
      status: 0,
      message: '네트워크 에러가 발생했습니다.',
    });
  });
});
