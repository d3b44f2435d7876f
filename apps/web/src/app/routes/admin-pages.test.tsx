import {
  sellerMessages,
  type ApprovalHistoryEntry,
  type SellerApplication,
} from '@curtaincall/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { toastStore } from '@/components/ui/toast-store';
import {
  makeAdminStatistics,
  makeHistoryEntry,
  makeSellerApplication,
  pageOf,
  users,
} from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';

// pdf.js draws on a canvas, which jsdom lacks: the viewer gets its page images from here.
vi.mock('@/features/admin/utils/pdf-pages', () => ({
  renderPdfPages: vi.fn(async () => ({
    pages: [{ src: 'data:image/png;base64,iVBORw0KGgo=', width: 420, height: 595 }],
    totalPages: 1,
  })),
}));

const toasts = () => toastStore.getSnapshot().map(({ type, message }) => ({ type, message }));

interface AdminData {
  pending?: SellerApplication[];
  sellers?: SellerApplication[];
  history?: ApprovalHistoryEntry[];
  userHistory?: ApprovalHistoryEntry[];
}

/** Answers the admin calls and records the history queries and the decisions sent. */
function serveAdmin(data: AdminData = {}) {
  const calls = {
    historyQueries: [] as URLSearchParams[],
    userHistory: [] as string[],
    decisions: [] as Array<{ userId: string; body: unknown }>,
    revokes: [] as Array<{ userId: string; body: unknown }>,
  };
  const history = data.history ?? [];
  server.use(
    http.get('/api/admin/seller-requests', () =>
      HttpResponse.json({ success: true, data: data.pending ?? [] }),
    ),
    http.get('/api/admin/sellers', () =>
      HttpResponse.json({ success: true, data: data.sellers ?? [] }),
    ),
    http.get('/api/admin/approvals/history', ({ request }) => {
      const params = new URL(request.url).searchParams;
      calls.historyQueries.push(params);
      const size = Number(params.get('size') ?? 10);
      const keyword = params.get('keyword');
      const matches = keyword
        ? history.filter((entry) => entry.username.includes(keyword))
        : history;
      return HttpResponse.json({
        success: true,
        data: pageOf(matches.slice(0, size), { size, totalElements: matches.length }),
      });
    }),
    http.get('/api/admin/sellers/:userId/approval-history', ({ params }) => {
      calls.userHistory.push(String(params.userId));
      return HttpResponse.json({ success: true, data: data.userHistory ?? [] });
    }),
    http.get('/api/admin/seller-requests/:applicationId', ({ params }) =>
      HttpResponse.json({
        success: true,
        data: makeSellerApplication({
          applicationId: Number(params.applicationId),
          companyName: '상세상사',
        }),
      }),
    ),
    http.patch('/api/admin/seller-requests/:userId/process', async ({ params, request }) => {
      const body = (await request.json()) as { approve: boolean };
      calls.decisions.push({ userId: String(params.userId), body });
      return HttpResponse.json({
        success: true,
        message: body.approve ? sellerMessages.approved : sellerMessages.rejected,
      });
    }),
    http.delete('/api/admin/sellers/:userId/role', async ({ params, request }) => {
      calls.revokes.push({ userId: String(params.userId), body: await request.json() });
      return HttpResponse.json({ success: true, message: sellerMessages.revoked });
    }),
  );
  return calls;
}

/**
 * jsdom has no style sheets, so both the desktop table and the phone cards are in the
 * document: the tests act on the table.
 */
async function table(name: string) {
  return within(await screen.findByRole('table', { name }));
}

function renderAdmin(path: string) {
  const result = renderApp(path, { session: users.admin });
  return { ...result, user: userEvent.setup() };
}

const pendingA = makeSellerApplication({
  applicationId: 11,
  userId: 51,
  userNickname: '블루웨이브',
  username: 'applicant1',
  companyName: '블루웨이브 라이브',
  uploadedFileUrl: `${window.location.origin}/api/admin/seller-requests/11/document`,
});
const pendingB = makeSellerApplication({
  applicationId: 12,
  userId: 52,
  userNickname: '다시한번',
  username: 'reapply1',
  companyName: '다시한번 프로덕션',
  reapplicant: true,
  everRevoked: true,
  uploadedFileUrl: `${window.location.origin}/api/admin/seller-requests/12/document`,
});
const currentSeller = makeSellerApplication({
  applicationId: 3,
  userId: 20,
  username: 'seller',
  userNickname: '공연기획',
  companyName: '커튼콜기획',
  status: 'ACCEPTED',
});

