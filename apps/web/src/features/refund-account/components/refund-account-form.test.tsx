import { paymentMethodMessages, type RefundAccount } from '@curtaincall/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { toastStore } from '@/components/ui/toast-store';
import { users } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { server } from '@/test/server';
import { RefundAccountForm } from './refund-account-form';

const path = '/api/users/me/refund-account';

const saved: RefundAccount = {
  bankCode: '88',
  bankName: '신한은행',
  maskedNumber: '********6789',
  maskedHolder: '홍*동',
  updatedAt: '2030-09-20T10:00:00',
};

/** Records every PUT body and answers with `answer`. */
function servePut(
  answer: () => Response = () =>
    HttpResponse.json({
      success: true,
      message: paymentMethodMessages.refundAccountSaved,
      data: saved,
    }),
) {
  const bodies: unknown[] = [];
  server.use(
    http.put(path, async ({ request }) => {
      bodies.push(await request.json());
      return answer();
    }),
  );
  return bodies;
}

/** The error message tied to a field through aria-describedby (hints left out). */
function errorOf(label: string): string | null {
  const element = screen.getByLabelText(label);
  const ids = element.getAttribute('aria-describedby')?.split(' ') ?? [];
  const texts = ids
    .map((id) => document.getElementById(id))
    .filter((node) => node?.classList.contains('text-rose-300'))
    .map((node) => node?.textContent ?? '');
  return texts[0] ?? null;
}

const toasts = () => toastStore.getSnapshot().map(({ type, message }) => ({ type, message }));

describe('RefundAccountForm', () => {
  it('says what is wrong beside each field in Korean and sends nothing', async () => {
    const bodies = servePut();
    const user = userEvent.setup();
    renderWithProviders(<RefundAccountForm />, { session: users.user });

    await user.click(screen.getByRole('button', { name: '저장' }));
    expect(errorOf('은행')).toBe('은행을 선택해주세요.');
    expect(errorOf('계좌번호')).toBe(paymentMethodMessages.refundAccountNumber);
    expect(errorOf('예금주')).toBe(paymentMethodMessages.refundAccountHolder);
    expect(screen.getByLabelText('은행')).toHaveAttribute('aria-invalid', 'true');
    // The first problem takes the focus, so it is read out.
    await waitFor(() => expect(screen.getByLabelText('은행')).toHaveFocus());

    // Too short a number is still refused; a corrected field loses its message at once.
    await user.selectOptions(screen.getByLabelText('은행'), '카카오뱅크');
    expect(errorOf('은행')).toBeNull();
    await user.type(screen.getByLabelText('계좌번호'), '12345');
    await user.type(screen.getByLabelText('예금주'), '   ');
    await user.click(screen.getByRole('button', { name: '저장' }));
    expect(errorOf('계좌번호')).toBe(paymentMethodMessages.refundAccountNumber);
    expect(errorOf('예금주')).toBe(paymentMethodMessages.refundAccountHolder);
    expect(bodies).toEqual([]);
  });

  it('sends the bank code, the digits without hyphens and the trimmed holder, then says so', async () => {
    const bodies = servePut();
    const onSaved = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<RefundAccountForm onSaved={onSaved} />, { session: users.user });

    expect(
      screen
        .getAllByRole('option')
        .slice(1)
        .map((option) => option.textContent),
    ).toContain('토스뱅크');
    await user.selectOptions(screen.getByLabelText('은행'), '신한은행');
    // Letters cannot be typed into the number.
    await user.type(screen.getByLabelText('계좌번호'), '110-123a-456789');
    expect(screen.getByLabelText('계좌번호')).toHaveValue('110-123-456789');
    await user.type(screen.getByLabelText('예금주'), ' 홍길동 ');
    await user.click(screen.getByRole('button', { name: '저장' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(bodies).toEqual([{ bank: '88', accountNumber: '110123456789', holder: '홍길동' }]);
    expect(toasts()).toContainEqual({
      type: 'success',
      message: paymentMethodMessages.refundAccountSaved,
    });
  });

  it("puts the server's field errors beside their fields and any other refusal above the button", async () => {
    let answer = () =>
      HttpResponse.json(
        {
          success: false,
          status: 400,
          code: 'C001',
          message: '입력값이 올바르지 않습니다.',
          errors: [
            { field: 'accountNumber', message: '이 은행의 계좌번호 형식이 아닙니다.' },
            { field: 'holder', message: '예금주를 확인해주세요.' },
          ],
        },
        { status: 400 },
      );
    const bodies = servePut(() => answer());
    const onSaved = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<RefundAccountForm onSaved={onSaved} />, { session: users.user });

    await user.selectOptions(screen.getByLabelText('은행'), 'KB국민은행');
    await user.type(screen.getByLabelText('계좌번호'), '1234567890');
    await user.type(screen.getByLabelText('예금주'), '김철수');
    await user.click(screen.getByRole('button', { name: '저장' }));

    await waitFor(() => expect(errorOf('계좌번호')).toBe('이 은행의 계좌번호 형식이 아닙니다.'));
    expect(errorOf('예금주')).toBe('예금주를 확인해주세요.');
    expect(errorOf('은행')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(bodies).toHaveLength(1);

    answer = () =>
      HttpResponse.json(
        { success: false, status: 500, message: '서버에 오류가 발생했습니다.' },
        { status: 500 },
      );
    await user.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('서버에 오류가 발생했습니다.');
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('shows the reason it is asked for above the fields', () => {
    renderWithProviders(
      <RefundAccountForm notice={paymentMethodMessages.refundAccountRequired} />,
      {
        session: users.user,
      },
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      paymentMethodMessages.refundAccountRequired,
    );
  });
});
