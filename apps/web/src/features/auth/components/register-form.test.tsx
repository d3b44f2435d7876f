import { accountEmailMessages, accountMessages } from '@curtaincall/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { toastStore } from '@/components/ui/toast-store';
import { renderWithProviders } from '@/test/render';
import { server } from '@/test/server';
import { RegisterForm, socialSignupNotice } from './register-form';

function renderRegisterForm({ isSocialSignup = false } = {}) {
  const onRegistered = vi.fn();
  const view = renderWithProviders(
    <RegisterForm isSocialSignup={isSocialSignup} onRegistered={onRegistered} />,
  );
  return { ...view, onRegistered, user: userEvent.setup({ applyAccept: false }) };
}

const field = (label: string) => screen.getByLabelText(label);
const submit = (user: UserEvent) => user.click(screen.getByRole('button', { name: '회원가입' }));

/** The message shown under a field, found through its aria-describedby. */
function messageOf(label: string): string | null {
  const ids = field(label).getAttribute('aria-describedby')?.split(' ') ?? [];
  const texts = ids.map((id) => document.getElementById(id)?.textContent ?? '');
  return (
    texts.find((text) => text !== '' && !text.includes('영문 소문자, 숫자, 특수문자를 각각')) ??
    null
  );
}

async function fillValidForm(user: UserEvent) {
  await user.type(field('이메일'), 'fan@example.com');
  await user.type(field('아이디'), 'fan2025');
  await user.type(field('비밀번호'), 'concert12!');
  await user.type(field('비밀번호 확인'), 'concert12!');
  await user.type(field('이름'), '홍길동');
  await user.type(field('닉네임'), '콘서트러버');
  await user.type(field('전화번호'), '01012345678');
  await user.type(field('주소'), '서울특별시 송파구 올림픽로 424');
  await user.click(screen.getByLabelText(/이용약관과 개인정보처리방침에 동의합니다/));
}

describe('RegisterForm validation', () => {
  it('shows each field message and toasts the invalid-form notice on an empty submit', async () => {
    const { user, onRegistered } = renderRegisterForm();
    await submit(user);

    await waitFor(() => expect(messageOf('이메일')).toBe('이메일은 필수입니다.'));
    expect(messageOf('아이디')).toBe('아이디는 필수입니다.');
    expect(messageOf('비밀번호')).toBe('비밀번호는 필수입니다.');
    expect(messageOf('비밀번호 확인')).toBe('비밀번호 확인은 필수입니다.');
    expect(messageOf('이름')).toBe('이름은 필수입니다.');
    expect(messageOf('닉네임')).toBe('닉네임은 필수입니다.');
    expect(messageOf('전화번호')).toBe('전화번호는 필수입니다.');
    expect(messageOf('주소')).toBe('주소는 필수입니다.');
    expect(screen.getByText(accountMessages.agreement)).toBeInTheDocument();
    expect(field('이메일')).toHaveAttribute('aria-invalid', 'true');

    expect(toastStore.getSnapshot()).toMatchObject([
      { type: 'error', message: '입력 정보를 다시 확인해주세요.' },
    ]);
    expect(onRegistered).not.toHaveBeenCalled();
  });

  it('explains format problems in Korean', async () => {
    const { user } = renderRegisterForm();
    await user.type(field('이메일'), 'not-an-email');
    await user.type(field('아이디'), 'AB');
    await user.type(field('비밀번호'), 'short');
    await user.type(field('비밀번호 확인'), 'different');
    await user.type(field('닉네임'), '닉 네임!');
    await user.type(field('전화번호'), '0201234');
    await submit(user);

    await waitFor(() => expect(messageOf('이메일')).toBe('올바른 이메일 형식이 아닙니다.'));
    expect(messageOf('아이디')).toBe(accountMessages.username);
    expect(messageOf('비밀번호')).toBe(accountMessages.password);
    expect(messageOf('비밀번호 확인')).toBe('비밀번호가 일치하지 않습니다.');
    expect(messageOf('닉네임')).toBe(accountMessages.nickname);
    expect(messageOf('전화번호')).toBe(accountMessages.phone);
  });

  it('formats the phone number with hyphens as it is typed, up to 11 digits', async () => {
    const { user } = renderRegisterForm();
    const phone = field('전화번호');
    await user.type(phone, '010');
    expect(phone).toHaveValue('010');
    await user.type(phone, '1');
    expect(phone).toHaveValue('010-1');
    await user.type(phone, '234567');
    expect(phone).toHaveValue('010-123-4567');
    await user.type(phone, '8');
    expect(phone).toHaveValue('010-1234-5678');
    await user.type(phone, '99');
    expect(phone).toHaveValue('010-1234-5678');
    await user.clear(phone);
    await user.type(phone, '0111234abc567');
    expect(phone).toHaveValue('011-123-4567');
  });

  it('rejects an oversized or unsupported profile image', async () => {
    const { user } = renderRegisterForm();
    const input = screen.getByLabelText('프로필 이미지');
    expect(screen.getByText('JPG, PNG, WEBP · 최대 10MB')).toBeInTheDocument();

    await user.upload(input, new File(['gif'], 'a.gif', { type: 'image/gif' }));
    expect(screen.getByText(accountMessages.imageType)).toBeInTheDocument();

    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await user.upload(input, big);
    expect(screen.getByText(accountMessages.imageTooLarge)).toBeInTheDocument();

    await user.upload(input, new File(['png'], 'ok.png', { type: 'image/png' }));
    expect(screen.queryByText(accountMessages.imageTooLarge)).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: '프로필 이미지 미리보기' })).toBeInTheDocument();
  });
});

