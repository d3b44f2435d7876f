import { describe, expect, it } from 'vitest';
import { getAccessRedirect, getViewer, type AccessRule, type Viewer } from './access';

describe('getViewer', () => {
  it('reads the role field', () => {
    expect(getViewer(null)).toBe('anonymous');
    expect(getViewer({ role: 'ROLE_USER' })).toBe('user');
    expect(getViewer({ role: 'ROLE_SELLER' })).toBe('seller');
    expect(getViewer({ role: 'ROLE_ADMIN' })).toBe('admin');
  });

  it('reads a roles list, admin winning over seller', () => {
    expect(getViewer({ roles: ['ROLE_USER', 'ROLE_SELLER'] })).toBe('seller');
    expect(getViewer({ roles: ['ROLE_SELLER', 'ROLE_ADMIN'] })).toBe('admin');
    expect(getViewer({ roles: [] })).toBe('user');
  });
});

describe('getAccessRedirect', () => {
  // The route table of seller-admin-side.md §2, as [rule, viewer, redirect or null].
  const table: [AccessRule, Viewer, string | null][] = [
    ['anonymous-only', 'anonymous', null],
    ['anonymous-only', 'user', '/'],
    ['anonymous-only', 'seller', '/'],
    ['anonymous-only', 'admin', '/'],
    ['signed-in', 'anonymous', '/login'],
    ['signed-in', 'user', null],
    ['signed-in', 'seller', null],
    ['signed-in', 'admin', null],
    ['seller-area', 'anonymous', '/unauthorized'],
    ['seller-area', 'user', null],
    ['seller-area', 'seller', null],
    ['seller-area', 'admin', '/unauthorized'],
    ['seller', 'anonymous', '/unauthorized'],
    ['seller', 'user', '/unauthorized'],
    ['seller', 'seller', null],
    ['seller', 'admin', '/unauthorized'],
    ['admin', 'anonymous', '/unauthorized'],
    ['admin', 'user', '/unauthorized'],
    ['admin', 'seller', '/unauthorized'],
    ['admin', 'admin', null],
  ];

  it.each(table)('%s route, %s viewer -> %s', (rule, viewer, redirect) => {
    expect(getAccessRedirect(rule, viewer)).toBe(redirect);
  });
});
