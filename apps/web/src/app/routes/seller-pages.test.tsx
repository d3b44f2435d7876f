import { sellerMessages, type SellerStatus } from '@curtaincall/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toastStore } from '@/components/ui/toast-store';
import type { SessionUser } from '@/features/auth/api/get-current-user';
import { makeApplicantInfo, makeSellerDashboard, makeSellerStatus, users } from '@/test/fixtures';
import { renderApp, renderWithProviders } from '@/test/render';
import { SellerHomePage } from './seller-home-page';
import { server } from '@/test/server';

const toasts = () => toastStore.getSnapshot().map(({ type, message }) => ({ type, message }));

/** Answers the seller calls with this status (PENDING once an application was sent). */
function serveSeller(status: SellerStatus) {
  let current = status;
  server.use(
    http.get('/api/users/me/seller-status', () =>
      HttpResponse.json({ success: true, data: current }),
    ),
    http.get('/api/users/me/applicant-info', () =>
      HttpResponse.json({ success: true, data: makeApplicantInfo() }),
    ),
    http.post('/api/users/me/seller-requests', () => {
      current = { ...current, approvalStatus: 'PENDING', canReapply: false };
      return HttpResponse.json({ success: true, message: sellerMessages.applied }, { status: 201 });
    }),
  );
}

/**
 * The FormData the application sends, taken from fetch before it is serialised: jsdom's Blob
 * and File lose their type, name and bytes on the way through Node's FormData.
 */
function captureApplication(): { form: FormData | null } {
  const captured: { form: FormData | null } = { form: null };
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    if (String(input).endsWith('/users/me/seller-requests') && init?.body instanceof FormData) {
      captured.form = init.body;
    }
    return realFetch(input, init);
  });
  return captured;
}

function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('unreadable'));
    reader.readAsText(blob);
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

function renderAs(path: string, session: SessionUser) {
  const result = renderApp(path, { session });
  return { ...result, user: userEvent.setup() };
}

