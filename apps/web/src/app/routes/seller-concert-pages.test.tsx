import {
  demoHallLayout,
  posterUploadMessages,
  sellerConcertMessages,
  type SellerConcert,
} from '@curtaincall/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toastStore } from '@/components/ui/toast-store';
import { refundProgressRefetchMs } from '@/features/seller-concerts/api/seller-concerts-api';
import { makeConcert, pageOf, users } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';

/**
 * The seller concert pages through the whole app (guards, layout, lazy routes) with the API
 * faked at the network: the form's rules and the server's errors, the 1.5 s close, the poster
 * rollback calls, the list's filters and pages, cancel and AI summary regeneration.
 */

const sellerId = users.seller.userId;
const uploadedUrl = 'http://localhost:3000/uploads/posters/new-poster.webp';
const originalUrl = 'http://localhost:3000/uploads/posters/original.webp';

function sellerConcert(overrides: Partial<SellerConcert> = {}): SellerConcert {
  return {
    ...makeConcert({
      sellerId,
      concertDate: '2099-12-10',
      startTime: '19:00:00',
      endTime: '21:00:00',
      bookingStartDate: '2099-11-01T10:00:00',
      bookingEndDate: '2099-12-09T23:00:00',
      status: 'SCHEDULED',
      createdAt: '2026-11-01T12:00:00',
      updatedAt: '2026-11-01T12:00:00',
      ...overrides,
    }),
    showId: 1,
    refundsPending: 0,
    refundsDone: 0,
    soldSeats: 0,
    cancelDeadlineDays: 3,
    ...overrides,
  };
}

/**
 * `GET /seller/shows` as the server answers it (issue 26): each concert here is a show of its own
 * (its show id is its concert id), so the list draws the spec's single rows.
 */
function showOfOne(concert: SellerConcert) {
  return {
    showId: concert.concertId,
    title: concert.title,
    artist: concert.artist,
    venueName: concert.venueName,
    posterImageUrl: concert.posterImageUrl,
    maxTicketsPerShow: null,
    firstDate: concert.concertDate,
    lastDate: concert.concertDate,
    performances: [{ ...concert, showId: concert.concertId }],
  };
}

/** Every seller-concert call, as 'METHOD path?query' (and the JSON body where there is one). */
interface Recorded {
  line: string;
  body?: unknown;
}

function recordCalls() {
  const calls: Recorded[] = [];
  const record = async (request: Request) => {
    const url = new URL(request.url);
    const entry: Recorded = { line: `${request.method} ${url.pathname}${url.search}` };
    if (request.headers.get('content-type')?.includes('application/json')) {
      entry.body = await request.clone().json();
    }
    calls.push(entry);
  };
  return { calls, record };
}

function serveUploads(record: (request: Request) => Promise<void>) {
  server.use(
    http.post('/api/upload/poster', async ({ request }) => {
      await record(request);
      return HttpResponse.json({ success: true, message: '파일 업로드 성공', data: uploadedUrl });
    }),
    http.delete('/api/upload/temp', async ({ request }) => {
      await record(request);
      return HttpResponse.json({ success: true, message: posterUploadMessages.deleted });
    }),
    http.delete('/api/upload/poster/specific', async ({ request }) => {
      await record(request);
      return HttpResponse.json({ success: true, message: posterUploadMessages.deleted });
    }),
    http.patch('/api/upload/poster/:concertId/restore', async ({ request }) => {
      await record(request);
      return HttpResponse.json({
        success: true,
        message: posterUploadMessages.restored,
        data: sellerConcert({ posterImageUrl: originalUrl }),
      });
    }),
  );
}

afterEach(() => {
  vi.useRealTimers();
});

function posterFile() {
  return new File([new Uint8Array([137, 80, 78, 71, 1, 2, 3])], 'poster.png', {
    type: 'image/png',
  });
}

/** Fills the required fields as a picker or a paste would: whole values at once. */
function fillValidForm() {
  const values: Record<string, string> = {
    '콘서트 제목': '커튼콜 쇼케이스',
    아티스트: '커튼콜 밴드',
    공연장명: '커튼콜 아트홀',
    '공연 날짜': '2099-12-10',
    '시작 시간': '19:00',
    '종료 시간': '21:00',
    '총 좌석 수': '60',
    '예매 시작일시': '2099-11-01T10:00',
    '예매 종료일시': '2099-12-09T23:00',
  };
  for (const [label, value] of Object.entries(values)) {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  }
}