describe('RegisterForm submission', () => {
  it('sends the multipart form, toasts the server message and moves on', async () => {
    let sent: FormData | null = null;
    server.use(
      http.post('/api/auth/register', async ({ request }) => {
        sent = await request.formData();
        return HttpResponse.json(
          { success: true, message: '회원가입이 완료되었습니다.' },
          { status: 201 },
        );
      }),
    );
    const { user, onRegistered } = renderRegisterForm();
    await fillValidForm(user);
    await user.upload(
      screen.getByLabelText('프로필 이미지'),
      new File(['img'], 'me.webp', { type: 'image/webp' }),
    );
    await submit(user);

    await waitFor(() => expect(onRegistered).toHaveBeenCalled());
    expect(toastStore.getSnapshot()).toMatchObject([
      { type: 'success', message: '회원가입이 완료되었습니다.' },
      // Issue 22: the verification mail the server sends after a sign-up with a password.
      { type: 'info', message: accountEmailMessages.verificationSent },
    ]);
    const form = sent as FormData | null;
    expect(form?.get('email')).toBe('fan@example.com');
    expect(form?.get('phone')).toBe('010-1234-5678');
    expect(form?.get('isSocialUser')).toBe('false');
    expect(form?.get('confirmPassword')).toBe('concert12!');
    expect(form?.has('agreement')).toBe(false);
    // A file part (jsdom's File loses its name and bytes on the way through Node's FormData).
    const image = form?.get('profileImage');
    expect(typeof image).toBe('object');
    expect(image).toMatchObject({ type: 'image/webp' });
  });

  it('toasts a 409 message and puts server field errors under their fields', async () => {
    server.use(
      http.post('/api/auth/register', () =>
        HttpResponse.json(
          {
            success: false,
            status: 409,
            code: 'A008',
            message: '이미 사용 중인 아이디입니다.',
            errors: [{ field: 'username', message: '이미 사용 중인 아이디입니다.' }],
          },
          { status: 409 },
        ),
      ),
    );
    const { user, onRegistered } = renderRegisterForm();
    await fillValidForm(user);
    await submit(user);

    await waitFor(() => expect(messageOf('아이디')).toBe('이미 사용 중인 아이디입니다.'));
    // The field is marked, described by its message and takes the focus.
    const username = screen.getByLabelText('아이디');
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(username).toHaveAccessibleDescription('이미 사용 중인 아이디입니다.');
    await waitFor(() => expect(username).toHaveFocus());
    expect(toastStore.getSnapshot()).toMatchObject([
      { type: 'error', message: '이미 사용 중인 아이디입니다.' },
    ]);
    expect(onRegistered).not.toHaveBeenCalled();
  });
});

describe('RegisterForm social sign-up completion', () => {
  it('pre-fills e-mail and name, hides the passwords and sends isSocialUser=true', async () => {
    let sent: FormData | null = null;
    server.use(
      http.get('/api/auth/register/social', () =>
        HttpResponse.json({ success: true, data: { email: 'social@example.com', name: '김소셜' } }),
      ),
      http.post('/api/auth/register', async ({ request }) => {
        sent = await request.formData();
        return HttpResponse.json(
          { success: true, message: '회원가입이 완료되었습니다.' },
          { status: 201 },
        );
      }),
    );
    const { user, onRegistered } = renderRegisterForm({ isSocialSignup: true });

    expect(screen.getByRole('status')).toHaveTextContent(socialSignupNotice);
    expect(
      within(screen.getByRole('status')).getByText('소셜 로그인 회원가입 필요'),
    ).toBeInTheDocument();
    await waitFor(() => expect(field('이메일')).toHaveValue('social@example.com'));
    expect(field('이름')).toHaveValue('김소셜');
    expect(field('이메일')).toHaveAttribute('readonly');
    expect(field('이름')).toHaveAttribute('readonly');
    expect(screen.queryByLabelText('비밀번호')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('비밀번호 확인')).not.toBeInTheDocument();

    await user.type(field('아이디'), 'social01');
    await user.type(field('닉네임'), '소셜유저');
    await user.type(field('전화번호'), '01098765432');
    await user.type(field('주소'), '부산광역시 해운대구');
    await user.click(screen.getByLabelText(/이용약관과 개인정보처리방침에 동의합니다/));
    await user.click(screen.getByRole('button', { name: '가입 완료하기' }));

    await waitFor(() => expect(onRegistered).toHaveBeenCalled());
    const form = sent as FormData | null;
    expect(form?.get('isSocialUser')).toBe('true');
    expect(form?.get('password')).toBe('');
    expect(form?.get('email')).toBe('social@example.com');
  });

  it('toasts the server message when the social data cannot be loaded', async () => {
    server.use(
      http.get('/api/auth/register/social', () =>
        HttpResponse.json(
          {
            success: false,
            status: 401,
            code: 'A006',
            message: '세션이 만료되었거나 정보가 없습니다.',
          },
          { status: 401 },
        ),
      ),
    );
    renderRegisterForm({ isSocialSignup: true });
    await waitFor(() =>
      expect(toastStore.getSnapshot()).toMatchObject([
        { type: 'error', message: '세션이 만료되었거나 정보가 없습니다.' },
      ]),
    );
    expect(field('이메일')).not.toHaveAttribute('readonly');
  });
});
