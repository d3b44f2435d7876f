import type { Review } from '@curtaincall/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeReview, pageOf } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { server } from '@/test/server';
import { ReviewSection } from './review-section';

const me = { userId: 10, nickname: '콘서트러버' };

/** A fake of the review endpoints of concert 3 over an in-memory list, newest first. */
function serveReviews(initial: Review[]) {
  const store = {
    reviews: [...initial],
    requests: [] as URLSearchParams[],
    bodies: [] as unknown[],
  };
  let nextId = 1000;
  server.use(
    http.get('/api/concerts/reviews/3', ({ request }) => {
      const params = new URL(request.url).searchParams;
      store.requests.push(params);
      const page = Number(params.get('page'));
      const size = Number(params.get('size'));
      // The server's verifiedOnly filter (issue 23).
      const listed =
        params.get('verifiedOnly') === 'true'
          ? store.reviews.filter((review) => review.verified)
          : store.reviews;
      const content = listed.slice(page * size, (page + 1) * size);
      return HttpResponse.json({
        success: true,
        data: pageOf(content, { number: page, size, totalElements: listed.length }),
      });
    }),
    http.post('/api/concerts/3/reviews', async ({ request }) => {
      const body = (await request.json()) as Review;
      store.bodies.push(body);
      const review = makeReview({ ...body, id: nextId++, concertId: 3 });
      store.reviews.unshift(review);
      return HttpResponse.json(
        { success: true, message: '후기가 작성되었습니다.', data: review },
        { status: 201 },
      );
    }),
    http.put('/api/concerts/3/reviews/:reviewId', async ({ request, params }) => {
      const body = (await request.json()) as Review;
      store.bodies.push(body);
      store.reviews = store.reviews.map((r) =>
        r.id === Number(params.reviewId) ? { ...r, ...body } : r,
      );
      return HttpResponse.json({ success: true, message: '후기가 수정되었습니다.' });
    }),
    http.delete('/api/concerts/3/reviews/:reviewId', ({ params }) => {
      store.reviews = store.reviews.filter((r) => r.id !== Number(params.reviewId));
      return HttpResponse.json({ success: true, message: '후기가 삭제되었습니다.' });
    }),
  );
  return store;
}

function renderSection(user: typeof me | null = me) {
  const onLoginRequired = vi.fn();
  const view = renderWithProviders(
    <ReviewSection concertId={3} user={user} onLoginRequired={onLoginRequired} />,
  );
  return { ...view, onLoginRequired };
}

const list = () => screen.getByRole('list', { name: '관람평 목록' });
const items = () => within(list()).getAllByRole('article');
const lastRequest = (store: { requests: URLSearchParams[] }) => store.requests.at(-1)?.toString();

const initialWidth = window.innerWidth;
afterEach(() => {
  window.innerWidth = initialWidth;
});

