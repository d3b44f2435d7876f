import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import {
  queueEntryErrorMessage,
  readWaitRouteState,
  resolveQueueEntry,
  unknownQueueResponseMessage,
} from './queue-entry';

describe('resolveQueueEntry (buyer-side.md §4 "Queue entry result")', () => {
  it('sends IMMEDIATE_ENTRY to the seat page with its key', () => {
    expect(
      resolveQueueEntry({ status: 'IMMEDIATE_ENTRY', accessKey: 'k-1', message: '바로 입장' }),
    ).toEqual({ type: 'reserve', accessKey: 'k-1' });
  });

  it('sends WAITING to the waiting room with the rank and the estimate', () => {
    expect(resolveQueueEntry({ status: 'WAITING', rank: 17, etaSeconds: 42 })).toEqual({
      type: 'wait',
      rank: 17,
      etaSeconds: 42,
    });
    expect(resolveQueueEntry({ status: 'WAITING' })).toEqual({
      type: 'wait',
      rank: null,
      etaSeconds: null,
    });
  });

  it('alerts the message of ERROR', () => {
    expect(resolveQueueEntry({ status: 'ERROR', message: '대기열이 가득 찼습니다.' })).toEqual({
      type: 'alert',
      message: '대기열이 가득 찼습니다.',
    });
  });

  it.each([
    ['ADMITTED, which enter never answers', { status: 'ADMITTED', accessKey: 'k' }],
    ['an unknown status', { status: 'SOMETHING' }],
    ['IMMEDIATE_ENTRY without a key', { status: 'IMMEDIATE_ENTRY' }],
    ['no data at all', undefined],
  ])('alerts an unknown response for %s', (_, data) => {
    expect(resolveQueueEntry(data)).toEqual({
      type: 'alert',
      message: unknownQueueResponseMessage,
    });
  });
});

describe('queueEntryErrorMessage', () => {
  it("uses the server's message", () => {
    const error = new ApiError({ status: 409, message: '현재 예매 가능한 공연이 아닙니다.' });
    expect(queueEntryErrorMessage(error)).toBe('현재 예매 가능한 공연이 아닙니다.');
  });

  it('falls back to the spec text for network failures and unknown errors', () => {
    expect(queueEntryErrorMessage(new ApiError({ status: 0, message: 'offline' }))).toBe(
      '대기열 입장 중 오류가 발생했습니다.',
    );
    expect(queueEntryErrorMessage(new Error('boom'))).toBe('대기열 입장 중 오류가 발생했습니다.');
  });
});

describe('readWaitRouteState', () => {
  it('keeps a positive rank and a numeric estimate, drops anything else', () => {
    expect(readWaitRouteState({ rank: 3, etaSeconds: 20 })).toEqual({ rank: 3, etaSeconds: 20 });
    expect(readWaitRouteState({ rank: 0, etaSeconds: '20' })).toEqual({
      rank: null,
      etaSeconds: null,
    });
    expect(readWaitRouteState(null)).toEqual({ rank: null, etaSeconds: null });
  });
});
