import { accountMessages } from '@curtaincall/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider, type InitialEntry } from 'react-router';
import { describe, expect, it } from 'vitest';
import { toastStore } from '@/components/ui/toast-store';
import { currentUserQueryKey } from '@/features/auth/api/get-current-user';
import {
  makeBookingSummary,
  makeProfile,
  serveMypage,
} from '@/features/mypage/test/mypage-fixtures';
import { users } from '@/test/fixtures';
import { createTestQueryClient } from '@/test/render';
import { server } from '@/test/server';
import { AppProviders } from '../providers';
import { MypagePage } from './mypage-page';

function renderMypage(entry: InitialEntry = '/mypage/profile') {
  const queryClient = createTestQueryClient();
  const router = createMemoryRouter(
    [
      { path: '/mypage/profile', element: <MypagePage /> },
      { path: '/bookingDetail/:bookingNumber', element: <p>예매 상세 화면</p> },
      { path: '/login', element: <p>로그인 화면</p> },
      { path: '/concerts', element: <p>콘서트 목록 화면</p> },
    ],
    { initialEntries: [entry] },
  );
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, queryClient, user: userEvent.setup({ applyAccept: false }) };
}

const tab = (name: string) => screen.getByRole('tab', { name });
const field = (label: string) => screen.getByLabelText(label);
const toasts = () => toastStore.getSnapshot().map(({ type, message }) => ({ type, message }));

/** The message shown under a field, found through its aria-describedby (hints left out). */
function messageOf(label: string): string | null {
  const element = field(label);
  const ids = element.getAttribute('aria-describedby')?.split(' ') ?? [];
  const texts = ids
    .map((id) => document.getElementById(id))
    .filter((node) => node?.classList.contains('text-rose-300'))
    .map((node) => node?.textContent ?? '');
  return texts[0] ?? null;
}

async function openEditMode(user: UserEvent) {
  await user.click(await screen.findByRole('button', { name: '정보 수정' }));
  return screen.findByRole('button', { name: '저장' });
}

