import { describe, expect, it } from 'vitest';
import { getPageAfterChange } from './list-page';
import { isOwnItem } from './ownership';

describe('getPageAfterChange (buyer-side.md §4 "Lists")', () => {
  it('goes back to page 0 after a create', () => {
    expect(getPageAfterChange('created', { page: 3, itemsOnPage: 10 })).toBe(0);
    expect(getPageAfterChange('created', { page: 0, itemsOnPage: 0 })).toBe(0);
  });

  it('stays on the page after an edit', () => {
    expect(getPageAfterChange('updated', { page: 2, itemsOnPage: 4 })).toBe(2);
  });

  it('goes back a page only when the last item of a page beyond the first is deleted', () => {
    expect(getPageAfterChange('deleted', { page: 2, itemsOnPage: 1 })).toBe(1);
    expect(getPageAfterChange('deleted', { page: 2, itemsOnPage: 2 })).toBe(2);
    expect(getPageAfterChange('deleted', { page: 0, itemsOnPage: 1 })).toBe(0);
  });
});

describe('isOwnItem', () => {
  const me = { userId: 7, nickname: '나' };
  it('matches the numeric author id strictly', () => {
    expect(isOwnItem(me, { userId: 7 })).toBe(true);
    expect(isOwnItem(me, { userId: 8 })).toBe(false);
    expect(isOwnItem(null, { userId: 7 })).toBe(false);
    // An id that arrived as text is not the same author.
    expect(isOwnItem(me, { userId: '7' as unknown as number })).toBe(false);
  });
});
