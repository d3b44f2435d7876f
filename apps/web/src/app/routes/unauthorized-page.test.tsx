import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '@/features/auth/api/get-current-user';
import { users } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { UnauthorizedPage, unauthorizedMessages } from './unauthorized-page';

const shortcutTargets = () =>
  screen
    .getAllByRole('listitem')
    .map((item) => within(item).getByRole('link').getAttribute('href'));

describe('UnauthorizedPage', () => {
  it.each<[string, SessionUser | null, string, string[]]>([
    ['anonymous', null, unauthorizedMessages.anonymous, ['/', '/login', '/concerts']],
    ['user', users.user, unauthorizedMessages.user, ['/', '/concerts']],
    ['seller', users.seller, unauthorizedMessages.seller, ['/', '/seller', '/concerts']],
    ['admin', users.admin, unauthorizedMessages.admin, ['/', '/admin', '/concerts']],
  ])('tailors the message and shortcuts for %s viewers', (_name, session, message, shortcuts) => {
    renderWithProviders(<UnauthorizedPage />, { session });
    expect(screen.getByRole('heading', { name: '접근 권한이 없습니다' })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(shortcutTargets()).toEqual(shortcuts);
    expect(screen.getByText('1588-0000')).toBeInTheDocument();
  });

  it('gives each viewer a distinct message', () => {
    expect(new Set(Object.values(unauthorizedMessages)).size).toBe(4);
  });
});
