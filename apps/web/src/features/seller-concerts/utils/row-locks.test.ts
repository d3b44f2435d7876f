import { sellerConcertMessages, type SellerConcert } from '@curtaincall/contracts';
import { describe, expect, it } from 'vitest';
import { makeConcert } from '@/test/fixtures';
import { rowLocks } from './row-locks';

const concert = (overrides: Partial<SellerConcert>): SellerConcert => ({
  ...makeConcert({ concertDate: '2026-12-10', startTime: '19:00:00', status: 'ON_SALE' }),
  showId: 1,
  refundsPending: 0,
  refundsDone: 0,
  soldSeats: 0,
  cancelDeadlineDays: 3,
  ...overrides,
});
/** 2026-12-10 18:59:59 and 19:00:00 in Seoul. */
const beforeShow = new Date('2026-12-10T09:59:59Z');
const atShow = new Date('2026-12-10T10:00:00Z');

describe('rowLocks', () => {
  it('allows everything before the show of a concert on sale', () => {
    expect(rowLocks(concert({}), beforeShow)).toEqual({
      edit: null,
      aiSummary: null,
      cancel: null,
      note: null,
    });
  });

  it('refuses AI 요약 from the minute the show starts, as the server does', () => {
    expect(rowLocks(concert({}), atShow)).toEqual({
      edit: null,
      aiSummary: '이미 종료된 공연입니다',
      cancel: null,
      note: '공연이 시작되어 AI 요약은 다시 만들 수 없습니다.',
    });
  });

  it('locks 수정, AI 요약 and 취소 of a completed show, with the server’s words', () => {
    expect(
      rowLocks(concert({ status: 'COMPLETED', concertDate: '2026-11-01' }), beforeShow),
    ).toEqual({
      edit: sellerConcertMessages.completedNotEditable,
      aiSummary: '이미 종료된 공연입니다',
      cancel: sellerConcertMessages.completedNotCancellable,
      note: '종료된 공연은 수정, AI 요약, 취소를 할 수 없습니다.',
    });
  });

  it('locks everything of a cancelled concert', () => {
    expect(rowLocks(concert({ status: 'CANCELLED' }), beforeShow)).toEqual({
      edit: '취소된 콘서트는 수정할 수 없습니다.',
      aiSummary: '취소된 콘서트는 AI 요약을 생성할 수 없습니다.',
      cancel: '이미 취소된 콘서트입니다.',
      note: '취소된 공연은 수정과 AI 요약을 할 수 없습니다.',
    });
  });
});