describe('/seller (seller home)', () => {
  it('tells a non-seller that seller rights are needed and sends them to the application', async () => {
    serveSeller(makeSellerStatus());
    const { router, user } = renderAs('/seller', users.user);
    expect(
      await screen.findByRole('heading', { level: 1, name: '판매자 페이지' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /콘서트 등록/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/seller/apply'));
    expect(toasts()).toContainEqual({
      type: 'warning',
      message: '판매자 권한이 필요합니다. 판매자 권한을 먼저 신청해주세요.',
    });
  });

  it('opens the seller tools for a seller, whose sidebar has the concert group', async () => {
    server.use(
      http.get('/api/seller/dashboard', () =>
        HttpResponse.json({ success: true, data: makeSellerDashboard() }),
      ),
    );
    const { router, user } = renderAs('/seller', users.seller);
    const menu = await screen.findByRole('navigation', { name: '판매자 메뉴' });
    expect(within(menu).getByRole('link', { name: '콘서트 관리' })).toHaveAttribute(
      'href',
      '/seller/concerts/manage',
    );
    await user.click(screen.getByRole('button', { name: /콘서트 관리/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/seller/concerts/manage'));
  });

  it("shows a seller today's sales and their concerts on sale and upcoming (issue 23)", async () => {
    const dashboard = makeSellerDashboard({
      upcoming: [
        {
          concertId: 9,
          title: '신년 갈라',
          artist: '서울 필하모닉',
          status: 'SCHEDULED',
          concertDate: '2027-01-10',
          startTime: '17:00:00',
          venueName: '롯데콘서트홀',
          bookingStartDate: '2026-11-29T20:00:00',
          totalSeats: 2200,
          soldSeats: 0,
        },
      ],
    });
    server.use(
      http.get('/api/seller/dashboard', () =>
        HttpResponse.json({ success: true, data: dashboard }),
      ),
    );
    renderAs('/seller', users.seller);
    const today = await screen.findByRole('region', { name: '오늘 판매 현황' });
    await waitFor(() => expect(today).toHaveTextContent('오늘 예매3건'));
    expect(today).toHaveTextContent('판매 좌석5석');
    expect(today).toHaveTextContent('오늘 매출612,000원');
    const selling = screen.getByRole('list', { name: '판매 중인 공연' });
    expect(within(selling).getByRole('link', { name: '별빛 오케스트라' })).toHaveAttribute(
      'href',
      '/concerts/1',
    );
    expect(selling).toHaveTextContent('판매 2 / 1,200석(0%)');
    const upcoming = screen.getByRole('list', { name: '판매 예정 공연' });
    expect(upcoming).toHaveTextContent('예매 오픈 2026.11.29 (일) 오후 8:00');
    expect(screen.queryByText(/준비 중/)).not.toBeInTheDocument();
  });

  it('keeps concert registration out of a plain user’s sidebar', async () => {
    serveSeller(makeSellerStatus());
    renderAs('/seller', users.user);
    const menu = await screen.findByRole('navigation', { name: '판매자 메뉴' });
    expect(within(menu).queryByRole('link', { name: '콘서트 관리' })).toBeNull();
    expect(within(menu).getByRole('link', { name: '판매자 권한 신청' })).toBeInTheDocument();
  });
});

describe('SellerHomePage for an admin', () => {
  it('shows the notice and keeps the seller actions disabled', () => {
    renderWithProviders(<SellerHomePage />, { session: users.admin, route: '/seller' });
    expect(screen.getByRole('alert')).toHaveTextContent(
      '관리자는 판매자 기능을 사용할 수 없습니다.',
    );
    for (const name of [/콘서트 등록/, /콘서트 관리/, /판매자 신청 현황/]) {
      expect(screen.getByRole('button', { name })).toBeDisabled();
    }
  });
});

describe('/seller/apply', () => {
  it('shows every validation message and sends nothing', async () => {
    serveSeller(makeSellerStatus());
    const { user } = renderAs('/seller/apply', users.user);
    expect(await screen.findByText(/평균 1~3일/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '판매자 권한 신청' }));
    for (const message of [
      '업체명을 입력해주세요.',
      '사업자등록번호는 10자리 숫자여야 합니다.',
      sellerMessages.representativeNameRequired,
      sellerMessages.representativePhoneRequired,
      sellerMessages.documentRequired,
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('업체명')).toHaveFocus();
  });

  it('keeps digits only, groups them, copies the applicant and sends the multipart request', async () => {
    serveSeller(makeSellerStatus());
    const sent = captureApplication();
    const { router, user } = renderAs('/seller/apply', users.user);
    await user.type(await screen.findByLabelText('업체명'), '커튼콜기획');
    const businessNumber = screen.getByLabelText('사업자등록번호');
    await user.type(businessNumber, '12a3-45-678901');
    expect(businessNumber).toHaveValue('123-45-67890');

    const same = screen.getByRole('checkbox', { name: /신청자 정보와 동일/ });
    await waitFor(() => expect(same).toBeEnabled());
    await user.click(same);
    expect(screen.getByLabelText('대표자명')).toHaveValue('김철수');
    expect(screen.getByLabelText('대표자 연락처')).toHaveValue('010-1234-5678');

    const pdf = new File(['%PDF-1.4'], 'licence.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText(/사업자등록증 파일/), pdf);
    const startedAt = Date.now();
    await user.click(screen.getByRole('button', { name: '판매자 권한 신청' }));

    expect(
      await screen.findByText('판매자 권한 신청이 성공적으로 접수되었습니다.'),
    ).toBeInTheDocument();
    const request = sent.form?.get('request');
    expect(request).toBeInstanceOf(Blob);
    expect((request as Blob).type).toBe('application/json');
    expect(JSON.parse(await readBlob(request as Blob))).toEqual({
      companyName: '커튼콜기획',
      businessNumber: '1234567890',
      representativeName: '김철수',
      representativePhone: '01012345678',
    });
    expect((sent.form?.get('document') as File).name).toBe('licence.pdf');
    expect(router.state.location.pathname).toBe('/seller/apply');
    // The status page opens by itself 2 s later.
    await waitFor(() => expect(router.state.location.pathname).toBe('/seller/status'), {
      timeout: 4000,
    });
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(1900);
  });

  it('refuses a file of another type before sending', async () => {
    serveSeller(makeSellerStatus());
    const { user } = renderAs('/seller/apply', users.user);
    const input = await screen.findByLabelText(/사업자등록증 파일/);
    await userEvent
      .setup({ applyAccept: false })
      .upload(input, new File(['<svg/>'], 'a.svg', { type: 'image/svg+xml' }));
    expect(screen.getByText(sellerMessages.documentType)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '판매자 권한 신청' }));
    expect(screen.getByText(sellerMessages.documentType)).toBeInTheDocument();
  });

  it('pre-fills a re-application and reuses the previous document without a new file', async () => {
    const sent = captureApplication();
    serveSeller(
      makeSellerStatus({
        approvalStatus: 'REJECTED',
        lastReason: '서류 불명확',
        companyName: '커튼콜기획',
        businessNumber: '1234567890',
        representativeName: '홍길동',
        representativePhone: '0212345678',
        uploadedFileUrl: 'http://localhost/api/users/me/seller-requests/document',
      }),
    );
    const { user } = renderAs('/seller/apply', users.user);
    expect(await screen.findByLabelText('업체명')).toHaveValue('커튼콜기획');
    expect(screen.getByLabelText('사업자등록번호')).toHaveValue('123-45-67890');
    expect(screen.getByLabelText('대표자 연락처')).toHaveValue('02-1234-5678');
    expect(screen.getByRole('link', { name: '이전 서류 보기' })).toHaveAttribute(
      'href',
      'http://localhost/api/users/me/seller-requests/document',
    );
    await user.click(screen.getByRole('button', { name: '판매자 권한 재신청' }));
    expect(
      await screen.findByText('판매자 권한 신청이 성공적으로 접수되었습니다.'),
    ).toBeInTheDocument();
    expect(sent.form?.has('request')).toBe(true);
    expect(sent.form?.has('document')).toBe(false);
  });

  it.each([
    ['PENDING', sellerMessages.alreadyPending],
    ['APPROVED', sellerMessages.alreadyApproved],
  ] as const)('sends a %s applicant to the status page with a notice', async (state, message) => {
    serveSeller(makeSellerStatus({ approvalStatus: state, canReapply: false }));
    const { router } = renderAs('/seller/apply', users.user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/seller/status'));
    expect(toasts()).toContainEqual({ type: 'warning', message });
  });

  it('shows the server’s refusal, or the fallback when there is none', async () => {
    serveSeller(makeSellerStatus());
    server.use(
      http.post('/api/users/me/seller-requests', () =>
        HttpResponse.json(
          {
            success: false,
            status: 409,
            code: 'S007',
            message: sellerMessages.businessNumberTaken,
          },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderAs('/seller/apply', users.user);
    await user.type(await screen.findByLabelText('업체명'), '커튼콜기획');
    await user.type(screen.getByLabelText('사업자등록번호'), '1234567890');
    await user.type(screen.getByLabelText('대표자명'), '홍길동');
    await user.type(screen.getByLabelText('대표자 연락처'), '01012345678');
    await user.upload(
      screen.getByLabelText(/사업자등록증 파일/),
      new File(['%PDF'], 'a.pdf', { type: 'application/pdf' }),
    );
    await user.click(screen.getByRole('button', { name: '판매자 권한 신청' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(sellerMessages.businessNumberTaken);

    server.use(http.post('/api/users/me/seller-requests', () => HttpResponse.error()));
    await user.click(screen.getByRole('button', { name: '판매자 권한 신청' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('판매자 권한 신청에 실패했습니다.'),
    );
  });
});

describe('/seller/status', () => {
  it('offers the application to someone who never applied', async () => {
    serveSeller(makeSellerStatus());
    renderAs('/seller/status', users.user);
    expect(await screen.findByText('미신청')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '판매자 권한 신청하기' })).toHaveAttribute(
      'href',
      '/seller/apply',
    );
  });

  it('shows the last reason and offers a re-application after a rejection', async () => {
    serveSeller(
      makeSellerStatus({
        approvalStatus: 'REJECTED',
        lastReason: '사업자등록증이 흐립니다',
        applicationDate: '2025-09-01T12:00:00',
        lastProcessedDate: '2025-09-02T09:30:00',
        companyName: '커튼콜기획',
        businessNumber: '1234567890',
        representativeName: '홍길동',
        representativePhone: '01012345678',
      }),
    );
    renderAs('/seller/status', users.user);
    expect(await screen.findByText('반려됨')).toBeInTheDocument();
    expect(screen.getByText('사업자등록증이 흐립니다')).toBeInTheDocument();
    expect(screen.getByText(/2025\.09\.01/)).toBeInTheDocument();
    expect(screen.getByText(/2025\.09\.02/)).toBeInTheDocument();
    expect(screen.getByText('123-45-67890')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '판매자 권한 재신청하기' })).toBeInTheDocument();
  });

  it('disables the button while the application is pending', async () => {
    serveSeller(makeSellerStatus({ approvalStatus: 'PENDING', canReapply: false }));
    renderAs('/seller/status', users.user);
    expect(await screen.findByRole('button', { name: '심사 대기 중' })).toBeDisabled();
    expect(screen.queryByRole('link', { name: /신청하기/ })).toBeNull();
  });

  it('offers a retry when the status cannot be loaded', async () => {
    let calls = 0;
    server.use(
      http.get('/api/users/me/seller-status', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({}, { status: 500 })
          : HttpResponse.json({ success: true, data: makeSellerStatus() });
      }),
    );
    const { user } = renderAs('/seller/status', users.user);
    expect(await screen.findByText('판매자 상태를 불러오는데 실패했습니다.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByText('미신청')).toBeInTheDocument();
  });

  it('says why a seller with active concerts cannot withdraw', async () => {
    serveSeller(
      makeSellerStatus({ role: 'SELLER', approvalStatus: 'APPROVED', canWithdraw: false }),
    );
    renderAs('/seller/status', users.seller);
    expect(await screen.findByRole('button', { name: '판매자 권한 철회' })).toBeDisabled();
    expect(screen.getByText(sellerMessages.activeConcerts)).toBeInTheDocument();
  });

  it('withdraws only after the exact sentence, then reads the session again', async () => {
    serveSeller(
      makeSellerStatus({ role: 'SELLER', approvalStatus: 'APPROVED', canWithdraw: true }),
    );
    let withdrawn = false;
    server.use(
      http.delete('/api/users/me/role', async () => {
        await delay(10);
        withdrawn = true;
        return HttpResponse.json({ success: true, message: sellerMessages.withdrawn });
      }),
      http.get('/api/users/me/seller-status', () =>
        HttpResponse.json({
          success: true,
          data: withdrawn
            ? makeSellerStatus({ approvalStatus: 'WITHDRAWN' })
            : makeSellerStatus({ role: 'SELLER', approvalStatus: 'APPROVED', canWithdraw: true }),
        }),
      ),
      http.get('/api/auth/me', () =>
        HttpResponse.json(withdrawn ? { ...users.seller, role: 'ROLE_USER' } : users.seller),
      ),
    );
    const { user } = renderAs('/seller/status', users.seller);
    await user.click(await screen.findByRole('button', { name: '판매자 권한 철회' }));
    const dialog = screen.getByRole('dialog', { name: '판매자 권한 철회' });
    const confirm = within(dialog).getByRole('button', { name: '권한 철회' });
    const field = within(dialog).getByLabelText('확인 문장');
    await user.type(field, 'seller, 권한 철회 처리에 동의합니다');
    expect(confirm).toBeDisabled();
    await user.type(field, '.');
    expect(confirm).toBeEnabled();
    await user.click(confirm);

    expect(await screen.findByText('철회됨')).toBeInTheDocument();
    expect(toasts()).toContainEqual({ type: 'success', message: sellerMessages.withdrawn });
    // The session now says USER: the concert tools leave the sidebar.
    const menu = screen.getByRole('navigation', { name: '판매자 메뉴' });
    await waitFor(() =>
      expect(within(menu).queryByRole('link', { name: '콘서트 관리' })).toBeNull(),
    );
  });
});
