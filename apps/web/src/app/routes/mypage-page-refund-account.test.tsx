import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { serveMypage } from '@/features/mypage/test/mypage-fixtures';
import { users } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { server } from '@/test/server';
import { MypagePage } from './mypage-page';

describe('/mypage/profile 환불 계좌 (issue 28)', () => {
  it('shows the registered refund account, masked, in 내 정보', async () => {
    serveMypage();
    server.use(
      http.get('/api/users/me/refund-account', () =>
        HttpResponse.json({
          success: true,
          data: {
            bankCode: '04',
            bankName: 'KB국민은행',
            maskedNumber: '**********1234',
            maskedHolder: '홍*동',
            updatedAt: '2030-09-20T10:00:00',
          },
        }),
      ),
    );
    renderWithProviders(<MypagePage />, { session: users.user, route: '/mypage/profile' });

    const panel = await screen.findByRole('tabpanel', { name: '내 정보' });
    const card = await within(panel).findByRole('region', { name: '환불 계좌' });
    expect(await within(card).findByText('**********1234')).toBeVisible();
    expect(within(card).getByText('KB국민은행')).toBeVisible();
    expect(within(card).getByRole('button', { name: '환불 계좌 변경' })).toBeVisible();
    expect(within(card).getByRole('button', { name: '환불 계좌 삭제' })).toBeVisible();
  });
});