describe('/admin (dashboard)', () => {
  it('counts pending applications and sellers and lists the last 5 entries with links', async () => {
    const calls = serveAdmin({
      pending: [pendingA, pendingB],
      sellers: [currentSeller],
      history: [
        makeHistoryEntry({ userId: 51, username: 'applicant1', userNickname: '블루웨이브' }),
      ],
    });
    renderAdmin('/admin');
    const pendingCard = await screen.findByRole('link', { name: /대기 중인 판매자 신청/ });
    await waitFor(() => expect(pendingCard).toHaveTextContent('2건'));
    expect(screen.getByRole('link', { name: /활동 중인 판매자/ })).toHaveTextContent('1명');
    expect(screen.getByRole('button', { name: '다음 대기 신청 처리' })).toBeEnabled();
    const recent = await screen.findByRole('table', { name: '최근 활동 내역' });
    expect(within(recent).getByRole('link', { name: /블루웨이브/ })).toHaveAttribute(
      'href',
      `/admin/history?userId=51&userNickname=${encodeURIComponent('블루웨이브')}`,
    );
    expect(calls.historyQueries[0]?.get('page')).toBe('0');
    expect(calls.historyQueries[0]?.get('size')).toBe('5');
    for (const card of ['판매자 신청 승인', '판매자 관리', '승인 이력']) {
      expect(screen.getAllByRole('link', { name: new RegExp(card) }).length).toBeGreaterThan(0);
    }
    // Every quick card is a real page now (issue 23): '통계 리포트' (the card and the menu item)
    // opens the statistics.
    const statistics = screen.getAllByText('통계 리포트');
    expect(statistics.length).toBeGreaterThan(0);
    for (const label of statistics) {
      expect(label.closest('a')).toHaveAttribute('href', '/admin/statistics');
    }
    expect(screen.queryByText(/준비 중/)).not.toBeInTheDocument();
  });

  it('disables the next-application button at 0 and says when nothing happened yet', async () => {
    serveAdmin();
    renderAdmin('/admin');
    expect(await screen.findByText('최근 활동 내역이 없습니다.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: '다음 대기 신청 처리' })).toBeDisabled(),
    );
  });

  it('shows the dashboard fallback when the counts cannot be loaded', async () => {
    serveAdmin();
    server.use(http.get('/api/admin/sellers', () => HttpResponse.json({}, { status: 500 })));
    renderAdmin('/admin');
    expect(
      await screen.findByText('대시보드 데이터를 불러오는데 실패했습니다.'),
    ).toBeInTheDocument();
  });

  it('processes the oldest pending application in the modal, with failures under the form', async () => {
    const calls = serveAdmin({ pending: [pendingA, pendingB] });
    const { user } = renderAdmin('/admin');
    const open = await screen.findByRole('button', { name: '다음 대기 신청 처리' });
    await waitFor(() => expect(open).toBeEnabled());
    await user.click(open);
    const dialog = screen.getByRole('dialog', { name: '다음 대기 신청 처리' });
    expect(within(dialog).getByText('블루웨이브 라이브')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: '반려' }));
    // Under the reason field, tied to it, which takes the focus.
    const reason = within(dialog).getByLabelText('반려 사유 (반려 시 필수)');
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveAccessibleDescription('반려 시 사유는 필수입니다.');
    expect(reason).toHaveFocus();
    expect(calls.decisions).toEqual([]);

    server.use(
      http.patch('/api/admin/seller-requests/:userId/process', () =>
        HttpResponse.json({}, { status: 500 }),
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: '승인' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent('신청 처리에 실패했습니다.'),
    );

    server.use(
      http.patch('/api/admin/seller-requests/:userId/process', () =>
        HttpResponse.json(
          {
            success: false,
            status: 409,
            code: 'S008',
            message: sellerMessages.alreadyDecided,
          },
          { status: 409 },
        ),
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: '승인' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent(sellerMessages.alreadyDecided),
    );

    // Approved: the dialog stays, says so, and the next applicant's name has the focus.
    server.use(
      http.patch('/api/admin/seller-requests/:userId/process', () =>
        HttpResponse.json({ success: true, status: 200, message: '승인되었습니다.', data: null }),
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: '승인' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('status')).toHaveTextContent(
        '블루웨이브(applicant1)님의 신청을 승인했습니다.',
      ),
    );
    const next = within(dialog).getByRole('heading', { level: 3 });
    expect(next).toHaveTextContent('다시한번');
    await waitFor(() => expect(next).toHaveFocus());
  });

  it('requires a keyword for the quick search and searches 10 entries by it', async () => {
    const calls = serveAdmin({
      history: [
        makeHistoryEntry({ username: 'applicant1', userNickname: '블루웨이브', userId: 51 }),
      ],
    });
    const { user } = renderAdmin('/admin');
    await user.click(await screen.findByRole('button', { name: '판매자 빠른 검색' }));
    const dialog = screen.getByRole('dialog', { name: '판매자 빠른 검색' });
    await user.click(within(dialog).getByRole('button', { name: '검색' }));
    expect(within(dialog).getByText('검색어를 입력해주세요.')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('검색어'), 'applicant');
    await user.click(within(dialog).getByRole('button', { name: '검색' }));
    const results = await within(dialog).findByRole('list', { name: '검색 결과' });
    expect(within(results).getByRole('link', { name: /블루웨이브/ })).toHaveAttribute(
      'href',
      expect.stringContaining('/admin/history?userId=51'),
    );
    const query = calls.historyQueries.at(-1);
    expect(query?.get('keyword')).toBe('applicant');
    expect(query?.get('size')).toBe('10');

    await user.clear(within(dialog).getByLabelText('검색어'));
    await user.type(within(dialog).getByLabelText('검색어'), 'nobody');
    await user.click(within(dialog).getByRole('button', { name: '검색' }));
    expect(await within(dialog).findByText('검색 결과가 없습니다.')).toBeInTheDocument();
  });
});

describe('/admin/seller-approvals', () => {
  it('says when nothing is pending', async () => {
    serveAdmin();
    renderAdmin('/admin/seller-approvals');
    expect(await screen.findByText('현재 대기 중인 판매자 신청이 없습니다.')).toBeInTheDocument();
  });

  it('shows the load failure fallback', async () => {
    server.use(
      http.get('/api/admin/seller-requests', () => HttpResponse.json({}, { status: 500 })),
    );
    renderAdmin('/admin/seller-approvals');
    expect(
      await screen.findByText('대기 중인 판매자 신청을 불러오지 못했습니다.'),
    ).toBeInTheDocument();
  });

  it('flags re-applicants and revoked users, approves after confirming', async () => {
    const calls = serveAdmin({ pending: [pendingA, pendingB] });
    const { user } = renderAdmin('/admin/seller-approvals');
    const table = await screen.findByRole('table', { name: '대기 중인 판매자 신청 목록' });
    const rowA = within(table).getByRole('row', { name: /블루웨이브 라이브/ });
    const rowB = within(table).getByRole('row', { name: /다시한번 프로덕션/ });
    expect(within(rowA).getByText('신규 유저')).toBeInTheDocument();
    expect(within(rowB).getByText('재신청 유저')).toBeInTheDocument();
    expect(within(rowB).getByText('강제 해제 이력')).toBeInTheDocument();
    expect(within(rowA).getByText('123-45-67890')).toBeInTheDocument();
    expect(within(rowA).getByText('010-9876-5432')).toBeInTheDocument();

    await user.click(within(rowA).getByRole('button', { name: '블루웨이브 라이브 승인' }));
    const dialog = screen.getByRole('dialog', { name: '판매자 신청 승인' });
    await user.click(within(dialog).getByRole('button', { name: '승인' }));
    await waitFor(() =>
      expect(toasts()).toContainEqual({ type: 'success', message: '승인 처리 완료!' }),
    );
    expect(calls.decisions).toEqual([{ userId: '51', body: { approve: true, reason: null } }]);
  });

  it('requires a trimmed reason to reject and sends it trimmed', async () => {
    const calls = serveAdmin({ pending: [pendingA] });
    const { user } = renderAdmin('/admin/seller-approvals');
    const pending = await table('대기 중인 판매자 신청 목록');
    await user.click(pending.getByRole('button', { name: '블루웨이브 라이브 반려' }));
    const dialog = screen.getByRole('dialog', { name: '판매자 신청 반려' });
    const reason = within(dialog).getByLabelText('반려 사유');
    expect(reason).toHaveFocus();
    await user.type(reason, '   ');
    await user.click(within(dialog).getByRole('button', { name: '반려' }));
    expect(within(dialog).getByText('반려 시 사유는 필수입니다.')).toBeInTheDocument();
    expect(calls.decisions).toEqual([]);

    await user.type(reason, '서류 식별 불가  ');
    await user.click(within(dialog).getByRole('button', { name: '반려' }));
    await waitFor(() =>
      expect(toasts()).toContainEqual({ type: 'success', message: '반려 처리 완료!' }),
    );
    expect(calls.decisions).toEqual([
      { userId: '51', body: { approve: false, reason: '서류 식별 불가' } },
    ]);
  });

  it('shows the server’s refusal of a decision in the dialog', async () => {
    serveAdmin({ pending: [pendingA] });
    server.use(
      http.patch('/api/admin/seller-requests/:userId/process', () =>
        HttpResponse.json({}, { status: 502 }),
      ),
    );
    const { user } = renderAdmin('/admin/seller-approvals');
    const pending = await table('대기 중인 판매자 신청 목록');
    await user.click(pending.getByRole('button', { name: '블루웨이브 라이브 승인' }));
    const dialog = screen.getByRole('dialog', { name: '판매자 신청 승인' });
    await user.click(within(dialog).getByRole('button', { name: '승인' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      '판매자 신청 승인/반려 실패.',
    );
  });

  it('shows a PDF as page images and an image as an image, inside the page, both zoomable', async () => {
    serveAdmin({ pending: [pendingA, pendingB] });
    server.use(
      http.head(
        '/api/admin/seller-requests/11/document',
        () => new HttpResponse(null, { headers: { 'content-type': 'application/pdf' } }),
      ),
      http.head(
        '/api/admin/seller-requests/12/document',
        () => new HttpResponse(null, { headers: { 'content-type': 'image/png' } }),
      ),
    );
    const { user } = renderAdmin('/admin/seller-approvals');
    const pending = await table('대기 중인 판매자 신청 목록');
    await user.click(pending.getByRole('button', { name: '블루웨이브 라이브 서류 보기' }));
    let dialog = screen.getByRole('dialog', { name: '사업자등록증' });
    const page = await within(dialog).findByRole('img', {
      name: /블루웨이브 라이브.*사업자등록증/,
    });
    expect(page).toHaveAttribute('src', expect.stringMatching(/^data:image\/png/));
    expect(dialog.querySelector('iframe')).toBeNull();
    expect(page).toHaveStyle({ width: '100%' });
    await user.click(within(dialog).getByRole('button', { name: '확대' }));
    expect(page).toHaveStyle({ width: '125%' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(pending.getByRole('button', { name: '블루웨이브 라이브 서류 보기' })).toHaveFocus();

    await user.click(pending.getByRole('button', { name: '다시한번 프로덕션 서류 보기' }));
    dialog = screen.getByRole('dialog', { name: '사업자등록증' });
    expect(await within(dialog).findByRole('img', { name: /사업자등록증/ })).toHaveAttribute(
      'src',
      pendingB.uploadedFileUrl,
    );
  });
});

describe('/admin/sellers', () => {
  it('revokes only with a reason, after the irreversibility warning', async () => {
    const calls = serveAdmin({ sellers: [currentSeller] });
    const { user } = renderAdmin('/admin/sellers');
    const sellers = await table('현재 판매자 목록');
    await user.click(sellers.getByRole('button', { name: '공연기획 판매자 권한 강제 해제' }));
    const dialog = screen.getByRole('dialog', { name: '판매자 권한 강제 해제' });
    expect(dialog).toHaveTextContent('강제 권한 해제는 되돌릴 수 없습니다.');
    const confirm = within(dialog).getByRole('button', { name: '강제 해제' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/해제 사유/), '  ');
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/해제 사유/), '허위 공연 등록');
    await user.click(confirm);
    await waitFor(() =>
      expect(toasts()).toContainEqual({ type: 'success', message: '판매자 권한 강제 해제 완료!' }),
    );
    expect(calls.revokes).toEqual([{ userId: '20', body: { reason: '허위 공연 등록' } }]);
  });

  it('shows why a seller with active concerts cannot be revoked', async () => {
    serveAdmin({ sellers: [currentSeller] });
    server.use(
      http.delete('/api/admin/sellers/:userId/role', () =>
        HttpResponse.json(
          {
            success: false,
            status: 409,
            code: 'S006',
            message: sellerMessages.revokeActiveConcerts,
          },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderAdmin('/admin/sellers');
    const sellers = await table('현재 판매자 목록');
    await user.click(sellers.getByRole('button', { name: '공연기획 판매자 권한 강제 해제' }));
    const dialog = screen.getByRole('dialog', { name: '판매자 권한 강제 해제' });
    await user.type(within(dialog).getByLabelText(/해제 사유/), '사유');
    await user.click(within(dialog).getByRole('button', { name: '강제 해제' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      sellerMessages.revokeActiveConcerts,
    );
  });

  it('shows a seller’s history with who decided, and the load failures', async () => {
    serveAdmin({
      sellers: [currentSeller],
      userHistory: [
        makeHistoryEntry({
          userId: 20,
          userNickname: '공연기획',
          type: 'APPROVED',
          adminId: 30,
          adminUsername: 'admin',
        }),
      ],
    });
    const { user } = renderAdmin('/admin/sellers');
    const sellers = await table('현재 판매자 목록');
    await user.click(sellers.getByRole('button', { name: '공연기획 이력 보기' }));
    const dialog = screen.getByRole('dialog', { name: '판매자 이력' });
    const history = within(await within(dialog).findByRole('table', { name: '판매자 이력 요약' }));
    const row = history.getByRole('row', { name: /승인됨/ });
    expect(row).toHaveTextContent('admin');
    expect(within(dialog).getByRole('link', { name: '전체 이력 보기' })).toHaveAttribute(
      'href',
      `/admin/history?userId=20&userNickname=${encodeURIComponent('공연기획')}`,
    );
  });

  it('shows the list fallback and the empty state', async () => {
    server.use(http.get('/api/admin/sellers', () => HttpResponse.json({}, { status: 500 })));
    renderAdmin('/admin/sellers');
    expect(await screen.findByText('현재 판매자 목록을 불러오지 못했습니다.')).toBeInTheDocument();
  });
});

describe('/admin/history', () => {
  const entries = Array.from({ length: 12 }, (_, index) =>
    makeHistoryEntry({
      id: 100 + index,
      userId: 51,
      username: 'applicant1',
      userNickname: '블루웨이브',
      type: index === 0 ? 'REJECTED' : 'REQUEST',
      reason: index === 0 ? '사업자등록증의 상호가 신청서의 업체명과 다릅니다' : null,
      adminUsername: index === 0 ? 'admin' : null,
    }),
  );

  it('sends the URL’s filters to the server and keeps new ones in the URL', async () => {
    const calls = serveAdmin({ history: entries });
    const { router, user } = renderAdmin(
      '/admin/history?keyword=applicant&typeFilter=REJECTED&size=5',
    );
    const table = await screen.findByRole('table', { name: '판매자 승인 이력' });
    const first = calls.historyQueries[0];
    expect(first?.get('keyword')).toBe('applicant');
    expect(first?.get('typeFilter')).toBe('REJECTED');
    expect(first?.get('size')).toBe('5');
    expect(first?.get('sort')).toBe('createdAt,desc');
    expect(screen.getByLabelText('검색어')).toHaveValue('applicant');
    expect(screen.getByLabelText('유형')).toHaveValue('REJECTED');
    // A long reason is cut at 20 characters, the whole text in its tooltip.
    const reason = within(table).getByTitle('사업자등록증의 상호가 신청서의 업체명과 다릅니다');
    expect(reason).toHaveTextContent('사업자등록증의 상호가 신청서의 업체명…');

    await user.selectOptions(screen.getByLabelText('페이지 크기'), '20');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?keyword=applicant&typeFilter=REJECTED&size=20'),
    );
    expect(calls.historyQueries.at(-1)?.get('size')).toBe('20');
  });

  it('searches a number as a user id, filtered and paged on the client', async () => {
    const calls = serveAdmin({ history: entries, userHistory: entries });
    const { router, user } = renderAdmin('/admin/history');
    await screen.findByRole('table', { name: '판매자 승인 이력' });
    await user.type(screen.getByLabelText('검색어'), '51');
    await user.click(screen.getByRole('button', { name: '검색' }));
    await waitFor(() => expect(router.state.location.search).toBe('?userId=51'));
    await waitFor(() => expect(calls.userHistory).toEqual(['51']));
    expect(screen.getByText('12개 중 1-10개 표시')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '2 페이지' }));
    await waitFor(() => expect(router.state.location.search).toBe('?userId=51&page=1'));
    expect(screen.getByText('12개 중 11-12개 표시')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('유형'), 'REJECTED');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?userId=51&typeFilter=REJECTED'),
    );
    expect(screen.getByText('1개 중 1-1개 표시')).toBeInTheDocument();
    // Still one request: the user's history is filtered here, not on the server.
    expect(calls.userHistory).toEqual(['51']);
  });

  it('opens an entry’s detail with its application and who decided', async () => {
    serveAdmin({ history: entries });
    const { user } = renderAdmin('/admin/history');
    const table = await screen.findByRole('table', { name: '판매자 승인 이력' });
    await user.click(
      within(table).getAllByRole('button', { name: /반려됨 이력 상세/ })[0] as HTMLElement,
    );
    const dialog = screen.getByRole('dialog', { name: '이력 상세' });
    expect(dialog).toHaveTextContent('admin');
    expect(await within(dialog).findByText('상세상사')).toBeInTheDocument();
  });

  it('tells an empty history from an empty search', async () => {
    serveAdmin();
    const first = renderAdmin('/admin/history');
    expect(await screen.findByText('표시할 이력이 없습니다.')).toBeInTheDocument();
    first.unmount();
    serveAdmin();
    renderAdmin('/admin/history?keyword=nobody');
    expect(await screen.findByText('검색 결과가 없습니다.')).toBeInTheDocument();
  });

  it('shows the history fallback when it cannot be loaded', async () => {
    server.use(
      http.get('/api/admin/approvals/history', () => HttpResponse.json({}, { status: 500 })),
    );
    renderAdmin('/admin/history');
    expect(await screen.findByText('판매자 이력 목록을 불러오지 못했습니다.')).toBeInTheDocument();
  });
});

describe('/admin/statistics', () => {
  it('shows accounts, concerts by status, 30 days as two charts and a table that can be shown', async () => {
    server.use(
      http.get('/api/admin/statistics', () =>
        HttpResponse.json({ success: true, data: makeAdminStatistics() }),
      ),
    );
    renderAdmin('/admin/statistics');
    expect(
      await screen.findByRole('heading', { level: 1, name: '통계 리포트' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('42명')).toBeInTheDocument();
    expect(screen.getByText('구매자 37 · 판매자 4 · 관리자 1')).toBeInTheDocument();
    expect(screen.getByText('396,000원')).toBeInTheDocument();
    // Two images with a spoken summary; the numbers in a table screen readers always reach.
    const [revenueChart] = screen.getAllByRole('img', { name: /일별 매출 막대 차트/ });
    expect(revenueChart).toHaveAccessibleName(
      /최근 30일 매출 합계 396,000원\. 가장 많은 날은 11\.25 264,000원/,
    );
    expect(screen.getByRole('img', { name: /일별 예매 건수 막대 차트/ })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: /일별 예매와 매출/ });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(31);
    expect(rows[1]).toHaveTextContent('2026.11.26 (목)1건132,000원');
    expect(table.parentElement).toHaveClass('sr-only');
    const toggle = screen.getByRole('button', { name: '표로 보기' });
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(table.parentElement).not.toHaveClass('sr-only');
  });
});
