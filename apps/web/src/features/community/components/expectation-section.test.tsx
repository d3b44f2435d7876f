import type { Expectation } from '@curtaincall/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { makeExpectation, pageOf } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { server } from '@/test/server';
import { ExpectationSection } from './expectation-section';

const me = { userId: 10, nickname: '콘서트러버' };

function serveExpectations(initial: Expectation[]) {
  const store = { items: [...initial], requests: [] as string[], bodies: [] as unknown[] };
  server.use(
    http.get('/api/concerts/3/expectations', ({ request }) => {
      const params = new URL(request.url).searchParams;
      store.requests.push(params.toString());
      const page = Number(params.get('page'));
      const size = Number(params.get('size'));
      return HttpResponse.json({
        success: true,
        data: pageOf(store.items.slice(page * size, (page + 1) * size), {
          number: page,
          size,
          totalElements: store.items.length,
        }),
      });
    }),
    http.post('/api/concerts/3/expectations', async ({ request }) => {
      const body = (await request.json()) as Expectation;
      store.bodies.push(body);
      store.items.unshift(makeExpectation({ ...body, id: 500 }));
      return HttpResponse.json(
        { success: true, message: '기대평이 작성되었습니다.' },
        { status: 201 },
      );
    }),
    http.put('/api/concerts/3/expectations/:id', async ({ request, params }) => {
      const body = (await request.json()) as Expectation;
      store.bodies.push(body);
      store.items = store.items.map((e) => (e.id === Number(params.id) ? { ...e, ...body } : e));
      return HttpResponse.json({ success: true, message: '기대평이 수정되었습니다.' });
    }),
    http.delete('/api/concerts/3/expectations/:id', ({ params }) => {
      store.items = store.items.filter((e) => e.id !== Number(params.id));
      return HttpResponse.json({ success: true, message: '기대평이 삭제되었습니다.' });
    }),
  );
  return store;
}

function renderSection(user: typeof me | null = me) {
  const onLoginRequired = vi.fn();
  renderWithProviders(
    <ExpectationSection concertId={3} user={user} onLoginRequired={onLoginRequired} />,
  );
  return { onLoginRequired };
}

describe('ExpectationSection', () => {
  it('lists the newest 10 with score labels, owner-only actions', async () => {
    const store = serveExpectations([
      makeExpectation({ id: 1, userId: 10, comment: '제가 쓴 기대평', expectationRating: 3 }),
      makeExpectation({ id: 2, userId: 11, comment: '남의 기대평', expectationRating: 1 }),
    ]);
    renderSection();
    await screen.findByText('제가 쓴 기대평');
    expect(store.requests).toEqual(['page=0&size=10']);
    const [mine, other] = within(screen.getByRole('list', { name: '기대평 목록' })).getAllByRole(
      'article',
    );
    if (!mine || !other) throw new Error('items missing');
    expect(within(mine).getByText('보통')).toBeInTheDocument();
    expect(within(other).getByText('별로 기대안됨')).toBeInTheDocument();
    expect(within(mine).getByRole('button', { name: '기대평 수정' })).toBeInTheDocument();
    expect(within(other).queryByRole('button', { name: /수정|삭제/ })).not.toBeInTheDocument();
  });

  it('says when there are none, and asks anonymous visitors to log in', async () => {
    const user = userEvent.setup();
    serveExpectations([]);
    const { onLoginRequired } = renderSection(null);
    expect(await screen.findByText('아직 작성된 기대평이 없습니다.')).toBeInTheDocument();
    // buyer-side.md §6: the write button is for logged-in users; visitors get a login prompt.
    expect(screen.queryByRole('button', { name: '기대평 작성' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '로그인하고 기대평 작성' }));
    expect(onLoginRequired).toHaveBeenCalledTimes(1);
  });

  it('validates, counts, trims and sends the session author; default score 5', async () => {
    const user = userEvent.setup();
    const store = serveExpectations([]);
    renderSection();
    await screen.findByText('아직 작성된 기대평이 없습니다.');
    await user.click(screen.getByRole('button', { name: '기대평 작성' }));
    const dialog = await screen.findByRole('dialog', { name: '기대평 작성' });
    expect(within(dialog).getByText('5점 · 정말 기대됨')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: '등록하기' }));
    expect(await within(dialog).findByText('기대평은(는) 필수입니다.')).toBeInTheDocument();

    const comment = within(dialog).getByLabelText('기대평');
    await user.click(comment);
    await user.paste('가'.repeat(450));
    expect(within(dialog).getByText('450/500')).toHaveAttribute('data-tone', 'warning');
    await user.paste('가'.repeat(51));
    expect(within(dialog).getByText('501/500')).toHaveAttribute('data-tone', 'limit');
    await user.click(within(dialog).getByRole('button', { name: '등록하기' }));
    expect(
      await within(dialog).findByText('기대평은(는) 500자 이하여야 합니다.'),
    ).toBeInTheDocument();

    await user.clear(comment);
    await user.type(comment, '  셋리스트가 궁금해요!  ');
    await user.click(within(dialog).getByRole('radio', { name: '4점 많이 기대됨' }));
    await user.click(within(dialog).getByRole('button', { name: '등록하기' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(store.bodies).toEqual([
      {
        comment: '셋리스트가 궁금해요!',
        expectationRating: 4,
        userNickname: '콘서트러버',
        userId: 10,
        concertId: 3,
      },
    ]);
    expect(await screen.findByText('셋리스트가 궁금해요!')).toBeInTheDocument();
    expect(screen.getByText('기대평이 작성되었습니다.')).toBeInTheDocument();
  });

  it('edits and deletes the viewer’s own expectation', async () => {
    const user = userEvent.setup();
    const store = serveExpectations([
      makeExpectation({ id: 1, userId: 10, comment: '처음 기대평' }),
    ]);
    renderSection();
    await user.click(await screen.findByRole('button', { name: '기대평 수정' }));
    const dialog = await screen.findByRole('dialog', { name: '기대평 수정' });
    const comment = within(dialog).getByLabelText('기대평');
    await user.clear(comment);
    await user.type(comment, '바뀐 기대평');
    await user.click(within(dialog).getByRole('button', { name: '수정하기' }));
    expect(await screen.findByText('바뀐 기대평')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '기대평 삭제' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: '삭제하기' }));
    expect(await screen.findByText('아직 작성된 기대평이 없습니다.')).toBeInTheDocument();
    expect(store.items).toHaveLength(0);
  });

  it('shows a load failure with retry', async () => {
    server.use(http.get('/api/concerts/3/expectations', () => HttpResponse.error()));
    renderSection();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('기대평 목록을 불러오는 중 오류가 발생했습니다.');
    expect(within(alert).getByRole('button', { name: '다시 시도' })).toBeInTheDocument();
  });
});
