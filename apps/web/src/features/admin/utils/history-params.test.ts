import { describe, expect, it } from 'vitest';
import { makeHistoryEntry } from '@/test/fixtures';
import {
  historySearchPath,
  interpretSearchText,
  pageOfEntries,
  parseHistorySearch,
  toHistorySearchParams,
} from './history-params';

describe('history search in the URL', () => {
  it('reads every parameter and writes them back unchanged', () => {
    const query =
      'userId=7&userNickname=%EB%B8%94%EB%A3%A8&keyword=wave&typeFilter=REJECTED&page=2&size=20';
    const search = parseHistorySearch(new URLSearchParams(query));
    expect(search).toEqual({
      userId: 7,
      userNickname: '블루',
      keyword: 'wave',
      page: 2,
      size: 20,
      typeFilter: 'REJECTED',
    });
    expect(toHistorySearchParams(search).toString()).toBe(query);
  });

  it('falls back to the defaults for broken values and leaves defaults out of the URL', () => {
    const search = parseHistorySearch(
      new URLSearchParams('userId=-3&page=x&size=15&typeFilter=NOPE&keyword=%20'),
    );
    expect(search).toEqual({
      userId: null,
      userNickname: null,
      keyword: null,
      page: 0,
      size: 10,
      typeFilter: null,
    });
    expect(toHistorySearchParams(search).toString()).toBe('');
    expect(historySearchPath({ userId: 3, userNickname: '봄' })).toBe(
      '/admin/history?userId=3&userNickname=%EB%B4%84',
    );
  });
});

describe('interpretSearchText', () => {
  it('treats a positive safe integer as a user id and anything else as a keyword', () => {
    expect(interpretSearchText(' 42 ')).toEqual({ userId: 42, keyword: null });
    expect(interpretSearchText('0')).toEqual({ userId: null, keyword: '0' });
    expect(interpretSearchText('-5')).toEqual({ userId: null, keyword: '-5' });
    expect(interpretSearchText('9007199254740993')).toEqual({
      userId: null,
      keyword: '9007199254740993',
    });
    expect(interpretSearchText('1.5')).toEqual({ userId: null, keyword: '1.5' });
    expect(interpretSearchText('fan01')).toEqual({ userId: null, keyword: 'fan01' });
    expect(interpretSearchText('   ')).toEqual({ userId: null, keyword: null });
  });
});

describe('pageOfEntries', () => {
  const entries = Array.from({ length: 12 }, (_, index) =>
    makeHistoryEntry({ id: index + 1, type: index % 3 === 0 ? 'APPROVED' : 'REQUEST' }),
  );

  it('pages one user’s entries on the client', () => {
    const page = pageOfEntries(entries, { page: 1, size: 5, typeFilter: null });
    expect(page.content.map((e) => e.id)).toEqual([6, 7, 8, 9, 10]);
    expect(page).toMatchObject({ number: 1, totalElements: 12, totalPages: 3, first: false });
  });

  it('filters by type before paging and keeps the page in range', () => {
    const page = pageOfEntries(entries, { page: 9, size: 5, typeFilter: 'APPROVED' });
    expect(page.content.map((e) => e.id)).toEqual([1, 4, 7, 10]);
    expect(page).toMatchObject({ number: 0, totalElements: 4, totalPages: 1, last: true });
  });
});
