import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@/test/server';
import { users } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { ConcertAlertButton } from './concert-alert-button';
import { NotificationBell } from './notification-bell';

const noop = () => undefined;

describe('ConcertAlertButton', () => {
  it('toggles 예매 알림 받기 on a scheduled concert through the API', async () => {
    const calls: string[] = [];
    let on = false;
    const answer = () =>
      HttpResponse.json({
        success: true,
        message: on ? '예매 시작 5분 전에 알려드릴게요.' : '예매 알림을 해제했습니다.',
        data: { bookingOpen: on, seatsReleased: false },
      });
    server.use(
      http.put('/api/notifications/concert-alerts/7/booking-open', () => {
        calls.push('PUT');
        on = true;
        return answer();
      }),
      http.delete('/api/notifications/concert-alerts/7/booking-open', () => {
        calls.push('DELETE');
        on = false;
        return answer();
      }),
    );
    renderWithProviders(
      <ConcertAlertButton
        concertId={7}
        status="SCHEDULED"
        isAuthenticated
        onLoginRequired={noop}
      />,
      { session: users.user },
    );
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: /예매 알림 받기/ });
    await waitFor(() => expect(button).toBeEnabled());
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await user.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'));
    await user.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'false'));
    expect(calls).toEqual(['PUT', 'DELETE']);
  });

  it('offers 취소표 알림 on a sold-out concert, asks visitors to log in, nothing on sale', async () => {
    const soldOut = renderWithProviders(
      <ConcertAlertButton concertId={7} status="SOLD_OUT" isAuthenticated onLoginRequired={noop} />,
      { session: users.user },
    );
    expect(screen.getByRole('button', { name: /취소표 알림 받기/ })).toBeInTheDocument();
    soldOut.unmount();
    let loginAsked = 0;
    const visitor = renderWithProviders(
      <ConcertAlertButton
        concertId={7}
        status="SCHEDULED"
        isAuthenticated={false}
        onLoginRequired={() => (loginAsked += 1)}
      />,
      { session: null },
    );
    await userEvent.setup().click(screen.getByRole('button', { name: '예매 알림 받기' }));
    expect(loginAsked).toBe(1);
    visitor.unmount();
    renderWithProviders(
      <ConcertAlertButton concertId={7} status="ON_SALE" isAuthenticated onLoginRequired={noop} />,
      { session: users.user },
    );
    expect(screen.queryByRole('button', { name: /알림 받기/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /알림 받기/ })).toBeNull();
  });
});

describe('NotificationBell', () => {
  it('shows the unread count, lists notifications on open and marks one read when followed', async () => {
    const read: unknown[] = [];
    let unread = 1;
    server.use(
      http.get('/api/notifications/inbox/unread-count', () =>
        HttpResponse.json({ success: true, data: { unreadCount: unread } }),
      ),
      http.get('/api/notifications/inbox', () =>
        HttpResponse.json({
          success: true,
          data: {
            unreadCount: unread,
            items: [
              {
                id: 41,
                kind: 'BOOKING_OPENS_SOON',
                title: '예매 시작 5분 전입니다!',
                body: '봄 콘서트 예매가 곧 시작됩니다.',
                url: '/concerts/7',
                read: unread === 0,
                createdAt: '2026-11-24T12:00:00.000Z',
              },
            ],
          },
        }),
      ),
      http.post('/api/notifications/inbox/read', async ({ request }) => {
        read.push(await request.json());
        unread = 0;
        return HttpResponse.json({ success: true, message: '알림을 읽음으로 표시했습니다.' });
      }),
    );
    renderWithProviders(<NotificationBell />, { session: users.user });
    const user = userEvent.setup();
    const bell = await screen.findByRole('button', { name: /^알림, 읽지 않은 알림\s*1\s*개$/ });
    await user.click(bell);
    const link = await screen.findByRole('link', { name: /예매 시작 5분 전입니다!/ });
    expect(link).toHaveAttribute('href', '/concerts/7');
    await user.click(link);
    await waitFor(() => expect(read).toEqual([{ ids: [41] }]));
    expect(await screen.findByRole('button', { name: '알림' })).toBeInTheDocument();
  });
});
