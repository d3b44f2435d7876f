import { concertStatusLabels } from '@curtaincall/contracts';
import { describe, expect, it } from 'vitest';
import { getBookingAction } from './booking-action';

describe('status -> label -> booking button (buyer-side.md §4)', () => {
  it.each([
    ['SCHEDULED', '예정됨', { label: '예매 대기 중', isEnabled: false }],
    ['ON_SALE', '예매중', { label: '예매하기', isEnabled: true }],
    ['SOLD_OUT', '매진', { label: '매진', isEnabled: false }],
    ['CANCELLED', '취소됨', null],
    ['COMPLETED', '공연 완료', null],
  ] as const)('%s is %s with %o', (status, label, action) => {
    expect(concertStatusLabels[status]).toBe(label);
    expect(getBookingAction(status)).toEqual(action);
  });

  it('shows a disabled 상태 확인 중 for any other status', () => {
    expect(getBookingAction('PAUSED')).toEqual({ label: '상태 확인 중', isEnabled: false });
    expect(getBookingAction('')).toEqual({ label: '상태 확인 중', isEnabled: false });
  });
});