/** Whole-app renders with lazy routes are slow on a busy machine. */
vi.setConfig({ testTimeout: 20_000 });

describe('access', () => {
  it.each([
    ['/seller/concerts/register', '콘서트 등록은 로그인한 판매자만 가능합니다.'],
    ['/seller/concerts/manage', '콘서트 관리는 로그인한 판매자만 가능합니다.'],
  ])('sends an anonymous visitor of %s to the 403 page with the spec words', async (path, text) => {
    const { router } = renderApp(path, { session: null });
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/unauthorized');
    expect(screen.getByRole('link', { name: /로그인하고 모든 기능/ })).toHaveAttribute(
      'href',
      '/login',
    );
  });

  it('tells a logged-in non-seller what the 403 page always says', async () => {
    server.use(http.get('/api/auth/me', () => HttpResponse.json(users.user)));
    renderApp('/seller/concerts/register', { session: users.user });
    expect(
      await screen.findByText(/판매자 또는 관리자 권한이 있어야 이용할 수 있는 페이지입니다/),
    ).toBeInTheDocument();
  });
});

describe('/seller/concerts/register', () => {
  it('shows the §5 messages before sending and focuses the first field', async () => {
    const user = userEvent.setup();
    const { calls, record } = recordCalls();
    server.use(
      http.post('/api/seller/concerts', async ({ request }) => {
        await record(request);
        return HttpResponse.json({ success: true }, { status: 201 });
      }),
    );
    renderApp('/seller/concerts/register', { session: users.seller });
    expect(
      await screen.findByRole('heading', { level: 1, name: '콘서트 등록' }),
    ).toBeInTheDocument();
    for (const section of ['기본 정보', '공연장 정보', '공연 일시', '예매 설정', '추가 설정']) {
      expect(screen.getByRole('group', { name: section })).toBeInTheDocument();
    }
    expect(screen.getByRole('group', { name: '포스터 이미지' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '콘서트 등록' }));
    expect(await screen.findByText(sellerConcertMessages.titleRequired)).toBeInTheDocument();
    expect(screen.getByText(sellerConcertMessages.artistRequired)).toBeInTheDocument();
    expect(screen.getByText(sellerConcertMessages.totalSeats)).toBeInTheDocument();
    expect(screen.getByText(sellerConcertMessages.bookingEndRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('콘서트 제목')).toHaveFocus();
    expect(calls).toEqual([]);
  });

  it("puts a 400 answer's errors[] on the fields", async () => {
    const user = userEvent.setup();
    server.use(
      http.post('/api/seller/concerts', () =>
        HttpResponse.json(
          {
            success: false,
            status: 400,
            code: 'C001',
            message: sellerConcertMessages.concertDatePast,
            errors: [{ field: 'concertDate', message: sellerConcertMessages.concertDatePast }],
          },
          { status: 400 },
        ),
      ),
    );
    renderApp('/seller/concerts/register', { session: users.seller });
    await screen.findByRole('heading', { level: 1, name: '콘서트 등록' });
    fillValidForm();
    await user.click(screen.getByRole('button', { name: '콘서트 등록' }));
    const dateField = screen.getByLabelText('공연 날짜');
    await waitFor(() => expect(dateField).toHaveAttribute('aria-invalid', 'true'));
    expect(dateField).toHaveAccessibleDescription(sellerConcertMessages.concertDatePast);
    expect(screen.getByRole('alert')).toHaveTextContent(sellerConcertMessages.concertDatePast);
    expect(dateField).toHaveFocus();
  });

  it('sends every key, shows the success message and moves to the list 1.5 s later', async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    const { calls, record } = recordCalls();
    server.use(
      http.post('/api/seller/concerts', async ({ request }) => {
        await record(request);
        return HttpResponse.json(
          { success: true, message: sellerConcertMessages.created, data: sellerConcert() },
          { status: 201 },
        );
      }),
      http.get('/api/seller/shows', () =>
        HttpResponse.json({ success: true, data: pageOf([showOfOne(sellerConcert())]) }),
      ),
    );
    const { router } = renderApp('/seller/concerts/register', { session: users.seller });
    await screen.findByRole('heading', { level: 1, name: '콘서트 등록' });
    fillValidForm();
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    await user.click(screen.getByRole('button', { name: '콘서트 등록' }));
    expect(await screen.findByText(sellerConcertMessages.created)).toBeInTheDocument();
    expect(calls).toEqual([
      {
        line: `POST /api/seller/concerts?sellerId=${sellerId}`,
        body: {
          title: '커튼콜 쇼케이스',
          artist: '커튼콜 밴드',
          description: null,
          venueName: '커튼콜 아트홀',
          venueAddress: null,
          concertDate: '2099-12-10',
          startTime: '19:00',
          endTime: '21:00',
          totalSeats: 60,
          bookingStartDate: '2099-11-01T10:00',
          bookingEndDate: '2099-12-09T23:00',
          minAge: 0,
          maxTicketsPerUser: 4,
          posterImageUrl: null,
          status: 'SCHEDULED',
        },
      },
    ]);
    act(() => vi.advanceTimersByTime(1400));
    expect(router.state.location.pathname).toBe('/seller/concerts/register');
    act(() => vi.advanceTimersByTime(100));
    await waitFor(() => expect(router.state.location.pathname).toBe('/seller/concerts/manage'));
  });

  it('creates from a saved venue: no seat count, the venue id and only the prices changed', async () => {
    const user = userEvent.setup();
    const { calls, record } = recordCalls();
    const hall = demoHallLayout();
    const venueSummary = {
      id: 7,
      name: '커튼콜 아트홀',
      address: null,
      layoutName: hall.name,
      totalPlaces: 1500,
      sectionCount: hall.sections.length,
      grades: hall.grades.map((g) => ({ ...g, color: g.color ?? null, places: 0 })),
      concertCount: 0,
      createdAt: '2026-11-01T10:00:00',
      updatedAt: '2026-11-01T10:00:00',
    };
    server.use(
      http.get('/api/seller/venues', () =>
        HttpResponse.json({ success: true, data: [venueSummary] }),
      ),
      http.get('/api/seller/venues/7', () =>
        HttpResponse.json({ success: true, data: { ...venueSummary, layout: hall } }),
      ),
      http.post('/api/seller/concerts', async ({ request }) => {
        await record(request);
        return HttpResponse.json(
          { success: true, message: sellerConcertMessages.created, data: sellerConcert() },
          { status: 201 },
        );
      }),
    );
    renderApp('/seller/concerts/register', { session: users.seller });
    await screen.findByRole('heading', { level: 1, name: '콘서트 등록' });
    fillValidForm();
    await user.click(screen.getByRole('radio', { name: '저장한 공연장 사용' }));
    expect(screen.queryByLabelText('총 좌석 수')).not.toBeInTheDocument();
    await user.selectOptions(await screen.findByLabelText('공연장'), '7');
    const rPrice = await screen.findByLabelText('R석 가격');
    await user.clear(rPrice);
    await user.type(rPrice, '121000');
    await user.tab();
    await user.click(screen.getByRole('button', { name: '콘서트 등록' }));
    expect(await screen.findByText(sellerConcertMessages.created)).toBeInTheDocument();
    const body = calls[0]?.body as Record<string, unknown>;
    expect(body).not.toHaveProperty('totalSeats');
    expect(body).toMatchObject({ venueId: 7, gradePrices: [{ code: 'R', price: 121000 }] });
  });

  it('asks before closing with an upload, then deletes it as a temp file and goes to /concerts', async () => {
    const user = userEvent.setup();
    const { calls, record } = recordCalls();
    serveUploads(record);
    const { router } = renderApp('/seller/concerts/register', { session: users.seller });
    await screen.findByRole('heading', { level: 1, name: '콘서트 등록' });
    await user.upload(screen.getByLabelText('포스터 파일 선택'), posterFile());
    await waitFor(() =>
      expect(screen.getByLabelText(/포스터 이미지 URL/)).toHaveValue(uploadedUrl),
    );
    expect(screen.getByRole('img', { name: '포스터 미리보기' })).toHaveAttribute(
      'src',
      uploadedUrl,
    );
    expect(calls.map((c) => c.line)).toEqual(['POST /api/upload/poster']);

    await user.click(screen.getByRole('button', { name: '취소' }));
    const confirm = await screen.findByRole('dialog', { name: '작성을 그만둘까요?' });
    await user.click(within(confirm).getByRole('button', { name: '계속 작성' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/seller/concerts/register');

    await user.click(screen.getByRole('button', { name: '취소' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: '작성을 그만둘까요?' })).getByRole(
        'button',
        { name: '저장하지 않고 닫기' },
      ),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/concerts'));
    expect(calls.map((c) => c.line)).toEqual([
      'POST /api/upload/poster',
      `DELETE /api/upload/temp?fileUrl=${encodeURIComponent(uploadedUrl)}&sellerId=${sellerId}`,
    ]);
  });

  it('closes at once when nothing was entered', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/seller/concerts/register', { session: users.seller });
    await screen.findByRole('heading', { level: 1, name: '콘서트 등록' });
    await user.click(screen.getByRole('button', { name: '취소' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/concerts'));
  });

  it('a failed submit deletes the session upload and clears the poster', async () => {
    const user = userEvent.setup();
    const { calls, record } = recordCalls();
    serveUploads(record);
    server.use(
      http.post('/api/seller/concerts', () =>
        HttpResponse.json(
          { success: false, status: 500, code: 'C003', message: '' },
          { status: 500 },
        ),
      ),
    );
    renderApp('/seller/concerts/register', { session: users.seller });
    await screen.findByRole('heading', { level: 1, name: '콘서트 등록' });
    fillValidForm();
    await user.upload(screen.getByLabelText('포스터 파일 선택'), posterFile());
    await waitFor(() =>
      expect(screen.getByLabelText(/포스터 이미지 URL/)).toHaveValue(uploadedUrl),
    );
    await user.click(screen.getByRole('button', { name: '콘서트 등록' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('서버에 오류가 발생했습니다.');
    expect(screen.getByRole('alert')).toHaveTextContent('업로드한 포스터를 삭제했습니다.');
    expect(screen.getByLabelText(/포스터 이미지 URL/)).toHaveValue('');
    expect(calls.map((c) => c.line)).toContain(
      `DELETE /api/upload/temp?fileUrl=${encodeURIComponent(uploadedUrl)}&sellerId=${sellerId}`,
    );
  });

  it('refuses a poster of the wrong type before uploading', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { calls, record } = recordCalls();
    serveUploads(record);
    renderApp('/seller/concerts/register', { session: users.seller });
    await screen.findByRole('heading', { level: 1, name: '콘서트 등록' });
    await user.upload(
      screen.getByLabelText('포스터 파일 선택'),
      new File(['%PDF'], 'poster.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByText(posterUploadMessages.fileType)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});

describe('/seller/concerts/manage', () => {
  function serveList(concerts: SellerConcert[], record?: (request: Request) => Promise<void>) {
    server.use(
      http.get('/api/seller/shows', async ({ request }) => {
        await record?.(request);
        const url = new URL(request.url);
        const size = Number(url.searchParams.get('size'));
        const page = Number(url.searchParams.get('page'));
        return HttpResponse.json({
          success: true,
          data: pageOf(concerts.slice(page * size, (page + 1) * size).map(showOfOne), {
            number: page,
            size,
            totalElements: concerts.length,
          }),
        });
      }),
      http.get('/api/seller/concerts/status', async ({ request }) => {
        await record?.(request);
        const status = new URL(request.url).searchParams.get('status');
        return HttpResponse.json({
          success: true,
          data: concerts
            .filter((concert) => concert.status === status)
            .map((concert) => ({ ...concert, showId: concert.concertId })),
        });
      }),
    );
  }

  it('pages newest first with the range line, page sizes and status chips', async () => {
    const user = userEvent.setup();
    const concerts = Array.from({ length: 25 }, (_, i) =>
      sellerConcert({
        concertId: 100 + i,
        title: `공연 ${i + 1}`,
        status: i < 2 ? 'CANCELLED' : 'ON_SALE',
      }),
    );
    const { calls, record } = recordCalls();
    serveList(concerts, record);
    renderApp('/seller/concerts/manage', { session: users.seller });
    expect(await screen.findByText('총 25개 중 1-10번째 표시')).toBeInTheDocument();
    // Issue 26: the list is of shows, newest first, each with its performances.
    expect(calls[0]?.line).toBe(`GET /api/seller/shows?sellerId=${sellerId}&page=0&size=10`);
    expect(screen.getByRole('option', { name: '100개씩' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '3 페이지' }));
    expect(await screen.findByText('총 25개 중 21-25번째 표시')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('페이지 크기'), '50');
    expect(await screen.findByText('총 25개 중 1-25번째 표시')).toBeInTheDocument();

    const chips = screen.getByRole('group', { name: '상태 필터' });
    expect(
      within(chips)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['전체', '예정됨', '예매중', '매진', '취소됨', '완료됨']);
    await user.click(within(chips).getByRole('button', { name: '취소됨' }));
    expect(await screen.findByText('총 2개 중 1-2번째 표시')).toBeInTheDocument();
    expect(calls.at(-1)?.line).toBe(
      `GET /api/seller/concerts/status?sellerId=${sellerId}&status=CANCELLED`,
    );
    expect(within(chips).getByRole('button', { name: '취소됨' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(within(chips).getByRole('button', { name: '매진' }));
    expect(await screen.findByText('등록된 콘서트가 없습니다.')).toBeInTheDocument();
  });

  it('shows a row as registered or modified, with pending refunds', async () => {
    serveList([
      sellerConcert({ concertId: 1, title: '새 공연' }),
      sellerConcert({
        concertId: 2,
        title: '고친 공연',
        status: 'CANCELLED',
        updatedAt: '2026-11-02T09:30:00',
        refundsPending: 2,
        refundsDone: 3,
      }),
      sellerConcert({
        concertId: 3,
        title: '환불 끝난 공연',
        status: 'CANCELLED',
        refundsDone: 4,
      }),
    ]);
    renderApp('/seller/concerts/manage', { session: users.seller });
    const table = await screen.findByRole('table', { name: '내 콘서트 목록' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('등록');
    expect(rows[2]).toHaveTextContent('수정2026.11.02');
    expect(rows[2]).toHaveTextContent('환불 진행 3/5건');
    expect(rows[3]).toHaveTextContent('환불 완료 4건');
    expect(
      within(rows[2] as HTMLElement).getByRole('button', { name: '고친 공연 수정' }),
    ).toBeDisabled();
  });

  it('keeps asking while refunds are in progress, so the seller watches them finish', async () => {
    const cancelled = sellerConcert({
      concertId: 4,
      title: '환불 중인 공연',
      status: 'CANCELLED',
      refundsPending: 30,
    });
    const concerts = [cancelled];
    serveList(concerts);
    renderApp('/seller/concerts/manage', { session: users.seller });
    const table = await screen.findByRole('table', { name: '내 콘서트 목록' });
    expect(table).toHaveTextContent('환불 진행 0/30건');
    // The refund job moves on; nothing is clicked, the list asks again by itself.
    concerts[0] = { ...cancelled, refundsPending: 0, refundsDone: 30 };
    expect(
      await within(table).findByText(
        '환불 완료 30건',
        {},
        { timeout: refundProgressRefetchMs + 2_000 },
      ),
    ).toBeInTheDocument();
  }, 15_000);

  it("cancels after confirming, and shows the server's 409 in the dialog", async () => {
    const user = userEvent.setup();
    const concert = sellerConcert({ concertId: 5, title: '취소할 공연', status: 'ON_SALE' });
    serveList([concert]);
    let answered = 0;
    server.use(
      http.delete('/api/seller/concerts/:id', () => {
        answered += 1;
        if (answered === 1) {
          return HttpResponse.json(
            {
              success: false,
              status: 409,
              code: 'S006',
              message: sellerConcertMessages.alreadyCancelled,
            },
            { status: 409 },
          );
        }
        return HttpResponse.json({
          success: true,
          message: sellerConcertMessages.cancelled,
          data: { ...concert, status: 'CANCELLED', refundsPending: 1 },
        });
      }),
    );
    renderApp('/seller/concerts/manage', { session: users.seller });
    await user.click(
      (await screen.findAllByRole('button', { name: '취소할 공연 취소' }))[0] as HTMLElement,
    );
    const dialog = await screen.findByRole('dialog', { name: '콘서트 취소' });
    expect(dialog).toHaveTextContent('결제된 모든 예매가 전액 환불');
    await user.click(within(dialog).getByRole('button', { name: '콘서트 취소' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('이미 취소된 콘서트입니다.');
    await user.click(within(dialog).getByRole('button', { name: '콘서트 취소' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(toastStore.getSnapshot().map((t) => t.message)).toContain(
      '콘서트가 취소되었습니다. 결제된 예매 1건의 환불을 차례로 진행합니다. 진행 상황은 목록에서 확인할 수 있습니다.',
    );
  });

  it('edit: closing after an upload deletes it for the concert, then restores the original', async () => {
    const user = userEvent.setup();
    const concert = sellerConcert({
      concertId: 9,
      title: '포스터 공연',
      posterImageUrl: originalUrl,
    });
    serveList([concert]);
    const { calls, record } = recordCalls();
    serveUploads(record);
    renderApp('/seller/concerts/manage', { session: users.seller });
    await user.click(
      (await screen.findAllByRole('button', { name: '포스터 공연 수정' }))[0] as HTMLElement,
    );
    const dialog = await screen.findByRole('dialog', { name: '콘서트 수정' });
    expect(within(dialog).getByLabelText('시작 시간')).toHaveValue('19:00');
    await user.upload(within(dialog).getByLabelText('포스터 파일 선택'), posterFile());
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/포스터 이미지 URL/)).toHaveValue(uploadedUrl),
    );
    await user.keyboard('{Escape}');
    const confirm = await screen.findByRole('dialog', { name: '작성을 그만둘까요?' });
    await user.click(within(confirm).getByRole('button', { name: '저장하지 않고 닫기' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toEqual([
      { line: 'POST /api/upload/poster' },
      {
        line: `DELETE /api/upload/poster/specific?fileUrl=${encodeURIComponent(uploadedUrl)}&concertId=9&sellerId=${sellerId}`,
      },
      {
        line: `PATCH /api/upload/poster/9/restore?sellerId=${sellerId}`,
        body: { originalUrl },
      },
    ]);
  });

  it('edit: shows an edit rule refusal in Korean and rolls the upload back', async () => {
    const user = userEvent.setup();
    const concert = sellerConcert({
      concertId: 11,
      title: '판매된 공연',
      posterImageUrl: originalUrl,
    });
    serveList([concert]);
    const { calls, record } = recordCalls();
    serveUploads(record);
    server.use(
      http.put('/api/seller/concerts/:id', () =>
        HttpResponse.json(
          { success: false, status: 409, code: 'S006', message: sellerConcertMessages.seatsLocked },
          { status: 409 },
        ),
      ),
    );
    renderApp('/seller/concerts/manage', { session: users.seller });
    await user.click(
      (await screen.findAllByRole('button', { name: '판매된 공연 수정' }))[0] as HTMLElement,
    );
    const dialog = await screen.findByRole('dialog', { name: '콘서트 수정' });
    await user.upload(within(dialog).getByLabelText('포스터 파일 선택'), posterFile());
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/포스터 이미지 URL/)).toHaveValue(uploadedUrl),
    );
    fireEvent.change(within(dialog).getByLabelText('총 좌석 수'), { target: { value: '10' } });
    await user.click(within(dialog).getByRole('button', { name: '수정 저장' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      sellerConcertMessages.seatsLocked,
    );
    expect(within(dialog).getByLabelText(/포스터 이미지 URL/)).toHaveValue(originalUrl);
    expect(calls.map((c) => c.line)).toEqual([
      'POST /api/upload/poster',
      `DELETE /api/upload/poster/specific?fileUrl=${encodeURIComponent(uploadedUrl)}&concertId=11&sellerId=${sellerId}`,
      `PATCH /api/upload/poster/11/restore?sellerId=${sellerId}`,
    ]);
  });
});

describe('AI summary regeneration', () => {
  function serveOne(concert: SellerConcert) {
    server.use(
      http.get('/api/seller/shows', () =>
        HttpResponse.json({ success: true, data: pageOf([showOfOne(concert)]) }),
      ),
    );
  }

  it('shows the new summary at once, refreshes the public pages and waits 30 s', async () => {
    const concert = sellerConcert({ concertId: 21, title: '요약 공연', aiSummary: '이전 요약' });
    serveOne(concert);
    let regenerated = 0;
    server.use(
      http.post('/api/seller/concerts/:id/ai-summary/regenerate', () => {
        regenerated += 1;
        return HttpResponse.json({
          success: true,
          message: 'AI 요약이 성공적으로 생성되었습니다.',
          data: `새 요약 ${regenerated}`,
        });
      }),
    );
    const { queryClient } = renderApp('/seller/concerts/manage', { session: users.seller });
    queryClient.setQueryData(['concerts', 'detail', 21], { title: '요약 공연' });
    queryClient.setQueryData(['concerts', 'ai-summary', 21], '이전 요약');
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setInterval', 'clearInterval', 'Date'] });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    await user.click(
      (
        await screen.findAllByRole('button', { name: '요약 공연 AI 요약 재생성' })
      )[0] as HTMLElement,
    );
    const dialog = await screen.findByRole('dialog', { name: 'AI 요약 재생성' });
    expect(within(dialog).getByTestId('ai-summary-text')).toHaveTextContent('이전 요약');
    await user.click(within(dialog).getByRole('button', { name: 'AI 요약 재생성' }));
    await waitFor(() =>
      expect(within(dialog).getByTestId('ai-summary-text')).toHaveTextContent('새 요약 1'),
    );
    expect(within(dialog).getByText('AI 요약이 성공적으로 생성되었습니다.')).toBeInTheDocument();
    const button = within(dialog).getByRole('button', { name: /초 후 다시 생성 가능/ });
    expect(button).toBeDisabled();
    expect(button).toHaveTextContent('30초 후 다시 생성 가능');
    expect(queryClient.getQueryState(['concerts', 'detail', 21])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['concerts', 'ai-summary', 21])?.isInvalidated).toBe(true);

    // Closing and reopening does not skip the wait.
    await user.click(within(dialog).getAllByRole('button', { name: '닫기' })[0] as HTMLElement);
    await user.click(
      screen.getAllByRole('button', { name: '요약 공연 AI 요약 재생성' })[0] as HTMLElement,
    );
    const reopened = await screen.findByRole('dialog', { name: 'AI 요약 재생성' });
    expect(within(reopened).getByRole('button', { name: /초 후 다시 생성 가능/ })).toBeDisabled();

    act(() => vi.advanceTimersByTime(29_000));
    expect(within(reopened).getByRole('button', { name: /1초 후 다시 생성 가능/ })).toBeDisabled();
    act(() => vi.advanceTimersByTime(1_000));
    expect(within(reopened).getByRole('button', { name: 'AI 요약 재생성' })).toBeEnabled();
    expect(regenerated).toBe(1);
  });

  it('is unavailable for a show that has started: 수정 and AI 요약 disabled, with the reason', async () => {
    // Issue 23: the row's buttons are disabled as the server refuses both (409 S006), instead of
    // a dialog that can only say no.
    serveOne(
      sellerConcert({
        concertId: 22,
        title: '지난 공연',
        concertDate: '2020-01-01',
        bookingStartDate: '2019-12-01T10:00:00',
        bookingEndDate: '2019-12-31T10:00:00',
        status: 'COMPLETED',
        soldSeats: 7,
        totalSeats: 30,
      }),
    );
    renderApp('/seller/concerts/manage', { session: users.seller });
    for (const name of ['지난 공연 AI 요약 재생성', '지난 공연 수정', '지난 공연 취소']) {
      for (const button of await screen.findAllByRole('button', { name })) {
        expect(button).toBeDisabled();
      }
    }
    const table = screen.getByRole('table', { name: '내 콘서트 목록' });
    expect(
      within(table).getByText('종료된 공연은 수정, AI 요약, 취소를 할 수 없습니다.'),
    ).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: '지난 공연 AI 요약 재생성' })).toHaveAttribute(
      'title',
      '이미 종료된 공연입니다',
    );
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('판매 7 / 30석');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
