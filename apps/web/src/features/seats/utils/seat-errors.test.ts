import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { seatErrorMessage } from './seat-errors';

const apiError = (status: number, message: string) => new ApiError({ status, message });

describe('seatErrorMessage (buyer-side.md §8)', () => {
  it.each([
    [
      apiError(409, '다른 유저가 선점 중인 좌석입니다.'),
      '다른 사용자가 선점 중인 좌석입니다. 다른 좌석을 선택해주세요.',
    ],
    [
      apiError(400, '좌석 선점은 최대 2개까지만 가능합니다.'),
      '좌석 선점은 최대 2개까지만 가능합니다.',
    ],
    [
      apiError(409, '선점 시간이 만료되었습니다.'),
      '선점 시간이 만료되었습니다. 다시 선택해주세요.',
    ],
    [apiError(409, '이미 예매 완료된 좌석입니다.'), '이미 예매 완료된 좌석입니다.'],
    [
      apiError(0, '네트워크 오류가 발생했습니다.'),
      '네트워크 연결이 불안정합니다. 인터넷 연결을 확인해주세요.',
    ],
    [
      apiError(503, '좌석 선점에 실패했습니다.'),
      '서버에 일시적인 문제가 발생했습니다. 잠시 후 다시 시도해주세요.',
    ],
    [apiError(404, '좌석을 찾을 수 없습니다.'), '좌석 선택 중 문제가 발생했습니다.'],
    [new Error('boom'), '좌석 선택 중 문제가 발생했습니다.'],
  ])('%s', (error, message) => {
    expect(seatErrorMessage(error)).toBe(message);
  });
});
