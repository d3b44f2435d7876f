import {
  sellerConcertMessages,
  showMessages,
  type SellerConcert,
  type SellerShow,
} from '@curtaincall/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { toastStore } from '@/components/ui/toast-store';
import {
  addDays,
  addMonths,
  formatDayName,
  formatShortDay,
} from '@/features/seller-concerts/utils/calendar-dates';
import { todayInSeoul } from '@/lib/dates';
import { makeConcert, pageOf, users } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';

/**
 * 회차 on the seller pages (issue 26) through the whole app with the API faked at the network:
 * a show of several performances registered from the calendar, the server's per-performance
 * errors on their rows, the manage list grouping performances under their show, and the show's
 * dialogs (회차 추가, 공연 정보 수정, 공연 전체 취소) and one performance's cancel.
 */

vi.setConfig({ testTimeout: 30_000 });

const sellerId = users.seller.userId;
/**
 * The month after the calendar's first (tomorrow's month): its days are always after today and
 * one '다음 달' away.
 */
const month = addMonths(`${addDays(todayInSeoul(), 1).slice(0, 8)}01`, 1).slice(0, 7);
const day = (n: number) => `${month}-${String(n).padStart(2, '0')}`;

function performance(overrides: Partial<SellerConcert>): SellerConcert {
  return {
    ...makeConcert({
      sellerId,
      title: '커튼콜 투어',
      artist: '커튼콜 밴드',
      concertDate: day(10),
      startTime: '19:00:00',
      endTime: '21:00:00',
      totalSeats: 1500,
      bookingStartDate: `${day(1)}T10:00:00`,
      bookingEndDate: `${day(9)}T23:00:00`,
      status: 'ON_SALE',
      createdAt: '2026-11-01T12:00:00',
      updatedAt: '2026-11-01T12:00:00',
      ...overrides,
    }),
    showId: 50,
    refundsPending: 0,
    refundsDone: 0,
    soldSeats: 0,
    cancelDeadlineDays: 3,
    ...overrides,
  };
}

function showOf(performances: SellerConcert[], overrides: Partial<SellerShow> = {}): SellerShow {
  const [first] = performances;
  return {
    showId: first?.showId ?? 50,
    title: first?.title ?? '',
    artist: first?.artist ?? '',
    venueName: first?.venueName ?? '',
    posterImageUrl: null,
    maxTicketsPerShow: null,
    firstDate: performances[0]?.concertDate ?? '',
    lastDate: performances.at(-1)?.concertDate ?? '',
    performances,
    ...overrides,
  };
}

interface Recorded {
  line: string;
  body?: unknown;
}

async function record(calls: Recorded[], request: Request) {
  const url = new URL(request.url);
  const entry: Recorded = { line: `${request.method} ${url.pathname}${url.search}` };
  if (request.headers.get('content-type')?.includes('application/json')) {
    entry.body = await request.clone().json();
  }
  calls.push(entry);
}

/** The calendar of the register form turned to next month, then the given days clicked. */
async function pickDays(user: UserEvent, days: number[]) {
  await user.click(screen.getByRole('button', { name: '다음 달' }));
  for (const n of days) {
    await user.click(screen.getByRole('gridcell', { name: formatDayName(day(n)) }));
  }
}

function dateGroup(n: number) {
  return screen.getByRole('group', { name: formatShortDay(day(n)) });
}

function fillShared() {
  const values: Record<string, string> = {
    '콘서트 제목': '커튼콜 투어',
    아티스트: '커튼콜 밴드',
    공연장명: '커튼콜 아트홀',
    '총 좌석 수': '1500',
    '예매 시작일시': `${day(1)}T10:00`,
    '예매 종료일시': `${day(9)}T23:00`,
  };
  for (const [label, value] of Object.entries(values)) {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  }
}

function setTimes(container: HTMLElement, start: string, end: string) {
  fireEvent.change(within(container).getByLabelText('시작 시간'), { target: { value: start } });
  fireEvent.change(within(container).getByLabelText('종료 시간'), { target: { value: end } });
}

