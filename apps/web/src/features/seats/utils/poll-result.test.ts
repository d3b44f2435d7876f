import { describe, expect, it } from 'vitest';
import { makeSeat } from '@/test/fixtures';
import { classifyPollBody, classifyPollFailure } from './poll-result';

describe('classifyPollBody (200 answers)', () => {
  it('update: hasUpdate with seatUpdates', () => {
    const seat = makeSeat(5, 'A-1-5', { status: 'RESERVED', remainingSeconds: 120 });
    expect(
      classifyPollBody(
        JSON.stringify({
          status: 'update',
          hasUpdate: true,
          seatUpdates: [seat],
          updateTime: '2025-10-01T10:00:03',
        }),
      ),
    ).toEqual({ type: 'update', seatUpdates: [seat], updateTime: '2025-10-01T10:00:03' });
  });

  it("timeout: status 'timeout-ok'", () => {
    expect(
      classifyPollBody(
        JSON.stringify({
          status: 'timeout-ok',
          hasUpdate: false,
          seatUpdates: [],
          updateTime: 'x',
        }),
      ),
    ).toEqual({ type: 'timeout' });
  });

  it.each([
    ['no update flag', { status: 'update', hasUpdate: false, seatUpdates: [] }],
    ['no seatUpdates', { status: 'update', hasUpdate: true }],
    ['an enveloped body', { success: true, data: [] }],
    ['a bare array', []],
  ])('no_data: %s', (_, body) => {
    expect(classifyPollBody(JSON.stringify(body))).toEqual({ type: 'no_data' });
  });

  it('parse_error: not JSON, or entries that break the contract', () => {
    expect(classifyPollBody('<html>')).toEqual({ type: 'parse_error' });
    expect(
      classifyPollBody(JSON.stringify({ hasUpdate: true, seatUpdates: [{ seatId: 'x' }] })),
    ).toEqual({ type: 'parse_error' });
  });
});

describe('classifyPollFailure (other statuses)', () => {
  it('409 is a session conflict and 403 an expired key', () => {
    expect(classifyPollFailure(409, '')).toEqual({ type: 'session_conflict' });
    expect(classifyPollFailure(403, '{"message":"AccessKey"}')).toEqual({ type: 'key_expired' });
  });

  it('401 asks to log in', () => {
    expect(classifyPollFailure(401, '{}')).toEqual({
      type: 'error',
      status: 401,
      message: '인증이 필요합니다. 로그인해주세요.',
    });
  });

  it("uses the body's message, else '서버 에러 (status)'", () => {
    expect(classifyPollFailure(503, '{"message":"대기 중인 요청이 너무 많습니다."}')).toEqual({
      type: 'error',
      status: 503,
      message: '대기 중인 요청이 너무 많습니다.',
    });
    expect(classifyPollFailure(502, 'Bad Gateway')).toEqual({
      type: 'error',
      status: 502,
      message: '서버 에러 (502)',
    });
  });
});
