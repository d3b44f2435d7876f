import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { server } from '@/test/server';
import { downloadTicketsPdf } from './download-tickets-pdf';

const url = '/api/bookings/AB%2F12/tickets.pdf';

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiError)) throw new Error('expected an ApiError');
  return error;
}

describe('downloadTicketsPdf', () => {
  it('encodes the booking number and falls back to a safe file name', async () => {
    server.use(
      http.get(url, () =>
        HttpResponse.arrayBuffer(new Uint8Array([0x25, 0x50]).buffer, {
          headers: { 'Content-Type': 'application/pdf' },
        }),
      ),
    );
    const file = await downloadTicketsPdf('AB/12');
    expect(file.fileName).toBe('curtaincall-AB_12.pdf');
    expect(file.blob.size).toBe(2);
  });

  it('turns the error envelope into an ApiError with the server message and code', async () => {
    server.use(
      http.get(url, () =>
        HttpResponse.json(
          {
            success: false,
            status: 404,
            code: 'B008',
            message: '요청한 예매 정보를 찾을 수 없습니다.',
          },
          { status: 404 },
        ),
      ),
    );
    const error = await failure(downloadTicketsPdf('AB/12'));
    expect(error.status).toBe(404);
    expect(error.code).toBe('B008');
    expect(error.message).toBe('요청한 예매 정보를 찾을 수 없습니다.');
  });

  it('falls back to the status text when the error has no body', async () => {
    server.use(http.get(url, () => new HttpResponse(null, { status: 500 })));
    const error = await failure(downloadTicketsPdf('AB/12'));
    expect(error.message).toBe('서버에 오류가 발생했습니다.');
  });

  it('treats a 2xx JSON answer as a failure', async () => {
    server.use(
      http.get(url, () =>
        HttpResponse.json({
          success: false,
          status: 409,
          code: 'B009',
          message: '이미 취소된 예매입니다.',
        }),
      ),
    );
    const error = await failure(downloadTicketsPdf('AB/12'));
    expect(error.status).toBe(409);
    expect(error.message).toBe('이미 취소된 예매입니다.');
  });

  it('reports a network failure', async () => {
    server.use(http.get(url, () => HttpResponse.error()));
    const error = await failure(downloadTicketsPdf('AB/12'));
    expect(error.isNetworkError).toBe(true);
  });
});