/** Days 10 and 11, the 11th at 14:00 and 19:00: three performances. */
async function pickThreePerformances(user: UserEvent) {
  await pickDays(user, [10]);
  setTimes(dateGroup(10), '19:00', '21:00');
  await user.click(screen.getByRole('gridcell', { name: formatDayName(day(11)) }));
  // The new date starts with the hours of the one before it.
  expect(within(dateGroup(11)).getByLabelText('시작 시간')).toHaveValue('19:00');
  await user.click(
    within(dateGroup(11)).getByRole('button', { name: `${formatShortDay(day(11))} 시간 추가` }),
  );
  const second = within(dateGroup(11)).getByRole('group', {
    name: `${formatShortDay(day(11))} 1번째 시간`,
  });
  setTimes(second, '14:00', '16:00');
  const third = within(dateGroup(11)).getByRole('group', {
    name: `${formatShortDay(day(11))} 2번째 시간`,
  });
  setTimes(third, '19:00', '21:00');
  return { second, third };
}

describe('/seller/concerts/register with 회차', () => {
  it('registers a show of three performances in one POST /seller/shows', async () => {
    const user = userEvent.setup();
    const calls: Recorded[] = [];
    const saved = showOf([
      performance({ concertId: 51, concertDate: day(10) }),
      performance({ concertId: 52, concertDate: day(11), startTime: '14:00:00' }),
      performance({ concertId: 53, concertDate: day(11) }),
    ]);
    server.use(
      http.post('/api/seller/shows', async ({ request }) => {
        await record(calls, request);
        return HttpResponse.json(
          { success: true, message: showMessages.created, data: saved },
          { status: 201 },
        );
      }),
      http.get('/api/seller/shows', () =>
        HttpResponse.json({ success: true, data: pageOf([saved]) }),
      ),
    );
    renderApp('/seller/concerts/register', { session: users.seller });
    await screen.findByRole('heading', { level: 1, name: '콘서트 등록' });
    fillShared();
    await pickThreePerformances(user);
    expect(screen.getByText(/회차/, { selector: 'p[aria-live]' })).toHaveTextContent('회차 3개');
    fireEvent.change(screen.getByLabelText(/공연 전체 1인 최대 예매 수/), {
      target: { value: '6' },
    });
    await user.click(screen.getByRole('button', { name: '콘서트 등록' }));
    expect(await screen.findByText(showMessages.created)).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.line).toBe(`POST /api/seller/shows?sellerId=${sellerId}`);
    expect(calls[0]?.body).toEqual({
      title: '커튼콜 투어',
      artist: '커튼콜 밴드',
      description: null,
      venueName: '커튼콜 아트홀',
      venueAddress: null,
      minAge: 0,
      maxTicketsPerUser: 4,
      maxTicketsPerShow: 6,
      posterImageUrl: null,
      status: 'SCHEDULED',
      totalSeats: 1500,
      bookingStartDate: `${day(1)}T10:00`,
      bookingEndDate: `${day(9)}T23:00`,
      performances: [
        { concertDate: day(10), startTime: '19:00', endTime: '21:00' },
        { concertDate: day(11), startTime: '14:00', endTime: '16:00' },
        { concertDate: day(11), startTime: '19:00', endTime: '21:00' },
      ],
    });
  });

  it("shows the server's performances[2].startTime next to that performance, all typed values kept", async () => {
    const user = userEvent.setup();
    server.use(
      http.post('/api/seller/shows', () =>
        HttpResponse.json(
          {
            success: false,
            status: 400,
            code: 'C001',
            message: showMessages.performanceDuplicate,
            errors: [
              { field: 'performances[2].startTime', message: showMessages.performanceDuplicate },
            ],
          },
          { status: 400 },
        ),
      ),
    );
    renderApp('/seller/concerts/register', { session: users.seller });
    await screen.findByRole('heading', { level: 1, name: '콘서트 등록' });
    fillShared();
    const { second, third } = await pickThreePerformances(user);
    await user.click(screen.getByRole('button', { name: '콘서트 등록' }));
    const start = within(third).getByLabelText('시작 시간');
    await waitFor(() => expect(start).toHaveAttribute('aria-invalid', 'true'));
    expect(start).toHaveAccessibleDescription(showMessages.performanceDuplicate);
    expect(start).toHaveFocus();
    expect(within(second).getByLabelText('시작 시간')).not.toHaveAttribute('aria-invalid');
    expect(within(dateGroup(10)).getByLabelText('시작 시간')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('alert')).toHaveTextContent(showMessages.performanceDuplicate);
    // Nothing typed is lost.
    expect(start).toHaveValue('19:00');
    expect(within(second).getByLabelText('시작 시간')).toHaveValue('14:00');
    expect(screen.getByLabelText('콘서트 제목')).toHaveValue('커튼콜 투어');
    expect(screen.getByLabelText('예매 시작일시')).toHaveValue(`${day(1)}T10:00`);
    // Fixing the field clears its message.
    fireEvent.change(start, { target: { value: '20:00' } });
    expect(start).not.toHaveAttribute('aria-invalid');
  });

  it('회차별 설정: each performance asks for its own booking window, checked before sending', async () => {
    const user = userEvent.setup();
    const calls: Recorded[] = [];
    server.use(
      http.post('/api/seller/shows', async ({ request }) => {
        await record(calls, request);
        return HttpResponse.json({ success: true, data: null });
      }),
    );
    renderApp('/seller/concerts/register', { session: users.seller });
    await screen.findByRole('heading', { level: 1, name: '콘서트 등록' });
    fillShared();
    // One date: no choice to make yet.
    await pickDays(user, [10]);
    expect(screen.queryByRole('group', { name: '예매 기간' })).not.toBeInTheDocument();
    setTimes(dateGroup(10), '19:00', '21:00');
    await user.click(screen.getByRole('gridcell', { name: formatDayName(day(12)) }));
    const choice = screen.getByRole('group', { name: '예매 기간' });
    expect(within(choice).getByRole('radio', { name: '모든 회차 동일' })).toBeChecked();
    await user.click(within(choice).getByRole('radio', { name: '회차별 설정' }));
    // The shared fields give way to each performance's own.
    expect(screen.getAllByLabelText('예매 시작일시')).toHaveLength(2);
    fireEvent.change(within(dateGroup(10)).getByLabelText('예매 시작일시'), {
      target: { value: `${day(1)}T10:00` },
    });
    fireEvent.change(within(dateGroup(10)).getByLabelText('예매 종료일시'), {
      target: { value: `${day(9)}T23:00` },
    });
    await user.click(screen.getByRole('button', { name: '콘서트 등록' }));
    const missing = within(dateGroup(12)).getByLabelText('예매 시작일시');
    await waitFor(() => expect(missing).toHaveAttribute('aria-invalid', 'true'));
    expect(missing).toHaveAccessibleDescription(sellerConcertMessages.bookingStartRequired);
    expect(within(dateGroup(10)).getByLabelText('예매 시작일시')).not.toHaveAttribute(
      'aria-invalid',
    );
    expect(calls).toEqual([]);
  });

  it('takes a date out again from the calendar, by keyboard', async () => {
    const user = userEvent.setup();
    renderApp('/seller/concerts/register', { session: users.seller });
    await screen.findByRole('heading', { level: 1, name: '콘서트 등록' });
    await pickDays(user, [10, 11]);
    const eleventh = screen.getByRole('gridcell', { name: formatDayName(day(11)) });
    expect(eleventh).toHaveAttribute('aria-selected', 'true');
    eleventh.focus();
    await user.keyboard('{Enter}');
    expect(eleventh).toHaveAttribute('aria-selected', 'false');
    expect(screen.queryByRole('group', { name: formatShortDay(day(11)) })).not.toBeInTheDocument();
    await user.keyboard('{ArrowRight}{ }');
    expect(dateGroup(12)).toBeInTheDocument();
  });
});

