import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeConcertDetail, users } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';

describe('focus after a navigation', () => {
  it('lands on the heading of the page a visitor returns to after logging in', async () => {
    const user = userEvent.setup();
    server.use(
      http.get('/api/concerts/7', () =>
        HttpResponse.json({
          success: true,
          data: makeConcertDetail({ concertId: 7, title: '노을 밴드 전국투어', status: 'ON_SALE' }),
        }),
      ),
      http.post('/api/auth/login', () => HttpResponse.json({ success: true })),
      http.get('/api/auth/me', () => HttpResponse.json(users.user)),
    );
    const { router } = renderApp('/concerts/7', { session: null });
    await user.click(await screen.findByRole('button', { name: '예매하기' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));

    await user.type(await screen.findByLabelText('아이디'), 'buyer');
    await user.type(screen.getByLabelText('비밀번호'), 'buyer1234!');
    await user.click(screen.getByRole('button', { name: '로그인' }));
    const heading = await screen.findByRole('heading', { level: 1, name: '노을 밴드 전국투어' });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('names the payment result page for screen readers and starts there', async () => {
    server.use(
      http.get('/api/mypage/bookingDetail/:bookingNumber', () =>
        HttpResponse.json(
          { success: false, status: 404, code: 'B001', message: '없음' },
          { status: 404 },
        ),
      ),
    );
    renderApp('/payment/result/fail?code=REJECT_CARD_COMPANY&message=%EA%B1%B0%EC%A0%88');
    const region = await screen.findByRole('region', { name: '결제에 실패했습니다' });
    const heading = screen.getByRole('heading', { level: 1, name: '결제에 실패했습니다' });
    expect(region).toContainElement(heading);
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('shows no focus box on the heading after a click, and keeps it after a key press', async () => {
    const user = userEvent.setup();
    server.use(
      http.get('/api/concerts/7', () =>
        HttpResponse.json({
          success: true,
          data: makeConcertDetail({ concertId: 7, title: '노을 밴드 전국투어', status: 'ON_SALE' }),
        }),
      ),
    );
    const clicked = renderApp('/concerts/7', { session: null });
    await user.click(await screen.findByRole('link', { name: '모든 콘서트' }));
    const listHeading = await screen.findByRole('heading', { level: 1, name: '모든 콘서트' });
    await waitFor(() => expect(listHeading).toHaveFocus());
    expect(listHeading).toHaveAttribute('data-quiet-focus');
    clicked.unmount();

    renderApp('/concerts/7', { session: null });
    (await screen.findByRole('link', { name: '모든 콘서트' })).focus();
    await user.keyboard('{Enter}');
    const keyedHeading = await screen.findByRole('heading', { level: 1, name: '모든 콘서트' });
    await waitFor(() => expect(keyedHeading).toHaveFocus());
    expect(keyedHeading).not.toHaveAttribute('data-quiet-focus');
  });
});
