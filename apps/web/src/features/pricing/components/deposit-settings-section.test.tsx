import type { DepositSettings } from '@curtaincall/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { toastStore } from '@/components/ui/toast-store';
import { users } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { server } from '@/test/server';
import { DepositSettingsSection } from './deposit-settings-section';

const CONCERT_ID = 42;
const path = `/api/seller/concerts/${CONCERT_ID}/payment-settings`;
const savedMessage = '결제 설정이 저장되었습니다.';

/** The server's settings: GET reads them, PUT stores the body (or answers `refuse`). */
function serveSettings(initial: DepositSettings, refuse?: () => Response) {
  const state = { settings: initial, puts: [] as unknown[], gets: 0 };
  server.use(
    http.get(path, () => {
      state.gets += 1;
      return HttpResponse.json({ success: true, data: state.settings });
    }),
    http.put(path, async ({ request }) => {
      const body = (await request.json()) as DepositSettings;
      state.puts.push(body);
      if (refuse) return refuse();
      state.settings = body;
      return HttpResponse.json({ success: true, message: savedMessage, data: body });
    }),
  );
  return state;
}

function renderSection(isClosed = false) {
  const user = userEvent.setup();
  renderWithProviders(<DepositSettingsSection concertId={CONCERT_ID} isClosed={isClosed} />, {
    session: users.seller,
  });
  return user;
}

const toggle = () => screen.getByRole('switch', { name: '가상계좌 결제 받기' });
const dueSelect = () => screen.getByRole('combobox', { name: '입금 기한' });
const cultureBox = () => screen.getByRole('checkbox', { name: '문화비 소득공제 대상 공연' });
const toasts = () => toastStore.getSnapshot().map(({ type, message }) => ({ type, message }));

describe('DepositSettingsSection (결제 설정)', () => {
  it('loads the performance settings into the switch, the deadline and the checkbox', async () => {
    serveSettings({ virtualAccountEnabled: true, depositDueDays: 3, cultureExpense: true });
    renderSection();

    expect(screen.getByRole('heading', { name: '결제 설정' })).toBeVisible();
    await waitFor(() => expect(toggle()).toHaveAttribute('aria-checked', 'true'));
    expect(dueSelect()).toHaveValue('3');
    expect(within(dueSelect()).getByRole('option', { selected: true })).toHaveTextContent(
      '3일 후 23:59',
    );
    expect(
      within(dueSelect())
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      '예매 당일 23:59',
      '다음 날 23:59 (기본)',
      '2일 후 23:59',
      '3일 후 23:59',
      '4일 후 23:59',
      '5일 후 23:59',
      '6일 후 23:59',
      '7일 후 23:59',
    ]);
    expect(cultureBox()).toBeChecked();
    expect(cultureBox()).toHaveAccessibleDescription(/예매확인서에 문화비 소득공제 대상 공연임을/);
  });

  it('saves the whole setting with the right body and says so', async () => {
    const state = serveSettings({
      virtualAccountEnabled: true,
      depositDueDays: 1,
      cultureExpense: false,
    });
    const user = renderSection();
    await waitFor(() => expect(toggle()).toHaveAttribute('aria-checked', 'true'));

    await user.selectOptions(dueSelect(), '예매 당일 23:59');
    await user.click(cultureBox());
    await user.click(screen.getByRole('button', { name: '결제 설정 저장' }));
    await waitFor(() =>
      expect(state.puts).toEqual([
        { virtualAccountEnabled: true, depositDueDays: 0, cultureExpense: true },
      ]),
    );
    await waitFor(() =>
      expect(toasts()).toContainEqual({ type: 'success', message: savedMessage }),
    );

    // Turning 가상계좌 off keeps (and sends) the deadline, which no longer applies.
    await user.click(toggle());
    expect(toggle()).toHaveAttribute('aria-checked', 'false');
    expect(dueSelect()).toBeDisabled();
    expect(dueSelect()).toHaveAccessibleDescription(
      '가상계좌 결제를 받지 않으면 입금 기한은 쓰이지 않습니다.',
    );
    await user.click(screen.getByRole('button', { name: '결제 설정 저장' }));
    await waitFor(() => expect(state.puts).toHaveLength(2));
    expect(state.puts[1]).toEqual({
      virtualAccountEnabled: false,
      depositDueDays: 0,
      cultureExpense: true,
    });
  });

  it("shows the server's field error beside its field and any other refusal above the button", async () => {
    let refusal = () =>
      HttpResponse.json(
        {
          success: false,
          status: 400,
          code: 'C001',
          message: '입력값이 올바르지 않습니다.',
          errors: [{ field: 'depositDueDays', message: '0~7일 사이로 입력해주세요.' }],
        },
        { status: 400 },
      );
    serveSettings({ virtualAccountEnabled: true, depositDueDays: 1, cultureExpense: false }, () =>
      refusal(),
    );
    const user = renderSection();
    await waitFor(() => expect(toggle()).toHaveAttribute('aria-checked', 'true'));

    await user.click(screen.getByRole('button', { name: '결제 설정 저장' }));
    await waitFor(() => expect(dueSelect()).toHaveAttribute('aria-invalid', 'true'));
    expect(dueSelect()).toHaveAccessibleDescription(/0~7일 사이로 입력해주세요\./);
    expect(screen.queryByRole('alert')).toBeNull();

    refusal = () =>
      HttpResponse.json(
        {
          success: false,
          status: 409,
          code: 'S006',
          message: '취소된 공연은 결제 설정을 바꿀 수 없습니다.',
        },
        { status: 409 },
      );
    await user.click(screen.getByRole('button', { name: '결제 설정 저장' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '취소된 공연은 결제 설정을 바꿀 수 없습니다.',
    );
  });

  it('says when the settings cannot be loaded and tries again', async () => {
    let fail = true;
    server.use(
      http.get(path, () =>
        fail
          ? HttpResponse.json(
              { success: false, status: 500, message: '서버에 오류가 발생했습니다.' },
              { status: 500 },
            )
          : HttpResponse.json({
              success: true,
              data: { virtualAccountEnabled: false, depositDueDays: 2, cultureExpense: false },
            }),
      ),
    );
    const user = renderSection();
    expect(await screen.findByText('결제 설정을 불러오지 못했습니다.')).toBeVisible();
    fail = false;
    await user.click(screen.getByRole('button', { name: '다시 시도' }));
    await waitFor(() => expect(toggle()).toHaveAttribute('aria-checked', 'false'));
    expect(dueSelect()).toHaveValue('2');
  });

  it('shows a cancelled or completed performance without a way to change it', async () => {
    const state = serveSettings({
      virtualAccountEnabled: true,
      depositDueDays: 1,
      cultureExpense: false,
    });
    renderSection(true);
    await waitFor(() => expect(toggle()).toBeDisabled());
    expect(dueSelect()).toBeDisabled();
    expect(cultureBox()).toBeDisabled();
    expect(screen.queryByRole('button', { name: '결제 설정 저장' })).toBeNull();
    expect(
      screen.getByText('취소되었거나 종료된 회차라 결제 설정을 바꿀 수 없습니다.'),
    ).toBeVisible();
    expect(state.puts).toEqual([]);
  });
});