describe('/seller/concerts/manage with 회차', () => {
  const tour = [
    performance({ concertId: 51, concertDate: day(10), soldSeats: 120 }),
    performance({ concertId: 52, concertDate: day(11), startTime: '14:00:00', soldSeats: 30 }),
    performance({ concertId: 53, concertDate: day(12), status: 'SCHEDULED' }),
  ];
  const single = { ...performance({ concertId: 60, title: '단독 공연' }), showId: 60 };

  function serveShows(calls: Recorded[] = []) {
    server.use(
      http.get('/api/seller/shows', async ({ request }) => {
        await record(calls, request);
        return HttpResponse.json({
          success: true,
          data: pageOf([showOf(tour, { maxTicketsPerShow: 6 }), showOf([single])]),
        });
      }),
      http.get('/api/seller/shows/50', () =>
        HttpResponse.json({ success: true, data: showOf(tour, { maxTicketsPerShow: 6 }) }),
      ),
    );
  }

  it('groups performances under their show, each with its own sold/total and buttons', async () => {
    serveShows();
    renderApp('/seller/concerts/manage', { session: users.seller });
    const table = await screen.findByRole('table', { name: '내 콘서트 목록' });
    const rows = within(table).getAllByRole('row');
    // Header, the show, its three performances, then the show of one as the spec's row.
    expect(rows).toHaveLength(6);
    expect(rows[1]).toHaveTextContent('커튼콜 투어');
    expect(rows[1]).toHaveTextContent('3회차');
    expect(rows[1]).toHaveTextContent('3회');
    expect(rows[1]).toHaveTextContent('판매 150 / 4,500석');
    expect(rows[2]).toHaveTextContent('1회차');
    expect(rows[2]).toHaveTextContent('판매 120 / 1,500석');
    expect(rows[3]).toHaveTextContent('판매 30 / 1,500석');
    expect(rows[4]).toHaveTextContent('예정됨');
    const showRow = rows[1] as HTMLElement;
    for (const name of ['회차 추가', '공연 정보 수정', 'AI 요약 재생성', '공연 전체 취소']) {
      expect(within(showRow).getByRole('button', { name: `커튼콜 투어 ${name}` })).toBeEnabled();
    }
    const firstPerformance = rows[2] as HTMLElement;
    expect(within(firstPerformance).getByRole('link', { name: /좌석 관리$/ })).toHaveAttribute(
      'href',
      '/seller/concerts/51/seats',
    );
    expect(within(firstPerformance).getByRole('button', { name: /이 회차 취소$/ })).toBeEnabled();
    // The show of one keeps today's row, and can take another performance.
    const singleRow = rows[5] as HTMLElement;
    expect(within(singleRow).getByRole('button', { name: '단독 공연 수정' })).toBeEnabled();
    expect(within(singleRow).getByRole('button', { name: '단독 공연 취소' })).toBeEnabled();
    expect(within(singleRow).getByRole('button', { name: '단독 공연 회차 추가' })).toBeEnabled();
    // Phones: the same show as one card with its performances listed.
    const cards = screen.getByRole('list', { name: '커튼콜 투어 회차 목록' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(3);
    expect(within(cards).getAllByRole('listitem')[0]).toHaveTextContent('판매 120 / 1,500석');
  });

  it("a performance's 수정 edits its own fields only", async () => {
    const user = userEvent.setup();
    serveShows();
    renderApp('/seller/concerts/manage', { session: users.seller });
    const table = await screen.findByRole('table', { name: '내 콘서트 목록' });
    await user.click(
      within(table).getAllByRole('button', { name: /^커튼콜 투어 .* 수정$/ })[1] as HTMLElement,
    );
    const dialog = await screen.findByRole('dialog', { name: '회차 수정' });
    expect(within(dialog).getByLabelText('시작 시간')).toHaveValue('19:00');
    expect(within(dialog).queryByLabelText('콘서트 제목')).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/포스터 이미지 URL/)).not.toBeInTheDocument();
    expect(dialog).toHaveAccessibleDescription(/공연 정보 수정/);
  });

  it('cancels one performance, saying only its buyers are refunded', async () => {
    const user = userEvent.setup();
    const calls: Recorded[] = [];
    serveShows();
    server.use(
      http.delete('/api/seller/concerts/:id', async ({ request }) => {
        await record(calls, request);
        return HttpResponse.json({
          success: true,
          message: sellerConcertMessages.cancelled,
          data: { ...tour[1], status: 'CANCELLED', refundsPending: 2 },
        });
      }),
    );
    renderApp('/seller/concerts/manage', { session: users.seller });
    const table = await screen.findByRole('table', { name: '내 콘서트 목록' });
    const second = within(table).getAllByRole('row')[3] as HTMLElement;
    await user.click(within(second).getByRole('button', { name: /이 회차 취소$/ }));
    const dialog = await screen.findByRole('dialog', { name: '이 회차 취소' });
    expect(dialog).toHaveTextContent('회차만 취소합니다');
    expect(dialog).toHaveTextContent('이 회차의 결제된 예매만 전액 환불');
    expect(dialog).toHaveTextContent('다른 회차의 예매와 판매는 그대로입니다.');
    await user.click(within(dialog).getByRole('button', { name: '이 회차 취소' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.map((c) => c.line)).toEqual([
      `DELETE /api/seller/concerts/52?sellerId=${sellerId}`,
    ]);
    expect(toastStore.getSnapshot().map((t) => t.message)).toContain(
      '콘서트가 취소되었습니다. 결제된 예매 2건의 환불을 차례로 진행합니다. 진행 상황은 목록에서 확인할 수 있습니다.',
    );
  });

  it('공연 전체 취소: every 회차 cancelled and every buyer refunded, after confirming', async () => {
    const user = userEvent.setup();
    const calls: Recorded[] = [];
    serveShows();
    server.use(
      http.post('/api/seller/shows/:showId/cancel', async ({ request }) => {
        await record(calls, request);
        return HttpResponse.json({
          success: true,
          message: showMessages.cancelled,
          data: showOf(tour.map((p) => ({ ...p, status: 'CANCELLED', refundsPending: 1 }))),
        });
      }),
    );
    renderApp('/seller/concerts/manage', { session: users.seller });
    await user.click(
      (
        await screen.findAllByRole('button', { name: '커튼콜 투어 공연 전체 취소' })
      )[0] as HTMLElement,
    );
    const dialog = await screen.findByRole('dialog', { name: '공연 전체 취소' });
    expect(dialog).toHaveTextContent('이 공연의 모든 회차(3개)가 취소됩니다.');
    expect(dialog).toHaveTextContent('모든 회차의 결제된 예매가 전액 환불');
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(3);
    await user.click(within(dialog).getByRole('button', { name: '공연 전체 취소' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.map((c) => c.line)).toEqual([
      `POST /api/seller/shows/50/cancel?sellerId=${sellerId}`,
    ]);
    expect(toastStore.getSnapshot().map((t) => t.message)).toContain(
      `${showMessages.cancelled} 결제된 예매 3건의 환불을 차례로 진행합니다. 진행 상황은 목록에서 확인할 수 있습니다.`,
    );
  });

  it('회차 추가: a date on the calendar, the show’s hours, its own window; refusals on the fields', async () => {
    const user = userEvent.setup();
    const calls: Recorded[] = [];
    serveShows();
    let answered = 0;
    server.use(
      http.post('/api/seller/shows/:showId/performances', async ({ request }) => {
        await record(calls, request);
        answered += 1;
        if (answered === 1) {
          return HttpResponse.json(
            {
              success: false,
              status: 400,
              code: 'C001',
              message: showMessages.performanceDuplicate,
              errors: [{ field: 'startTime', message: showMessages.performanceDuplicate }],
            },
            { status: 400 },
          );
        }
        return HttpResponse.json(
          {
            success: true,
            message: showMessages.performanceAdded,
            data: performance({ concertId: 54, concertDate: day(20) }),
          },
          { status: 201 },
        );
      }),
    );
    renderApp('/seller/concerts/manage', { session: users.seller });
    await user.click(
      (await screen.findAllByRole('button', { name: '커튼콜 투어 회차 추가' }))[0] as HTMLElement,
    );
    const dialog = await screen.findByRole('dialog', { name: '회차 추가' });
    // The show's performance dates are marked; the last one's hours are the starting point.
    await user.click(within(dialog).getByRole('button', { name: '다음 달' }));
    expect(
      within(dialog).getByRole('gridcell', {
        name: `${formatDayName(day(10))}, 이미 회차가 있는 날`,
      }),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('시작 시간')).toHaveValue('19:00');
    await user.click(within(dialog).getByRole('gridcell', { name: formatDayName(day(20)) }));
    expect(within(dialog).getByLabelText('공연 날짜')).toHaveValue(day(20));
    await user.click(within(dialog).getByRole('button', { name: '회차 추가' }));
    // Checked before sending, in the contract's words.
    expect(
      await within(dialog).findByText(sellerConcertMessages.bookingStartRequired),
    ).toBeVisible();
    expect(calls).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('예매 시작일시'), {
      target: { value: `${day(1)}T10:00` },
    });
    fireEvent.change(within(dialog).getByLabelText('예매 종료일시'), {
      target: { value: `${day(19)}T23:00` },
    });
    await user.click(within(dialog).getByRole('button', { name: '회차 추가' }));
    const start = within(dialog).getByLabelText('시작 시간');
    await waitFor(() => expect(start).toHaveAttribute('aria-invalid', 'true'));
    expect(start).toHaveAccessibleDescription(showMessages.performanceDuplicate);
    fireEvent.change(start, { target: { value: '15:00' } });
    await user.click(within(dialog).getByRole('button', { name: '회차 추가' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.at(-1)).toEqual({
      line: `POST /api/seller/shows/50/performances?sellerId=${sellerId}`,
      body: {
        concertDate: day(20),
        startTime: '15:00',
        endTime: '21:00',
        bookingStartDate: `${day(1)}T10:00`,
        bookingEndDate: `${day(19)}T23:00`,
        status: 'SCHEDULED',
      },
    });
    expect(toastStore.getSnapshot().map((t) => t.message)).toContain(showMessages.performanceAdded);
  });

  it('공연 정보 수정: the shared fields once, sent for every performance', async () => {
    const user = userEvent.setup();
    const calls: Recorded[] = [];
    serveShows();
    server.use(
      http.put('/api/seller/shows/:showId', async ({ request }) => {
        await record(calls, request);
        return HttpResponse.json({
          success: true,
          message: showMessages.updated,
          data: showOf(tour.map((p) => ({ ...p, title: '커튼콜 투어 앵콜' }))),
        });
      }),
    );
    renderApp('/seller/concerts/manage', { session: users.seller });
    await user.click(
      (
        await screen.findAllByRole('button', { name: '커튼콜 투어 공연 정보 수정' })
      )[0] as HTMLElement,
    );
    const dialog = await screen.findByRole('dialog', { name: '공연 정보 수정' });
    const title = await within(dialog).findByLabelText('콘서트 제목');
    expect(title).toHaveValue('커튼콜 투어');
    expect(within(dialog).getByLabelText(/공연 전체 1인 최대 예매 수/)).toHaveValue(6);
    // Schedules stay each performance's own.
    expect(within(dialog).queryByLabelText('시작 시간')).not.toBeInTheDocument();
    fireEvent.change(title, { target: { value: '커튼콜 투어 앵콜' } });
    fireEvent.change(within(dialog).getByLabelText(/공연 전체 1인 최대 예매 수/), {
      target: { value: '2' },
    });
    await user.click(within(dialog).getByRole('button', { name: '수정 저장' }));
    // Below the per-person limit (4): refused before sending.
    expect(
      await within(dialog).findByText(showMessages.maxTicketsPerShowBelowPerUser),
    ).toBeVisible();
    expect(calls).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText(/공연 전체 1인 최대 예매 수/), {
      target: { value: '' },
    });
    await user.click(within(dialog).getByRole('button', { name: '수정 저장' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toEqual([
      {
        line: `PUT /api/seller/shows/50?sellerId=${sellerId}`,
        body: {
          title: '커튼콜 투어 앵콜',
          artist: '커튼콜 밴드',
          description: null,
          venueName: '올림픽공원 KSPO DOME',
          venueAddress: '서울특별시 송파구 올림픽로 424',
          minAge: 0,
          posterImageUrl: null,
          maxTicketsPerShow: null,
        },
      },
    ]);
    expect(toastStore.getSnapshot().map((t) => t.message)).toContain(showMessages.updated);
  });
});
