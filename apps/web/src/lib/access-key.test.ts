import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  accessKeyExpiredMessage,
  accessKeyHeaders,
  expireAccessKey,
  readAccessKey,
  resetAccessKeyExpiry,
  storeAccessKey,
} from './access-key';
import { browser } from './browser';

describe('access key storage', () => {
  afterEach(() => {
    sessionStorage.clear();
    resetAccessKeyExpiry();
    vi.restoreAllMocks();
  });

  it('keeps one key per concert in sessionStorage and sends it as X-Access-Key', () => {
    storeAccessKey(4, 'abc');
    expect(sessionStorage.getItem('accessKey-4')).toBe('abc');
    expect(readAccessKey(4)).toBe('abc');
    expect(accessKeyHeaders(4)).toEqual({ 'X-Access-Key': 'abc' });
  });

  it('a missing key only warns and sends no header', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(accessKeyHeaders(5)).toEqual({});
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('expiry alerts once, forgets the key and hard-redirects to the concert', () => {
    const alert = vi.spyOn(browser, 'alert').mockImplementation(() => undefined);
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    storeAccessKey(4, 'abc');
    expireAccessKey(4);
    expireAccessKey(4);
    expect(alert).toHaveBeenCalledTimes(1);
    expect(alert).toHaveBeenCalledWith(accessKeyExpiredMessage);
    expect(accessKeyExpiredMessage).toBe(
      '예매 시간이 만료되었습니다. 콘서트 상세 페이지로 돌아갑니다.',
    );
    expect(sessionStorage.getItem('accessKey-4')).toBeNull();
    expect(assign).toHaveBeenCalledWith('/concerts/4');
  });
});
