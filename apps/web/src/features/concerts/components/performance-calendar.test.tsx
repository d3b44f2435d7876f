import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PerformanceCalendar } from './performance-calendar';

const showDates = new Set(['2026-12-20', '2026-12-21', '2026-12-22', '2027-01-09']);

function Calendar({ onSelect }: { onSelect?: (date: string) => void }) {
  const [selected, setSelected] = useState<string | null>('2026-12-20');
  return (
    <PerformanceCalendar
      performanceDates={showDates}
      firstDate="2026-12-20"
      lastDate="2027-01-09"
      selectedDate={selected}
      onSelectDate={(date) => {
        onSelect?.(date);
        setSelected(date);
      }}
    />
  );
}

const day = (name: string) => screen.getByRole('button', { name });

// Many key presses per test: slow on a busy 2-core machine.
describe('PerformanceCalendar', { timeout: 15_000 }, () => {
  it('marks the show days and disables the others, the chosen day selected', () => {
    render(<Calendar />);
    const grid = screen.getByRole('grid', { name: '2026년 12월' });
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['일', '월', '화', '수', '목', '금', '토']);
    for (const date of [20, 21, 22]) {
      expect(day(`2026년 12월 ${date}일 공연 있음`)).not.toHaveAttribute('aria-disabled');
    }
    expect(day('2026년 12월 19일 공연 없음')).toHaveAttribute('aria-disabled', 'true');
    expect(within(grid).getAllByRole('button', { name: /공연 없음$/ })).toHaveLength(28);
    expect(day('2026년 12월 20일 공연 있음').closest('td')).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(day('2026년 12월 21일 공연 있음').closest('td')).toHaveAttribute(
      'aria-selected',
      'false',
    );
    // One day in the Tab order: the chosen one.
    expect(
      within(grid)
        .getAllByRole('button')
        .filter((b) => b.tabIndex === 0),
    ).toEqual([day('2026년 12월 20일 공연 있음')]);
    // The months of the show only.
    expect(screen.getByRole('button', { name: '이전 달' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '다음 달' })).toBeEnabled();
  });

  it('chooses a show day by click, and nothing by a day without a performance', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(<Calendar onSelect={onSelect} />);
    await user.click(day('2026년 12월 19일 공연 없음'));
    expect(onSelect).not.toHaveBeenCalled();
    await user.click(day('2026년 12월 22일 공연 있음'));
    expect(onSelect).toHaveBeenCalledWith('2026-12-22');
    expect(day('2026년 12월 22일 공연 있음').closest('td')).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it('moves with the arrow keys, Home and End, and chooses with Enter or Space', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(<Calendar onSelect={onSelect} />);
    // 다음 달 first (이전 달 is disabled in the show's first month), then the chosen day.
    await user.tab();
    expect(screen.getByRole('button', { name: '다음 달' })).toHaveFocus();
    await user.tab();
    expect(day('2026년 12월 20일 공연 있음')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(day('2026년 12월 21일 공연 있음')).toHaveFocus();
    expect(day('2026년 12월 21일 공연 있음')).toHaveAttribute('tabindex', '0');
    await user.keyboard('{ArrowDown}');
    expect(day('2026년 12월 28일 공연 없음')).toHaveFocus();
    // A day without a performance: Enter does nothing.
    await user.keyboard('{Enter}');
    expect(onSelect).not.toHaveBeenCalled();
    await user.keyboard('{ArrowUp}{ArrowRight}');
    expect(day('2026년 12월 22일 공연 있음')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenLastCalledWith('2026-12-22');
    await user.keyboard('{End}');
    expect(day('2026년 12월 26일 공연 없음')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(day('2026년 12월 20일 공연 있음')).toHaveFocus();
  });

  it('crosses into the next month with the keys, never past the show’s last month', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(<Calendar onSelect={onSelect} />);
    day('2026년 12월 20일 공연 있음').focus();
    // The next month comes into view with the focus on its day.
    await user.keyboard('{PageDown}');
    expect(screen.getByRole('grid', { name: '2027년 1월' })).toBeInTheDocument();
    expect(day('2027년 1월 20일 공연 없음')).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowLeft}{ArrowLeft}');
    expect(day('2027년 1월 4일 공연 없음')).toHaveFocus();
    await user.keyboard('{ArrowDown}{End}');
    expect(day('2027년 1월 16일 공연 없음')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(day('2027년 1월 9일 공연 있음')).toHaveFocus();
    await user.keyboard(' ');
    expect(onSelect).toHaveBeenLastCalledWith('2027-01-09');

    // Never past the show's last month.
    await user.keyboard('{PageDown}');
    expect(screen.getByRole('grid', { name: '2027년 1월' })).toBeInTheDocument();
    expect(day('2027년 1월 31일 공연 없음')).toHaveFocus();
  });

  it('pages the months with the buttons, the show days of the new month reachable by Tab', async () => {
    const user = userEvent.setup();
    render(<Calendar />);
    await user.click(screen.getByRole('button', { name: '다음 달' }));
    const january = screen.getByRole('grid', { name: '2027년 1월' });
    expect(
      within(january)
        .getAllByRole('button')
        .filter((b) => b.tabIndex === 0),
    ).toEqual([day('2027년 1월 9일 공연 있음')]);
    expect(screen.getByRole('button', { name: '다음 달' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: '이전 달' }));
    expect(screen.getByRole('grid', { name: '2026년 12월' })).toBeInTheDocument();
  });
});
