import {
  cancelFeeTable,
  paymentMessages,
  sellerConcertMessages,
  type SellerConcert,
} from '@curtaincall/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { makeConcert, pageOf, users } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';

/**
 * 취소 마감 on the concert form (issue 27) through the whole app: '공연 N일 전까지' with the fee
 * table, its message from the contract, and `cancelDeadlineDays` in the body only when changed.
 */

vi.setConfig({ testTimeout: 20_000 });

const sellerId = users.seller.userId;

function concert(overrides: Partial<SellerConcert> = {}): SellerConcert {
  return {
    ...makeConcert({
      concertId: 31,
      title: '마감 공연',
      sellerId,
      concertDate: '2099-12-10',
      startTime: '19:00:00',
      endTime: '21:00:00',
      bookingStartDate: '2099-11-01T10:00:00',
      bookingEndDate: '2099-12-09T23:00:00',
      status: 'SCHEDULED',
    }),
    showId: 31,
    refundsPending: 0,
    refundsDone: 0,
    soldSeats: 0,
    cancelDeadlineDays: 5,
    ...overrides,
  };
}

function recordBodies(method: 'post' | 'put', path: string, saved: SellerConcert) {
  const bodies: unknown[] = [];
  server.use(
    http[method](path, async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json(
        { success: true, message: sellerConcertMessages.created, data: saved },
        { status: method === 'post' ? 201 : 200 },
      );
    }),
  );
  return bodies;
}

describe('취소 마감', () => {
  it('register: the fee table, the contract’s message, then the changed days sent', async () => {
    const user = userEvent.setup();
    const bodies = recordBodies('post', '/api/seller/concerts', concert());
    renderApp('/seller/concerts/register', { session: users.seller });
    await screen.findByRole('heading', { level: 1, name: '콘서트 등록' });
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
    const cutoff = screen.getByLabelText('취소 마감');
    expect(cutoff).toHaveValue(3);
    expect(cutoff).toHaveAccessibleDescription(expect.stringContaining('공연 3일 전까지'));
    const table = screen.getByRole('table', { name: /취소수수료 기준/ });
    for (const row of cancelFeeTable) {
      expect(
        within(table).getByRole('row', { name: `${row.when} ${row.fee}` }),
      ).toBeInTheDocument();
    }

    fireEvent.change(cutoff, { target: { value: '31' } });
    await user.click(screen.getByRole('button', { name: '콘서트 등록' }));
    await waitFor(() => expect(cutoff).toHaveFocus());
    expect(cutoff).toHaveAttribute('aria-invalid', 'true');
    expect(cutoff).toHaveAccessibleDescription(
      expect.stringContaining(paymentMessages.cancelDeadlineDays),
    );
    expect(bodies).toEqual([]);

    fireEvent.change(cutoff, { target: { value: '7' } });
    await user.click(screen.getByRole('button', { name: '콘서트 등록' }));
    expect(await screen.findByText(sellerConcertMessages.created)).toBeInTheDocument();
    expect(bodies).toEqual([
      expect.objectContaining({ title: '커튼콜 쇼케이스', cancelDeadlineDays: 7 }),
    ]);
  });

  it("edit: starts from the concert's own cut-off and sends it only when changed", async () => {
    const user = userEvent.setup();
    const current = concert();
    server.use(
      http.get('/api/seller/shows', () =>
        HttpResponse.json({
          success: true,
          data: pageOf([
            {
              showId: current.showId,
              title: current.title,
              artist: current.artist,
              venueName: current.venueName,
              posterImageUrl: null,
              maxTicketsPerShow: null,
              firstDate: current.concertDate,
              lastDate: current.concertDate,
              performances: [current],
            },
          ]),
        }),
      ),
    );
    const bodies = recordBodies('put', '/api/seller/concerts/31', current);
    renderApp('/seller/concerts/manage', { session: users.seller });

    const openEdit = async () => {
      await user.click(
        (await screen.findAllByRole('button', { name: '마감 공연 수정' }))[0] as HTMLElement,
      );
      return screen.findByRole('dialog', { name: '콘서트 수정' });
    };
    let dialog = await openEdit();
    expect(within(dialog).getByLabelText('취소 마감')).toHaveValue(5);
    fireEvent.change(within(dialog).getByLabelText('콘서트 제목'), {
      target: { value: '마감 공연 앙코르' },
    });
    await user.click(within(dialog).getByRole('button', { name: '수정 저장' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ title: '마감 공연 앙코르' });
    expect(bodies[0]).not.toHaveProperty('cancelDeadlineDays');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    dialog = await openEdit();
    fireEvent.change(within(dialog).getByLabelText('취소 마감'), { target: { value: '10' } });
    await user.click(within(dialog).getByRole('button', { name: '수정 저장' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toMatchObject({ cancelDeadlineDays: 10 });
  });
});
