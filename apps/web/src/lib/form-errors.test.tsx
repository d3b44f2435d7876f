import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from './api-client';
import { applyServerFieldErrors, serverFieldErrors, useFocusFirstInvalid } from './form-errors';

const duplicate = new ApiError({
  status: 409,
  code: 'A008',
  message: '이미 사용 중인 아이디입니다.',
  fieldErrors: [
    { field: 'username', message: '이미 사용 중인 아이디입니다.' },
    { field: 'profileImage', message: '지원하지 않는 파일 형식입니다.' },
    { field: 'username', message: '두 번째 메시지' },
  ],
});

describe('serverFieldErrors', () => {
  it('maps errors[] by field, the first message of each, and nothing for other errors', () => {
    expect(serverFieldErrors(duplicate)).toEqual({
      username: '이미 사용 중인 아이디입니다.',
      profileImage: '지원하지 않는 파일 형식입니다.',
    });
    expect(serverFieldErrors(new Error('x'))).toEqual({});
  });
});

function SignUp({ error }: { error: unknown }) {
  const { register, setError, formState } = useForm({
    defaultValues: { email: '', username: '' },
  });
  const { containerRef, focusFirstInvalid } = useFocusFirstInvalid();
  return (
    <form ref={containerRef}>
      <TextField label="이메일" error={formState.errors.email?.message} {...register('email')} />
      <TextField
        label="아이디"
        error={formState.errors.username?.message}
        {...register('username')}
      />
      <button
        type="button"
        onClick={() => {
          const rest = applyServerFieldErrors(error, setError, ['email', 'username']);
          expect(rest).toEqual({ profileImage: '지원하지 않는 파일 형식입니다.' });
          focusFirstInvalid();
        }}
      >
        가입
      </button>
    </form>
  );
}

describe('applyServerFieldErrors + useFocusFirstInvalid', () => {
  it('shows the error under its field, linked and invalid, and focuses it', async () => {
    const user = userEvent.setup();
    render(<SignUp error={duplicate} />);
    await user.click(screen.getByRole('button', { name: '가입' }));
    const username = screen.getByRole('textbox', { name: '아이디' });
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(username).toHaveAccessibleDescription('이미 사용 중인 아이디입니다.');
    expect(username).toHaveFocus();
    expect(screen.getByRole('textbox', { name: '이메일' })).not.toHaveAttribute('aria-invalid');
  });
});
