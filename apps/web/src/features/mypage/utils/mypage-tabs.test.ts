import { describe, expect, it } from 'vitest';
import { isMypageTab, mypageTabs, resolveMypageTab } from './mypage-tabs';

describe('resolveMypageTab', () => {
  it('opens 내 정보 when nothing names a tab', () => {
    expect(resolveMypageTab(null, null)).toBe('profile');
    expect(resolveMypageTab(null, undefined)).toBe('profile');
  });

  it('follows ?tab= first, then the router state', () => {
    expect(resolveMypageTab('bookings', null)).toBe('bookings');
    expect(resolveMypageTab('password', { tab: 'bookings' })).toBe('password');
    expect(resolveMypageTab(null, { tab: 'bookings' })).toBe('bookings');
  });

  it('ignores values that name no tab', () => {
    expect(resolveMypageTab('BOOKINGS', null)).toBe('profile');
    expect(resolveMypageTab('', { tab: 'orders' })).toBe('profile');
    expect(resolveMypageTab(null, { from: '/bookingDetail/1' })).toBe('profile');
    expect(resolveMypageTab(null, 'bookings')).toBe('profile');
    expect(resolveMypageTab('nope', { tab: 'bookings' })).toBe('bookings');
  });

  it('lists the three tabs in order with their Korean labels', () => {
    expect(mypageTabs.map((tab) => tab.label)).toEqual(['내 정보', '비밀번호 변경', '예매 내역']);
    expect(isMypageTab('password')).toBe(true);
    expect(isMypageTab(3)).toBe(false);
  });
});
