import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { makeBookingSummary } from '../test/mypage-fixtures';
import { BookingHistoryItem } from './booking-history-item';

const plain = (text: string | null | undefined) => (text ?? '').replace(/\u00a0/g, ' ');

describe('BookingHistoryItem and 회차', () => {
  it('names the 회차 of a show of several performances by its date and start time', () => {
    renderWithProviders(
      <BookingHistoryItem
        booking={makeBookingSummary({
          concertTitle: '겨울 투어',
          concertDate: '2026-12-20',
          startTime: '18:00:00',
        })}
      />,
    );
    expect(screen.getByText('공연일').closest('div')).toHaveTextContent(
      '2026.12.20(일) 18:00 회차',
    );
  });

  it('keeps the date alone for a plain concert (the spec’s list entry has no time)', () => {
    renderWithProviders(
      <BookingHistoryItem booking={makeBookingSummary({ concertDate: '2026-12-24' })} />,
    );
    const line = screen.getByText('공연일').closest('div');
    expect(plain(line?.textContent)).toBe('공연일2026.12.24 (목)');
    expect(line).not.toHaveTextContent('회차');
  });
});

describe('BookingHistoryItem awaiting a deposit (issue 28)', () => {
  it('reads 입금 대기 and sends the buyer to the detail for the account', () => {
    renderWithProviders(
      <BookingHistoryItem booking={makeBookingSummary({ bookingStatus: 'AWAITING_DEPOSIT' })} />,
    );
    expect(screen.getByText('입금 대기')).toBeInTheDocument();
    expect(
      screen.getByText(
        '입금 기한 안에 입금해주세요. 입금 계좌와 기한은 예매 상세에서 확인할 수 있어요.',
      ),
    ).toBeInTheDocument();
  });

  it('shows the account, amount and deadline with 복사 (the number copied)', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <BookingHistoryItem
        booking={makeBookingSummary({
          bookingStatus: 'AWAITING_DEPOSIT',
          totalAmount: 104_000,
          virtualAccount: {
            bankCode: '20',
            bankName: '우리은행',
            accountNumber: '27022459136430',
            holder: '커튼콜(주)',
            amount: 104_000,
            dueAt: '2026-11-28T23:59:59',
            testBankUrl: null,
          },
        })}
      />,
    );
    const line = screen.getByText('27022459136430').closest('[data-deposit-account]');
    expect(line).toHaveTextContent('우리은행');
    expect(line).toHaveTextContent('104,000원');
    expect(line).toHaveTextContent('11월 28일 (토) 23:59까지');
    await user.click(screen.getByRole('button', { name: '계좌번호 복사' }));
    await expect(navigator.clipboard.readText()).resolves.toBe('27022459136430');
    expect(screen.queryByText(/입금 계좌와 기한은 예매 상세에서/)).toBeNull();
  });

  it('says nothing of a deposit for a confirmed booking', () => {
    renderWithProviders(
      <BookingHistoryItem booking={makeBookingSummary({ bookingStatus: 'CONFIRMED' })} />,
    );
    expect(screen.getByText('예매 확정')).toBeInTheDocument();
    expect(screen.queryByText(/입금 기한 안에 입금해주세요/)).toBeNull();
  });
});
