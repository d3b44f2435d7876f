import { paymentMethodMessages, type RefundAccount } from '@curtaincall/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { toastStore } from '@/components/ui/toast-store';
import { users } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { server } from '@/test/server';
import { RefundAccountCard } from './refund-account-card';

const path = '/api/users/me/refund-account';

const shinhan: RefundAccount = {
  bankCode: '88',
  bankName: '신한은행',
  maskedNumber: '********6789',
  maskedHolder: '홍*동',
  updatedAt: '2030-09-20T10:00:00',
};
const kakao: RefundAccount = {
  bankCode: '90',
  bankName: '카카오뱅크',
  maskedNumber: '*********4321',
  maskedHolder: '김*',
  updatedAt: '2030-09-21T09:30:00',
};

/** A server holding one account (or none): GET reads it, PUT replaces it, DELETE forgets it. */
function serveAccount(initial: RefundAccount | null, next: RefundAccount = kakao) {
  const state = { account: initial, puts: [] as unknown[], deletes: 0 };
  server.use(
    http.get(path, () => HttpResponse.json({ success: true, data: state.account })),
    http.put(path, async ({ request }) => {
      state.puts.push(await request.json());
      state.account = next;
      return HttpResponse.json({
        success: true,
        message: paymentMethodMessages.refundAccountSaved,
        data: next,
      });
    }),
    http.delete(path, () => {
      state.deletes += 1;
      state.account = null;
      return HttpResponse.json({
        success: true,
        message: paymentMethodMessages.refundAccountDeleted,
      });
    }),
  );
  return state;
}

const card = () => screen.getByRole('region', { name: '환불 계좌' });
const toasts = () => toastStore.getSnapshot().map(({ type, message }) => ({ type, message }));

describe('RefundAccountCard (my page)', () => {
  it('shows the registered account only masked, with 변경 and 삭제', async () => {
    serveAccount(shinhan);
    renderWithProviders(<RefundAccountCard />, { session: users.user });

    const summary = await within(card()).findByTestId('refund-account-summary');
    expect(within(summary).getByText('신한은행')).toBeVisible();
    expect(within(summary).getByText('********6789')).toBeVisible();
    expect(within(summary).getByText('홍*동')).toBeVisible();
    expect(summary).toHaveTextContent('2030.09.20');
    expect(within(card()).getByRole('button', { name: '환불 계좌 변경' })).toBeEnabled();
    expect(within(card()).getByRole('button', { name: '환불 계좌 삭제' })).toBeEnabled();
    // Nothing to fill in while an account stands.
    expect(within(card()).queryByLabelText('계좌번호')).toBeNull();
  });

  it('changes the account: the bank preselected, the number never filled back in', async () => {
    const state = serveAccount(shinhan);
    const user = userEvent.setup();
    renderWithProviders(<RefundAccountCard />, { session: users.user });

    await user.click(await screen.findByRole('button', { name: '환불 계좌 변경' }));
    expect(screen.getByLabelText('은행')).toHaveValue('88');
    expect(screen.getByLabelText('계좌번호')).toHaveValue('');
    expect(screen.getByLabelText('예금주')).toHaveValue('');

    // 취소 goes back to the account as it was.
    await user.click(screen.getByRole('button', { name: '취소' }));
    expect(within(card()).getByText('********6789')).toBeVisible();

    await user.click(screen.getByRole('button', { name: '환불 계좌 변경' }));
    await user.selectOptions(screen.getByLabelText('은행'), '카카오뱅크');
    await user.type(screen.getByLabelText('계좌번호'), '3333-01-2344321');
    await user.type(screen.getByLabelText('예금주'), '김철');
    await user.click(screen.getByRole('button', { name: '저장' }));

    expect(await within(card()).findByText('*********4321')).toBeVisible();
    expect(within(card()).getByText('카카오뱅크')).toBeVisible();
    expect(within(card()).queryByLabelText('계좌번호')).toBeNull();
    expect(state.puts).toEqual([{ bank: '90', accountNumber: '3333012344321', holder: '김철' }]);
    expect(toasts()).toContainEqual({
      type: 'success',
      message: paymentMethodMessages.refundAccountSaved,
    });
  });

  it('deletes after asking, and then offers to register one', async () => {
    const state = serveAccount(shinhan);
    const user = userEvent.setup();
    renderWithProviders(<RefundAccountCard />, { session: users.user });

    await user.click(await screen.findByRole('button', { name: '환불 계좌 삭제' }));
    const dialog = await screen.findByRole('dialog', { name: '환불 계좌를 삭제할까요?' });
    await user.click(within(dialog).getByRole('button', { name: '돌아가기' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(state.deletes).toBe(0);

    await user.click(screen.getByRole('button', { name: '환불 계좌 삭제' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: '삭제' }),
    );
    expect(await within(card()).findByText('등록된 환불 계좌가 없습니다.')).toBeVisible();
    expect(state.deletes).toBe(1);
    expect(within(card()).queryByText('********6789')).toBeNull();
    expect(toasts()).toContainEqual({
      type: 'success',
      message: paymentMethodMessages.refundAccountDeleted,
    });
    expect(within(card()).getByRole('button', { name: '환불 계좌 등록' })).toBeEnabled();
  });

  it('registers a first account from the empty card', async () => {
    const state = serveAccount(null, shinhan);
    const user = userEvent.setup();
    renderWithProviders(<RefundAccountCard />, { session: users.user });

    await user.click(await screen.findByRole('button', { name: '환불 계좌 등록' }));
    expect(screen.getByLabelText('은행')).toHaveValue('');
    await user.selectOptions(screen.getByLabelText('은행'), '신한은행');
    await user.type(screen.getByLabelText('계좌번호'), '110123456789');
    await user.type(screen.getByLabelText('예금주'), '홍길동');
    await user.click(screen.getByRole('button', { name: '저장' }));

    expect(await within(card()).findByText('********6789')).toBeVisible();
    expect(state.puts).toEqual([{ bank: '88', accountNumber: '110123456789', holder: '홍길동' }]);
  });
});