describe('/mypage/profile tabs', () => {
  it('opens 내 정보 by default and shows the profile without loading bookings', async () => {
    const store = serveMypage({ profile: makeProfile({ nickname: '노을빛' }) });
    renderMypage();

    expect(screen.getByRole('heading', { level: 1, name: '마이페이지' })).toBeInTheDocument();
    const tablist = screen.getByRole('tablist');
    expect(
      within(tablist)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['내 정보', '비밀번호 변경', '예매 내역']);
    expect(tab('내 정보')).toHaveAttribute('aria-selected', 'true');
    expect(tab('예매 내역')).toHaveAttribute('aria-selected', 'false');

    const panel = screen.getByRole('tabpanel', { name: '내 정보' });
    expect(await within(panel).findByText('fan@example.com')).toBeInTheDocument();
    for (const text of ['fan01', '홍길동', '010-1234-5678', '서울특별시 송파구 올림픽로 424']) {
      expect(within(panel).getByText(text)).toBeInTheDocument();
    }
    expect(within(panel).getAllByText('노을빛').length).toBeGreaterThan(0);
    // No image: the nickname's initial stands in.
    expect(within(panel).getByRole('img', { name: '기본 프로필 이미지' })).toHaveTextContent('노');
    expect(store.bookingRequests).toEqual([]);
  });

  it('shows the profile image when the account has one', async () => {
    serveMypage({ profile: makeProfile({ profileImage: 'http://localhost/uploads/p.webp' }) });
    renderMypage();
    expect(await screen.findByRole('img', { name: '프로필 이미지' })).toHaveAttribute(
      'src',
      'http://localhost/uploads/p.webp',
    );
  });

  it('opens 예매 내역 from ?tab=bookings and loads the list with the profile id', async () => {
    const store = serveMypage({
      profile: makeProfile({ id: 42 }),
      bookings: [makeBookingSummary({ concertTitle: '가을 밤 콘서트' })],
    });
    renderMypage('/mypage/profile?tab=bookings');
    expect(tab('예매 내역')).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('link', { name: '가을 밤 콘서트' })).toBeInTheDocument();
    expect(store.bookingRequests).toEqual(['42']);
  });

  it('opens 예매 내역 when the booking detail page navigates with state { tab: "bookings" }', async () => {
    serveMypage({ bookings: [makeBookingSummary({ concertTitle: '겨울 공연' })] });
    renderMypage({ pathname: '/mypage/profile', state: { tab: 'bookings' } });
    expect(tab('예매 내역')).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('link', { name: '겨울 공연' })).toBeInTheDocument();
  });

  it('ignores an unknown ?tab= value', async () => {
    serveMypage();
    renderMypage('/mypage/profile?tab=settings');
    expect(tab('내 정보')).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('fan@example.com')).toBeInTheDocument();
  });

  it('rewrites ?tab= in place when switching tabs, and drops it for 내 정보', async () => {
    serveMypage();
    const { router, user } = renderMypage();
    await screen.findByText('fan@example.com');

    await user.click(tab('비밀번호 변경'));
    expect(tab('비밀번호 변경')).toHaveAttribute('aria-selected', 'true');
    expect(router.state.location.search).toBe('?tab=password');
    expect(router.state.historyAction).toBe('REPLACE');

    await user.click(tab('예매 내역'));
    expect(router.state.location.search).toBe('?tab=bookings');

    await user.click(tab('내 정보'));
    expect(router.state.location.search).toBe('');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByRole('tabpanel', { name: '내 정보' })).toBeVisible();
  });

  it('lets the arrow keys, Home and End move between tabs', async () => {
    serveMypage();
    const { user } = renderMypage();
    await screen.findByText('fan@example.com');
    expect(tab('내 정보')).toHaveAttribute('tabindex', '0');
    expect(tab('비밀번호 변경')).toHaveAttribute('tabindex', '-1');

    tab('내 정보').focus();
    await user.keyboard('{ArrowRight}');
    expect(tab('비밀번호 변경')).toHaveFocus();
    expect(tab('비밀번호 변경')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(tab('예매 내역')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(tab('내 정보')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(tab('예매 내역')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Home}');
    expect(tab('내 정보')).toHaveAttribute('aria-selected', 'true');
  });

  it('loads the bookings only the first time their tab opens', async () => {
    const store = serveMypage({ bookings: [makeBookingSummary({ concertTitle: '봄 콘서트' })] });
    const { user } = renderMypage();
    await screen.findByText('fan@example.com');
    await user.click(tab('비밀번호 변경'));
    expect(store.bookingRequests).toHaveLength(0);

    await user.click(tab('예매 내역'));
    expect(await screen.findByRole('link', { name: '봄 콘서트' })).toBeInTheDocument();
    expect(store.bookingRequests).toEqual(['7']);

    await user.click(tab('내 정보'));
    await user.click(tab('예매 내역'));
    await user.click(tab('비밀번호 변경'));
    await user.click(tab('예매 내역'));
    expect(screen.getByRole('link', { name: '봄 콘서트' })).toBeVisible();
    expect(store.bookingRequests).toHaveLength(1);
    expect(store.profileRequests).toBe(1);
  });

  it('shows a retry when the profile cannot be loaded', async () => {
    let fail = true;
    server.use(
      http.get('/api/mypage/profile', () =>
        fail
          ? HttpResponse.json(
              { success: false, status: 500, code: 'C003', message: '서버에 오류가 발생했습니다.' },
              { status: 500 },
            )
          : HttpResponse.json({ success: true, data: makeProfile() }),
      ),
    );
    const { user } = renderMypage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('회원 정보를 불러오지 못했습니다.');
    expect(alert).toHaveTextContent('서버에 오류가 발생했습니다.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByText('fan@example.com')).toBeInTheDocument();
  });
});

describe('내 정보 edit mode', () => {
  it('keeps e-mail and username read-only and fills the editable fields', async () => {
    serveMypage();
    const { user } = renderMypage();
    await openEditMode(user);

    expect(field('이메일')).toHaveAttribute('readonly');
    expect(field('이메일')).toHaveValue('fan@example.com');
    expect(field('아이디')).toHaveAttribute('readonly');
    expect(field('아이디')).toHaveValue('fan01');
    await user.type(field('아이디'), 'zzz');
    expect(field('아이디')).toHaveValue('fan01');

    expect(field('이름')).toHaveValue('홍길동');
    expect(field('닉네임')).toHaveValue('콘서트러버');
    expect(field('전화번호')).toHaveValue('010-1234-5678');
    expect(field('주소')).toHaveValue('서울특별시 송파구 올림픽로 424');
    for (const label of ['이름', '닉네임', '전화번호', '주소']) {
      expect(field(label)).not.toHaveAttribute('readonly');
    }
  });

  it('saves the changed fields as multipart without a file, toasts and shows the new data', async () => {
    const store = serveMypage();
    const { user, queryClient } = renderMypage();
    queryClient.setQueryData(currentUserQueryKey, users.user);
    await openEditMode(user);

    await user.clear(field('닉네임'));
    await user.type(field('닉네임'), '새닉네임');
    await user.clear(field('전화번호'));
    await user.type(field('전화번호'), '01198765432');
    expect(field('전화번호')).toHaveValue('011-9876-5432');
    await user.click(screen.getByRole('button', { name: '저장' }));

    expect(await screen.findByRole('button', { name: '정보 수정' })).toBeInTheDocument();
    const panel = screen.getByRole('tabpanel', { name: '내 정보' });
    expect(within(panel).getAllByText('새닉네임').length).toBeGreaterThan(0);
    expect(within(panel).getByText('011-9876-5432')).toBeInTheDocument();
    expect(toasts()).toContainEqual({ type: 'success', message: '회원 정보가 수정되었습니다.' });

    expect(store.profileUpdates).toHaveLength(1);
    const form = store.profileUpdates[0];
    expect(form?.get('name')).toBe('홍길동');
    expect(form?.get('nickname')).toBe('새닉네임');
    expect(form?.get('phone')).toBe('011-9876-5432');
    expect(form?.get('address')).toBe('서울특별시 송파구 올림픽로 424');
    expect(form?.has('profileImage')).toBe(false);
    expect(form?.has('email')).toBe(false);
    expect(form?.has('username')).toBe(false);
    // The session, whose nickname signs reviews, is due to be asked for again.
    expect(queryClient.getQueryState(currentUserQueryKey)?.isInvalidated).toBe(true);
  });

  it('discards every change on 취소 without calling the server', async () => {
    const store = serveMypage();
    const { user } = renderMypage();
    await openEditMode(user);
    await user.clear(field('이름'));
    await user.type(field('이름'), '바뀐이름');
    await user.click(screen.getByRole('button', { name: '취소' }));

    expect(screen.getByRole('button', { name: '정보 수정' })).toBeInTheDocument();
    expect(screen.getByText('홍길동')).toBeInTheDocument();
    expect(screen.queryByText('바뀐이름')).not.toBeInTheDocument();

    await openEditMode(user);
    expect(field('이름')).toHaveValue('홍길동');
    expect(store.profileUpdates).toHaveLength(0);
  });

  it('leaves edit mode without a request when nothing changed', async () => {
    const store = serveMypage();
    const { user } = renderMypage();
    await openEditMode(user);
    await user.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByRole('button', { name: '정보 수정' })).toBeInTheDocument();
    expect(toasts()).toContainEqual({ type: 'info', message: '변경된 내용이 없습니다.' });
    expect(store.profileUpdates).toHaveLength(0);
  });

  it('shows the registration messages and does not save an invalid form', async () => {
    const store = serveMypage();
    const { user } = renderMypage();
    await openEditMode(user);

    await user.clear(field('이름'));
    await user.clear(field('주소'));
    await user.clear(field('닉네임'));
    await user.type(field('닉네임'), '닉 네임!');
    await user.clear(field('전화번호'));
    await user.type(field('전화번호'), '0201234');
    await user.click(screen.getByRole('button', { name: '저장' }));

    await waitFor(() => expect(messageOf('이름')).toBe('이름은 필수입니다.'));
    expect(messageOf('닉네임')).toBe(accountMessages.nickname);
    expect(messageOf('전화번호')).toBe(accountMessages.phone);
    expect(messageOf('주소')).toBe('주소는 필수입니다.');
    expect(toasts()).toEqual([{ type: 'error', message: '입력 정보를 다시 확인해주세요.' }]);

    await user.clear(field('닉네임'));
    await user.click(screen.getByRole('button', { name: '저장' }));
    await waitFor(() => expect(messageOf('닉네임')).toBe('닉네임은 필수입니다.'));
    await user.type(field('이름'), 'x'.repeat(101));
    await user.click(screen.getByRole('button', { name: '저장' }));
    await waitFor(() => expect(messageOf('이름')).toBe(accountMessages.nameTooLong));
    expect(store.profileUpdates).toHaveLength(0);
  });

  it('shows the server message when the nickname is taken (409)', async () => {
    serveMypage();
    server.use(
      http.post('/api/mypage/profile', () =>
        HttpResponse.json(
          { success: false, status: 409, code: 'A008', message: '이미 사용 중인 닉네임입니다.' },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderMypage();
    await openEditMode(user);
    await user.clear(field('닉네임'));
    await user.type(field('닉네임'), '인기닉네임');
    await user.click(screen.getByRole('button', { name: '저장' }));

    await waitFor(() => expect(messageOf('닉네임')).toBe('이미 사용 중인 닉네임입니다.'));
    expect(toasts()).toContainEqual({ type: 'error', message: '이미 사용 중인 닉네임입니다.' });
    // Still editing, with the typed value kept.
    expect(field('닉네임')).toHaveValue('인기닉네임');
  });

  it('shows other server failures above the buttons', async () => {
    serveMypage();
    server.use(
      http.post('/api/mypage/profile', () =>
        HttpResponse.json(
          { success: false, status: 500, code: 'C003', message: '서버에 오류가 발생했습니다.' },
          { status: 500 },
        ),
      ),
    );
    const { user } = renderMypage();
    await openEditMode(user);
    await user.type(field('주소'), ' 1층');
    await user.click(screen.getByRole('button', { name: '저장' }));
    const panel = screen.getByRole('tabpanel', { name: '내 정보' });
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      '서버에 오류가 발생했습니다.',
    );
    expect(toasts()).toContainEqual({ type: 'error', message: '서버에 오류가 발생했습니다.' });
    expect(screen.getByRole('button', { name: '저장' })).toBeInTheDocument();
  });

  it('checks the new image like registration and sends it only when picked', async () => {
    const store = serveMypage({
      profile: makeProfile({ profileImage: 'http://localhost/uploads/old.png' }),
    });
    const { user } = renderMypage();
    await openEditMode(user);
    expect(screen.getByRole('img', { name: '현재 프로필 이미지' })).toHaveAttribute(
      'src',
      'http://localhost/uploads/old.png',
    );
    expect(screen.getByText('JPG, PNG, WEBP · 최대 10MB')).toBeInTheDocument();
    const input = screen.getByLabelText('프로필 이미지');

    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await user.upload(input, big);
    expect(screen.getByText(accountMessages.imageTooLarge)).toBeInTheDocument();
    await user.upload(input, new File(['gif'], 'a.gif', { type: 'image/gif' }));
    expect(screen.getByText(accountMessages.imageType)).toBeInTheDocument();

    // A rejected pick blocks saving.
    await user.click(screen.getByRole('button', { name: '저장' }));
    expect(toasts()).toContainEqual({ type: 'error', message: '입력 정보를 다시 확인해주세요.' });
    expect(store.profileUpdates).toHaveLength(0);

    await user.upload(input, new File(['webp'], 'me.webp', { type: 'image/webp' }));
    expect(screen.queryByText(accountMessages.imageType)).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: '프로필 이미지 미리보기' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '저장' }));

    expect(await screen.findByRole('img', { name: '프로필 이미지' })).toHaveAttribute(
      'src',
      'http://localhost/uploads/me.webp',
    );
    expect(store.profileUpdates).toHaveLength(1);
    expect(store.profileUpdates[0]?.has('profileImage')).toBe(true);
  });

  it('shows the push switch off where the browser has no Web Push, and says so when pressed', async () => {
    serveMypage();
    const { user } = renderMypage();
    const toggle = await screen.findByRole('switch', { name: '푸시 알림 수신' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    // jsdom has no service workers or PushManager: the "SDK missing" case of buyer-side.md §8.
    expect(toggle).toHaveAccessibleDescription(/이 브라우저는 푸시 알림을 지원하지 않습니다/);
    await user.click(toggle);
    expect(toasts()).toContainEqual({
      type: 'error',
      message: '이 브라우저는 푸시 알림을 지원하지 않습니다.',
    });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
  });
});

describe('비밀번호 변경', () => {
  async function openPasswordTab() {
    const view = renderMypage('/mypage/profile?tab=password');
    await screen.findByLabelText('현재 비밀번호');
    return view;
  }
  const submit = (user: UserEvent) =>
    user.click(screen.getByRole('button', { name: '비밀번호 변경' }));

  it('asks for all three fields', async () => {
    const store = serveMypage();
    const { user } = await openPasswordTab();
    await submit(user);
    await waitFor(() => expect(messageOf('현재 비밀번호')).toBe('현재 비밀번호를 입력해주세요.'));
    expect(messageOf('새 비밀번호')).toBe('새 비밀번호를 입력해주세요.');
    expect(messageOf('새 비밀번호 확인')).toBe('새 비밀번호 확인을 입력해주세요.');
    expect(store.passwordChanges).toHaveLength(0);
  });

  it('applies the registration password rule and the confirmation match', async () => {
    const store = serveMypage();
    const { user } = await openPasswordTab();
    await user.type(field('현재 비밀번호'), 'oldpass1!');
    await user.type(field('새 비밀번호'), 'Password1!');
    await user.type(field('새 비밀번호 확인'), 'different1!');
    await submit(user);
    await waitFor(() => expect(messageOf('새 비밀번호')).toBe(accountMessages.password));
    expect(messageOf('새 비밀번호 확인')).toBe('비밀번호가 일치하지 않습니다.');

    for (const weak of ['short1!', 'nodigits!!', 'nospecial12', '12345678!']) {
      await user.clear(field('새 비밀번호'));
      await user.type(field('새 비밀번호'), weak);
      await submit(user);
      await waitFor(() => expect(messageOf('새 비밀번호')).toBe(accountMessages.password));
    }
    expect(store.passwordChanges).toHaveLength(0);
  });

  it('sends the change form-encoded with the profile id, toasts and clears the form', async () => {
    const store = serveMypage({ profile: makeProfile({ id: 42 }) });
    const { user, router } = await openPasswordTab();
    await user.type(field('현재 비밀번호'), 'oldpass1!');
    await user.type(field('새 비밀번호'), 'newpass2@');
    await user.type(field('새 비밀번호 확인'), 'newpass2@');
    await submit(user);

    await waitFor(() =>
      expect(toasts()).toContainEqual({
        type: 'success',
        message: '비밀번호가 성공적으로 변경되었습니다.',
      }),
    );
    expect(store.passwordChanges).toHaveLength(1);
    expect(Object.fromEntries(store.passwordChanges[0] ?? [])).toEqual({
      currentPassword: 'oldpass1!',
      newPassword: 'newpass2@',
      userId: '42',
    });
    await waitFor(() => expect(field('현재 비밀번호')).toHaveValue(''));
    expect(field('새 비밀번호')).toHaveValue('');
    expect(field('새 비밀번호 확인')).toHaveValue('');
    // The server renews this browser's session: the user stays here.
    expect(router.state.location.pathname).toBe('/mypage/profile');
  });

  it('shows the server message for a wrong current password', async () => {
    serveMypage();
    server.use(
      http.post('/api/mypage/changePwd', () =>
        HttpResponse.json(
          {
            success: false,
            status: 400,
            code: 'C001',
            message: '현재 비밀번호가 일치하지 않습니다.',
            errors: [{ field: 'currentPassword', message: '현재 비밀번호가 일치하지 않습니다.' }],
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = await openPasswordTab();
    await user.type(field('현재 비밀번호'), 'wrongpass1!');
    await user.type(field('새 비밀번호'), 'newpass2@');
    await user.type(field('새 비밀번호 확인'), 'newpass2@');
    await submit(user);

    await waitFor(() =>
      expect(messageOf('현재 비밀번호')).toBe('현재 비밀번호가 일치하지 않습니다.'),
    );
    expect(toasts()).toContainEqual({
      type: 'error',
      message: '현재 비밀번호가 일치하지 않습니다.',
    });
    expect(field('새 비밀번호')).toHaveValue('newpass2@');
  });
});

describe('예매 내역', () => {
  it('lists each booking with poster, title, date, venue, seats, amount and status', async () => {
    serveMypage({
      bookings: [
        makeBookingSummary({
          bookingNumber: 'AB12CD34',
          concertTitle: '노을 밴드 전국투어',
          concertDate: '2025-10-04',
          venueName: '올림픽홀',
          seatList: ['A구역 1열 5번', 'A구역 1열 6번'],
          totalAmount: 204_000,
          posterImageUrl: 'http://localhost/posters/1.png',
          bookingStatus: 'CONFIRMED',
        }),
        makeBookingSummary({ bookingStatus: 'COMPLETED', concertTitle: '지난 공연' }),
        makeBookingSummary({ bookingStatus: 'CANCELED', concertTitle: '취소한 공연' }),
        makeBookingSummary({ bookingStatus: 'PENDING_PAYMENT', concertTitle: '결제 중 공연' }),
      ],
    });
    const { user, router } = renderMypage('/mypage/profile?tab=bookings');
    const link = await screen.findByRole('link', { name: '노을 밴드 전국투어' });
    expect(link).toHaveAttribute('href', '/bookingDetail/AB12CD34');

    const items = screen.getAllByRole('article');
    expect(items.map((item) => within(item).getByRole('link').textContent)).toEqual([
      '노을 밴드 전국투어',
      '지난 공연',
      '취소한 공연',
      '결제 중 공연',
    ]);
    const [first, second, third, fourth] = items;
    if (!first || !second || !third || !fourth) throw new Error('four bookings expected');
    expect(within(first).getByRole('img', { name: '노을 밴드 전국투어 포스터' })).toHaveAttribute(
      'src',
      'http://localhost/posters/1.png',
    );
    expect(within(first).getByText('2025.10.04 (토)')).toBeInTheDocument();
    expect(within(first).getByText('올림픽홀')).toBeInTheDocument();
    expect(within(first).getByText('A구역 1열 5번, A구역 1열 6번')).toBeInTheDocument();
    expect(within(first).getByText('204,000원')).toBeInTheDocument();
    expect(within(first).getByText('예매 확정')).toBeInTheDocument();
    expect(within(second).getByText('관람 완료')).toBeInTheDocument();
    expect(within(third).getByText('취소됨')).toBeInTheDocument();
    expect(within(fourth).getByText('대기중')).toBeInTheDocument();
    expect(within(second).getByRole('img', { name: '포스터 없음' })).toBeInTheDocument();

    await user.click(link);
    expect(await screen.findByText('예매 상세 화면')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/bookingDetail/AB12CD34');
  });

  it('says so when there are no bookings', async () => {
    serveMypage({ bookings: [] });
    renderMypage('/mypage/profile?tab=bookings');
    expect(await screen.findByText('예매 내역이 없습니다.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '콘서트 둘러보기' })).toHaveAttribute(
      'href',
      '/concerts',
    );
  });

  it('shows the load error with a retry that asks again', async () => {
    let fail = true;
    const store = serveMypage({
      bookings: () =>
        fail
          ? HttpResponse.json(
              { success: false, status: 500, code: 'C003', message: '서버에 오류가 발생했습니다.' },
              { status: 500 },
            )
          : HttpResponse.json({
              success: true,
              data: [makeBookingSummary({ concertTitle: '다시 불러온 공연' })],
            }),
    });
    const { user } = renderMypage('/mypage/profile?tab=bookings');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('예매 내역을 불러오지 못했습니다.');
    expect(alert).toHaveTextContent('서버에 오류가 발생했습니다.');

    fail = false;
    await user.click(within(alert).getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByRole('link', { name: '다시 불러온 공연' })).toBeInTheDocument();
    expect(store.bookingRequests).toHaveLength(2);
  });
});

describe('/mypage/profile 모든 기기에서 로그아웃', () => {
  it('asks, ends every session, forgets the session user and lands on the login page', async () => {
    serveMypage({});
    let calls = 0;
    server.use(
      http.post('/api/users/me/sessions/logout-all', () => {
        calls += 1;
        return HttpResponse.json({
          success: true,
          message: '모든 기기에서 로그아웃되었습니다. 다시 로그인해주세요.',
        });
      }),
    );
    const { router, queryClient, user } = renderMypage();
    queryClient.setQueryData(currentUserQueryKey, users.user);
    await user.click(await screen.findByRole('button', { name: '모든 기기에서 로그아웃' }));
    const dialog = screen.getByRole('dialog', { name: '모든 기기에서 로그아웃할까요?' });
    await user.click(within(dialog).getByRole('button', { name: '모두 로그아웃' }));
    expect(await screen.findByText('로그인 화면')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(calls).toBe(1);
    expect(queryClient.getQueryData(currentUserQueryKey)).toBeNull();
    expect(toasts()).toContainEqual({
      type: 'success',
      message: '모든 기기에서 로그아웃되었습니다. 다시 로그인해주세요.',
    });
  });
});