describe('ReviewSection: the list', () => {
  it('asks for the newest 10 and shows nickname, date, stars with label and the text', async () => {
    const store = serveReviews([
      makeReview({
        id: 1,
        userNickname: '음악팬',
        rating: 4,
        title: '최고의 밤',
        description: '라이브가 정말 좋았어요.',
        createdAt: '2025-10-05T22:10:00',
      }),
    ]);
    renderSection();
    const [item] = await screen.findAllByRole('article');
    if (!item) throw new Error('no item');
    expect(lastRequest(store)).toBe('page=0&size=10&sortBy=createdAt&sortDir=desc');
    expect(within(item).getByText('음악팬')).toBeInTheDocument();
    expect(within(item).getByText('2025.10.05')).toBeInTheDocument();
    expect(within(item).getByRole('img', { name: '5점 만점에 4점' })).toBeInTheDocument();
    expect(within(item).getByText('좋아요')).toBeInTheDocument();
    expect(within(item).getByRole('heading', { name: '최고의 밤' })).toBeInTheDocument();
    expect(within(item).getByText('라이브가 정말 좋았어요.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /관람평/ })).toHaveTextContent('1');
  });

  it('sorts by 평점순 (best first) and 제목순 (가나다) from page 0', async () => {
    const user = userEvent.setup();
    const store = serveReviews(Array.from({ length: 25 }, (_, i) => makeReview({ id: i + 1 })));
    renderSection();
    await user.click(await screen.findByRole('button', { name: '2 페이지' }));
    await waitFor(() => expect(store.requests.at(-1)?.get('page')).toBe('1'));
    await user.click(screen.getByRole('button', { name: '평점순' }));
    await waitFor(() =>
      expect(lastRequest(store)).toBe('page=0&size=10&sortBy=rating&sortDir=desc'),
    );
    await user.click(screen.getByRole('button', { name: '제목순' }));
    await waitFor(() => expect(lastRequest(store)).toBe('page=0&size=10&sortBy=title&sortDir=asc'));
    expect(screen.getByRole('button', { name: '최신순' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('cuts texts at 100 characters, 80 on mobile, behind 더보기', async () => {
    const long = '가'.repeat(100) + '나'.repeat(20);
    serveReviews([makeReview({ id: 1, description: long })]);
    const { unmount } = renderSection();
    expect(await screen.findByText(`${'가'.repeat(100)}…`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '관람평 내용 더보기' })).toBeInTheDocument();
    unmount();

    act(() => {
      window.innerWidth = 375;
    });
    renderSection();
    expect(await screen.findByText(`${'가'.repeat(80)}…`)).toBeInTheDocument();
  });

  it('marks 예매자 관람평 and filters them with a chip that starts again from page 0', async () => {
    const user = userEvent.setup();
    const store = serveReviews(
      Array.from({ length: 15 }, (_, i) =>
        makeReview({ id: i + 1, title: `후기 ${i + 1}`, verified: i % 5 === 0 }),
      ),
    );
    renderSection();
    await screen.findAllByRole('article');
    const marked = () =>
      items().filter((item) => within(item).queryByText('예매자 관람평') !== null);
    expect(items()).toHaveLength(10);
    expect(marked().map((item) => within(item).getByRole('heading').textContent)).toEqual([
      '후기 1',
      '후기 6',
    ]);
    await user.click(screen.getByRole('button', { name: '2 페이지' }));
    await waitFor(() => expect(store.requests.at(-1)?.get('page')).toBe('1'));

    const chip = screen.getByRole('button', { name: '예매자 관람평만' });
    expect(chip).toHaveAttribute('aria-pressed', 'false');
    await user.click(chip);
    await waitFor(() =>
      expect(lastRequest(store)).toBe(
        'page=0&size=10&sortBy=createdAt&sortDir=desc&verifiedOnly=true',
      ),
    );
    expect(chip).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(items()).toHaveLength(3));
    expect(marked()).toHaveLength(3);
    expect(screen.getByRole('heading', { name: /관람평/ })).toHaveTextContent('3');

    await user.click(chip);
    await waitFor(() =>
      expect(lastRequest(store)).toBe('page=0&size=10&sortBy=createdAt&sortDir=desc'),
    );
    await waitFor(() => expect(items()).toHaveLength(10));
  });

  it('says when there are no 예매자 관람평 yet', async () => {
    const user = userEvent.setup();
    serveReviews([makeReview({ id: 1, verified: false })]);
    renderSection();
    await screen.findAllByRole('article');
    await user.click(screen.getByRole('button', { name: '예매자 관람평만' }));
    expect(await screen.findByText('아직 예매자 관람평이 없습니다.')).toBeInTheDocument();
  });

  it('says when there are no reviews yet', async () => {
    serveReviews([]);
    renderSection();
    expect(await screen.findByText('아직 작성된 관람평이 없습니다.')).toBeInTheDocument();
  });

  it('shows a load failure with the reason and retries', async () => {
    const user = userEvent.setup();
    let calls = 0;
    server.use(
      http.get('/api/concerts/reviews/3', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.error()
          : HttpResponse.json({
              success: true,
              data: pageOf([makeReview({ title: '돌아온 리뷰' })]),
            });
      }),
    );
    renderSection();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('리뷰 목록을 불러오는 중 오류가 발생했습니다.');
    await user.click(within(alert).getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByText('돌아온 리뷰')).toBeInTheDocument();
  });
});

describe('ReviewSection: who may do what', () => {
  it('shows edit and delete only on the viewer’s own reviews (strict id match)', async () => {
    serveReviews([
      makeReview({ id: 1, userId: 10, userNickname: '콘서트러버', title: '내 리뷰' }),
      makeReview({ id: 2, userId: 11, userNickname: '콘서트러버', title: '같은 닉네임 다른 사람' }),
      makeReview({ id: 3, userId: 100, title: '남의 리뷰' }),
    ]);
    renderSection();
    await screen.findByText('내 리뷰');
    const [mine, sameNickname, other] = items();
    if (!mine || !sameNickname || !other) throw new Error('items missing');
    expect(within(mine).getByRole('button', { name: '관람평 수정' })).toBeInTheDocument();
    expect(within(mine).getByRole('button', { name: '관람평 삭제' })).toBeInTheDocument();
    expect(within(mine).getByText('내 관람평')).toBeInTheDocument();
    for (const item of [sameNickname, other]) {
      expect(within(item).queryByRole('button', { name: /수정|삭제/ })).not.toBeInTheDocument();
    }
  });

  it('shows no edit or delete to anonymous visitors, and sends them to log in to write', async () => {
    const user = userEvent.setup();
    serveReviews([makeReview({ id: 1, userId: 10, title: '누군가의 리뷰' })]);
    const { onLoginRequired } = renderSection(null);
    await screen.findByText('누군가의 리뷰');
    expect(screen.queryByRole('button', { name: /수정|삭제/ })).not.toBeInTheDocument();
    // buyer-side.md §6: the write button is for logged-in users; visitors get a login prompt.
    expect(screen.queryByRole('button', { name: '관람평 작성' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '로그인하고 관람평 작성' }));
    expect(onLoginRequired).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('ReviewSection: writing, editing and deleting', () => {
  it('validates with the form messages and counters, trims, and sends the session author', async () => {
    const user = userEvent.setup();
    const store = serveReviews([]);
    renderSection();
    await screen.findByText('아직 작성된 관람평이 없습니다.');
    await user.click(screen.getByRole('button', { name: '관람평 작성' }));
    const dialog = await screen.findByRole('dialog', { name: '관람평 작성' });
    expect(within(dialog).getByText('5점 · 최고예요')).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: '5점 최고예요' })).toBeChecked();

    await user.click(within(dialog).getByRole('button', { name: '등록하기' }));
    expect(await within(dialog).findByText('제목은(는) 필수입니다.')).toBeInTheDocument();
    expect(within(dialog).getByText('내용은(는) 필수입니다.')).toBeInTheDocument();

    const title = within(dialog).getByLabelText('제목');
    await user.click(title);
    await user.paste('가'.repeat(89));
    expect(within(dialog).getByText('89/100')).toHaveAttribute('data-tone', 'normal');
    await user.type(title, '가');
    expect(within(dialog).getByText('90/100')).toHaveAttribute('data-tone', 'warning');
    await user.paste('가'.repeat(11));
    expect(within(dialog).getByText('101/100')).toHaveAttribute('data-tone', 'limit');
    await user.click(within(dialog).getByRole('button', { name: '등록하기' }));
    expect(
      await within(dialog).findByText('제목은(는) 100자 이하여야 합니다.'),
    ).toBeInTheDocument();

    await user.clear(title);
    await user.type(title, '  인생 공연  ');
    await user.type(within(dialog).getByLabelText('내용'), '  떼창이 최고였어요.  ');
    await user.click(within(dialog).getByRole('radio', { name: '4점 좋아요' }));
    expect(within(dialog).getByText('4점 · 좋아요')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '등록하기' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(store.bodies).toEqual([
      {
        title: '인생 공연',
        description: '떼창이 최고였어요.',
        rating: 4,
        userNickname: '콘서트러버',
        userId: 10,
        concertId: 3,
      },
    ]);
    expect(await screen.findByText('후기가 작성되었습니다.')).toBeInTheDocument();
    expect(await screen.findByText('인생 공연')).toBeInTheDocument();
  });

  it('closes the form with Escape without sending', async () => {
    const user = userEvent.setup();
    const store = serveReviews([]);
    renderSection();
    await screen.findByText('아직 작성된 관람평이 없습니다.');
    await user.click(screen.getByRole('button', { name: '관람평 작성' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(store.bodies).toEqual([]);
  });

  it('returns to page 0 after a new review', async () => {
    const user = userEvent.setup();
    const store = serveReviews(Array.from({ length: 15 }, (_, i) => makeReview({ id: i + 1 })));
    renderSection();
    await user.click(await screen.findByRole('button', { name: '2 페이지' }));
    await screen.findByText('15개 중 11-15개 표시');
    await user.click(screen.getByRole('button', { name: '관람평 작성' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('제목'), '새 리뷰');
    await user.type(within(dialog).getByLabelText('내용'), '새 내용');
    await user.click(within(dialog).getByRole('button', { name: '등록하기' }));
    expect(await screen.findByText('16개 중 1-10개 표시')).toBeInTheDocument();
    expect(store.requests.at(-1)?.get('page')).toBe('0');
    expect(items()[0]).toHaveTextContent('새 리뷰');
  });

  it('reloads the same page after an edit, with the new rating', async () => {
    const user = userEvent.setup();
    const reviews = Array.from({ length: 15 }, (_, i) =>
      makeReview({ id: i + 1, userId: i === 12 ? 10 : 50, title: `리뷰 ${i + 1}` }),
    );
    const store = serveReviews(reviews);
    renderSection();
    await user.click(await screen.findByRole('button', { name: '2 페이지' }));
    await screen.findByText('리뷰 13');
    const requestsBefore = store.requests.length;
    await user.click(screen.getByRole('button', { name: '관람평 수정' }));
    const dialog = await screen.findByRole('dialog', { name: '관람평 수정' });
    const title = within(dialog).getByLabelText('제목');
    expect(title).toHaveValue('리뷰 13');
    await user.clear(title);
    await user.type(title, '고친 리뷰');
    await user.click(within(dialog).getByRole('radio', { name: '2점 그저그래요' }));
    await user.click(within(dialog).getByRole('button', { name: '수정하기' }));

    expect(await screen.findByText('고친 리뷰')).toBeInTheDocument();
    expect(store.bodies.at(-1)).toEqual({
      title: '고친 리뷰',
      description: reviews[12]?.description,
      rating: 2,
      userNickname: '콘서트러버',
      userId: 10,
    });
    expect(store.requests.length).toBeGreaterThan(requestsBefore);
    expect(store.requests.at(-1)?.get('page')).toBe('1');
    expect(screen.getByText('그저그래요')).toBeInTheDocument();
  });

  it('asks before deleting, and goes back a page when the last item of a page goes', async () => {
    const user = userEvent.setup();
    const store = serveReviews(
      Array.from({ length: 11 }, (_, i) => makeReview({ id: i + 1, userId: i === 10 ? 10 : 50 })),
    );
    renderSection();
    await user.click(await screen.findByRole('button', { name: '2 페이지' }));
    await screen.findByText('11개 중 11-11개 표시');

    await user.click(screen.getByRole('button', { name: '관람평 삭제' }));
    const dialog = screen.getByRole('dialog', { name: '관람평 삭제' });
    expect(dialog).toHaveTextContent('관람평을 삭제하시겠습니까?');
    await user.click(within(dialog).getByRole('button', { name: '취소' }));
    expect(store.reviews).toHaveLength(11);

    await user.click(screen.getByRole('button', { name: '관람평 삭제' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: '삭제하기' }));
    expect(await screen.findByText('후기가 삭제되었습니다.')).toBeInTheDocument();
    expect(await screen.findByText('10개 중 1-10개 표시')).toBeInTheDocument();
    expect(store.requests.at(-1)?.get('page')).toBe('0');
  });

  it('stays on the page when other items remain after a delete', async () => {
    const user = userEvent.setup();
    const store = serveReviews(
      Array.from({ length: 12 }, (_, i) => makeReview({ id: i + 1, userId: i === 10 ? 10 : 50 })),
    );
    renderSection();
    await user.click(await screen.findByRole('button', { name: '2 페이지' }));
    await screen.findByText('12개 중 11-12개 표시');
    await user.click(screen.getByRole('button', { name: '관람평 삭제' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: '삭제하기' }));
    expect(await screen.findByText('11개 중 11-11개 표시')).toBeInTheDocument();
    expect(store.requests.at(-1)?.get('page')).toBe('1');
  });

  it('shows the failure and the server’s reason in the modal', async () => {
    const user = userEvent.setup();
    serveReviews([makeReview({ id: 1, userId: 10 })]);
    server.use(
      http.delete('/api/concerts/3/reviews/1', () =>
        HttpResponse.json(
          {
            success: false,
            status: 403,
            code: 'A003',
            message: '본인이 작성한 후기만 수정/삭제할 수 있습니다.',
          },
          { status: 403 },
        ),
      ),
      http.post('/api/concerts/3/reviews', () => HttpResponse.error()),
    );
    renderSection();
    await user.click(await screen.findByRole('button', { name: '관람평 삭제' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: '삭제하기' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '리뷰 삭제에 실패했습니다. 본인이 작성한 후기만 수정/삭제할 수 있습니다.',
    );
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: '관람평 작성' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('제목'), '제목');
    await user.type(within(dialog).getByLabelText('내용'), '내용');
    await user.click(within(dialog).getByRole('button', { name: '등록하기' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('리뷰 작성에 실패했습니다.');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
