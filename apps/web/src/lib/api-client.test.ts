import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { server } from '@/test/server';
import {
  ApiError,
  apiFetch,
  apiRequest,
  fallbackMessageForStatus,
  invalidResponseMessage,
  networkErrorMessage,
  timeoutErrorMessage,
} from './api-client';

async function captureError(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('apiRequest: success', () => {
  it('unwraps the success envelope to its data and message', async () => {
    server.use(
      http.get('/api/things', () =>
        HttpResponse.json({ success: true, message: '조회 성공', data: { id: 1 } }),
      ),
    );
    await expect(apiRequest('/things')).resolves.toEqual({ data: { id: 1 }, message: '조회 성공' });
  });

  it('passes bare JSON through, including the literal null', async () => {
    server.use(http.get('/api/auth/me', () => HttpResponse.json(null)));
    await expect(apiRequest('/auth/me')).resolves.toEqual({ data: null, message: undefined });
    server.use(http.get('/api/list', () => HttpResponse.json([1, 2])));
    await expect(apiRequest('/list')).resolves.toEqual({ data: [1, 2], message: undefined });
  });

  it('accepts an empty body', async () => {
    server.use(http.post('/api/auth/logout', () => new HttpResponse(null, { status: 200 })));
    await expect(apiRequest('/auth/logout', { method: 'POST' })).resolves.toEqual({
      data: undefined,
      message: undefined,
    });
  });

  it('sends cookies, JSON bodies and query parameters', async () => {
    let seen: {
      credentials: string;
      contentType: string | null;
      body: unknown;
      query: string;
    } | null = null;
    server.use(
      http.post('/api/echo', async ({ request }) => {
        seen = {
          credentials: request.credentials,
          contentType: request.headers.get('content-type'),
          body: await request.json(),
          query: new URL(request.url).search,
        };
        return HttpResponse.json({ success: true });
      }),
    );
    await apiRequest('/echo', {
      method: 'POST',
      body: { title: '공연' },
      params: { page: 0, size: 4, skipped: undefined },
    });
    expect(seen).toEqual({
      credentials: 'include',
      contentType: 'application/json',
      body: { title: '공연' },
      query: '?page=0&size=4',
    });
  });

  it('sends form-encoded bodies as they are', async () => {
    let contentType: string | null = null;
    let form = '';
    server.use(
      http.post('/api/auth/login', async ({ request }) => {
        contentType = request.headers.get('content-type');
        form = await request.text();
        return new HttpResponse(null, { status: 200 });
      }),
    );
    await apiRequest('/auth/login', {
      method: 'POST',
      body: new URLSearchParams({ username: 'buyer', password: 'pw!1' }),
    });
    expect(contentType).toContain('application/x-www-form-urlencoded');
    expect(form).toBe('username=buyer&password=pw%211');
  });
});

describe('apiRequest: errors', () => {
  it('turns the error envelope into an ApiError with the server message, code and field errors', async () => {
    server.use(
      http.post('/api/auth/register', () =>
        HttpResponse.json(
          {
            success: false,
            status: 400,
            code: 'C001',
            message: '닉네임은 필수입니다.',
            errors: [{ field: 'nickname', message: '닉네임은 필수입니다.' }],
          },
          { status: 400 },
        ),
      ),
    );
    const error = await captureError(apiRequest('/auth/register', { method: 'POST', body: {} }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.code).toBe('C001');
    expect(error.message).toBe('닉네임은 필수입니다.');
    expect(error.fieldErrors).toEqual([{ field: 'nickname', message: '닉네임은 필수입니다.' }]);
  });

  it.each([
    [400, '잘못된 요청입니다.'],
    [401, '인증이 필요합니다. 로그인해주세요.'],
    [403, '접근 권한이 없습니다.'],
    [404, '요청한 리소스를 찾을 수 없습니다.'],
    [500, '서버에 오류가 발생했습니다.'],
    [502, '서버 오류 (502)'],
    [429, '서버 오류 (429)'],
  ])('falls back by status when a %i answer has no message', async (status, message) => {
    expect(fallbackMessageForStatus(status)).toBe(message);
    server.use(http.get('/api/fallback', () => new HttpResponse('<html>oops</html>', { status })));
    const error = await captureError(apiRequest('/fallback'));
    expect(error.status).toBe(status);
    expect(error.code).toBeNull();
    expect(error.message).toBe(message);
  });

  it('uses the fallback when the envelope message is empty, and ignores unknown codes', async () => {
    server.use(
      http.get('/api/empty-message', () =>
        HttpResponse.json(
          { success: false, status: 403, code: 'ZZZ', message: '' },
          { status: 403 },
        ),
      ),
    );
    const error = await captureError(apiRequest('/empty-message'));
    expect(error.message).toBe('접근 권한이 없습니다.');
    expect(error.code).toBeNull();
  });

  it('rejects a 2xx answer that says success:false', async () => {
    server.use(
      http.get('/api/soft-fail', () =>
        HttpResponse.json({ success: false, message: '처리할 수 없습니다.' }),
      ),
    );
    const error = await captureError(apiRequest('/soft-fail'));
    expect(error.message).toBe('처리할 수 없습니다.');
    expect(error.status).toBe(200);
  });

  it('reports a network failure when no response arrives', async () => {
    server.use(http.get('/api/down', () => HttpResponse.error()));
    const error = await captureError(apiRequest('/down'));
    expect(error.status).toBe(0);
    expect(error.isNetworkError).toBe(true);
    expect(error.message).toBe(networkErrorMessage);
    expect(networkErrorMessage).toBe('네트워크 오류가 발생했습니다. 인터넷 연결을 확인해주세요.');
  });

  it('reports a timeout when the server is slower than timeoutMs', async () => {
    server.use(
      http.get('/api/slow', async () => {
        await new Promise((resolve) => setTimeout(resolve, 200));
        return HttpResponse.json({ success: true });
      }),
    );
    const error = await captureError(apiRequest('/slow', { timeoutMs: 20 }));
    expect(error.status).toBe(0);
    expect(error.message).toBe(timeoutErrorMessage);
  });
});

describe('apiFetch', () => {
  it('returns data that matches the schema', async () => {
    server.use(http.get('/api/num', () => HttpResponse.json({ success: true, data: { n: 3 } })));
    await expect(apiFetch('/num', z.object({ n: z.number() }))).resolves.toEqual({ n: 3 });
  });

  it('fails with a Korean message when the data breaks the contract', async () => {
    server.use(
      http.get('/api/num', () => HttpResponse.json({ success: true, data: { n: 'three' } })),
    );
    const original = console.error;
    console.error = () => undefined;
    try {
      const error = await captureError(apiFetch('/num', z.object({ n: z.number() })));
      expect(error.message).toBe(invalidResponseMessage);
    } finally {
      console.error = original;
    }
  });
});
