import { paymentMessages } from '@curtaincall/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { users } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';

/** /admin/settings (issue 27): the platform's 예매수수료 per seat, saved or refused. */

vi.setConfig({ testTimeout: 20_000 });

const settingsPath = '/api/admin/settings/payments';
const feeLabel = '좌석 1매당 예매수수료 (원)';

function serveSettings(answerPut: () => Response) {
  const puts: unknown[] = [];
  let fee = 2_000;
  server.use(
    http.get(settingsPath, () =>
      HttpResponse.json({ success: true, data: { bookingFeePerSeat: fee } }),
    ),
    http.put(settingsPath, async ({ request }) => {
      const body = (await request.json()) as { bookingFeePerSeat: number };
      puts.push(body);
      const answer = answerPut();
      if (answer.ok) fee = body.bookingFeePerSeat;
      return answer;
    }),
  );
  return puts;
}

async function openSettings() {
  renderApp('/admin/settings', { session: users.admin });
  expect(await screen.findByRole('heading', { level: 1, name: '플랫폼 설정' })).toBeInTheDocument();
  const input = await screen.findByLabelText(feeLabel);
  expect(input).toHaveValue('2000');
  return input;
}

describe('/admin/settings', () => {
  it('saves the fee with the toast, says it applies to new bookings, shows the new current fee', async () => {
    const user = userEvent.setup();
    const puts = serveSettings(() =>
      HttpResponse.json({
        success: true,
        message: paymentMessages.settingsSaved,
        data: { bookingFeePerSeat: 1_500 },
      }),
    );
    const input = await openSettings();
    expect(screen.getByText(/새 예매부터 적용됩니다/)).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription(expect.stringContaining('(현재 2,000원)'));
    expect(screen.getByRole('navigation', { name: /관리자/ })).toHaveTextContent('플랫폼 설정');

    await user.clear(input);
    await user.type(input, '1,500');
    expect(input).toHaveValue('1500');
    await user.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByText(paymentMessages.settingsSaved)).toBeInTheDocument();
    expect(puts).toEqual([{ bookingFeePerSeat: 1_500 }]);
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription(expect.stringContaining('(현재 1,500원)')),
    );
  });

  it("refuses an empty or too large fee with the contract's message, before sending", async () => {
    const user = userEvent.setup();
    const puts = serveSettings(() => HttpResponse.json({ success: true }));
    const input = await openSettings();
    await user.clear(input);
    await user.click(screen.getByRole('button', { name: '저장' }));
    await waitFor(() => expect(input).toHaveFocus());
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(expect.stringContaining(paymentMessages.bookingFee));
    await user.type(input, '100001');
    expect(input).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: '저장' }));
    expect(input).toHaveAccessibleDescription(expect.stringContaining(paymentMessages.bookingFee));
    expect(puts).toEqual([]);
  });

  it("puts the server's field error next to the input, and any other refusal above the button", async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const puts = serveSettings(() => {
      attempts += 1;
      return attempts === 1
        ? HttpResponse.json(
            {
              success: false,
              status: 400,
              code: 'C001',
              message: paymentMessages.bookingFee,
              errors: [{ field: 'bookingFeePerSeat', message: paymentMessages.bookingFee }],
            },
            { status: 400 },
          )
        : HttpResponse.json(
            { success: false, status: 500, code: 'C003', message: '' },
            { status: 500 },
          );
    });
    const input = await openSettings();
    await user.clear(input);
    await user.type(input, '3000');
    await user.click(screen.getByRole('button', { name: '저장' }));
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    expect(input).toHaveAccessibleDescription(expect.stringContaining(paymentMessages.bookingFee));
    expect(input).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('서버에 오류가 발생했습니다.');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(puts).toEqual([{ bookingFeePerSeat: 3_000 }, { bookingFeePerSeat: 3_000 }]);
  });

  it('offers a retry when the settings cannot be read', async () => {
    const user = userEvent.setup();
    let reads = 0;
    server.use(
      http.get(settingsPath, () => {
        reads += 1;
        return reads === 1
          ? HttpResponse.json(
              { success: false, status: 500, code: 'C003', message: '' },
              { status: 500 },
            )
          : HttpResponse.json({ success: true, data: { bookingFeePerSeat: 2_000 } });
      }),
    );
    renderApp('/admin/settings', { session: users.admin });
    expect(await screen.findByText('결제 설정을 불러오지 못했습니다.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByLabelText(feeLabel)).toHaveValue('2000');
  });
});
