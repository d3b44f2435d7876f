import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { formatDayName } from '../utils/calendar-dates';
import { DateCalendar } from './date-calendar';

/** The calendar with its selection kept as the register form keeps it (a toggled set). */
function Harness({
  today = '2026-12-15',
  initial = [] as string[],
  isMultiple = true,
  marked,
}: {
  today?: string;
  initial?: string[];
  isMultiple?: boolean;
  marked?: Set<string>;
}) {
  const [selected, setSelected] = useState(new Set(initial));
  return (
    <>
      <DateCalendar
        title="공연 날짜 선택"
        selected={selected}
        onToggle={(date) =>
          setSelected((current) => {
            const next = new Set(isMultiple ? current : []);
            if (current.has(date)) next.delete(date);
            else next.add(date);
            return next;
          })
        }
        isDisabled={(date) => date <= today}
        today={today}
        isMultiple={isMultiple}
        marked={marked}
        markedLabel="이미 회차가 있는 날"
      />
      <output data-testid="chosen">{[...selected].sort().join(',')}</output>
    </>
  );
}

const day = (date: string) => screen.getByRole('gridcell', { name: formatDayName(date) });
const chosen = () => screen.getByTestId('chosen').textContent;

describe('DateCalendar', () => {
  it('opens on the month of the first day that can be chosen, Sunday first', () => {
    render(<Harness today="2026-12-15" />);
    const grid = screen.getByRole('grid', { name: '2026년 12월' });
    expect(grid).toHaveAttribute('aria-multiselectable', 'true');
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['일', '월', '화', '수', '목', '금', '토']);
    // 2026-12-01 is a Tuesday: two blank cells before it.
    const firstWeek = within(grid).getAllByRole('row')[1] as HTMLElement;
    const cells = within(firstWeek).getAllByRole('gridcell');
    expect(cells.slice(0, 3).map((cell) => cell.textContent)).toEqual([
      '',
      '',
      `1${formatDayName('2026-12-01')}`,
    ]);
    // A day reads as its whole date (the visible number alone is hidden from screen readers).
    expect(cells[2]).toHaveAccessibleName('2026년 12월 1일 화요일');
    // The tab stop is tomorrow, the first day that can be chosen.
    expect(day('2026-12-16')).toHaveAttribute('tabindex', '0');
    expect(day('2026-12-15')).toHaveAttribute('aria-current', 'date');
  });

  it('toggles dates by click, and refuses today and earlier', async () => {
    const user = userEvent.setup();
    render(<Harness today="2026-12-15" />);
    await user.click(day('2026-12-20'));
    await user.click(day('2026-12-22'));
    expect(day('2026-12-20')).toHaveAttribute('aria-selected', 'true');
    expect(chosen()).toBe('2026-12-20,2026-12-22');
    await user.click(day('2026-12-20'));
    expect(day('2026-12-20')).toHaveAttribute('aria-selected', 'false');
    expect(chosen()).toBe('2026-12-22');
    expect(day('2026-12-15')).toHaveAttribute('aria-disabled', 'true');
    await user.click(day('2026-12-15'));
    await user.click(day('2026-12-03'));
    expect(chosen()).toBe('2026-12-22');
  });

  it('moves by arrow keys, Home/End and Page Up/Down, and toggles with Enter and Space', async () => {
    const user = userEvent.setup();
    render(<Harness today="2026-12-15" />);
    day('2026-12-16').focus();
    await user.keyboard('{ArrowRight}');
    expect(day('2026-12-17')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(day('2026-12-24')).toHaveFocus();
    expect(day('2026-12-24')).toHaveAttribute('tabindex', '0');
    expect(day('2026-12-16')).toHaveAttribute('tabindex', '-1');
    await user.keyboard('{Enter}');
    expect(chosen()).toBe('2026-12-24');
    await user.keyboard('{ArrowLeft}{ }');
    expect(chosen()).toBe('2026-12-23,2026-12-24');
    await user.keyboard('{Home}');
    expect(day('2026-12-20')).toHaveFocus(); // the Sunday of that week
    await user.keyboard('{End}');
    expect(day('2026-12-26')).toHaveFocus();
    // Past the month's end the calendar turns the page with the focus.
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('grid', { name: '2027년 1월' })).toBeInTheDocument();
    expect(day('2027-01-09')).toHaveFocus();
    await user.keyboard('{PageDown}');
    expect(day('2027-02-09')).toHaveFocus();
    await user.keyboard('{Shift>}{PageDown}{/Shift}');
    expect(day('2028-02-09')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(chosen()).toBe('2026-12-23,2026-12-24,2028-02-09');
    await user.keyboard('{Shift>}{PageUp}{/Shift}{PageUp}{PageUp}');
    expect(day('2026-12-09')).toHaveFocus();
    // Nothing before today's month: the page stays.
    await user.keyboard('{PageUp}');
    expect(day('2026-12-09')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(chosen()).toBe('2026-12-23,2026-12-24,2028-02-09');
  });

  it('turns months with 이전 달 / 다음 달, never before the current month', async () => {
    const user = userEvent.setup();
    render(<Harness today="2026-12-15" initial={['2027-02-14']} />);
    // The first chosen date's month is shown first.
    expect(screen.getByRole('grid', { name: '2027년 2월' })).toBeInTheDocument();
    expect(day('2027-02-14')).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('button', { name: '이전 달' }));
    await user.click(screen.getByRole('button', { name: '이전 달' }));
    expect(screen.getByRole('grid', { name: '2026년 12월' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '이전 달' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: '다음 달' }));
    expect(screen.getByRole('grid', { name: '2027년 1월' })).toBeInTheDocument();
    // The tab stop followed the page: one tab stop, in the month shown.
    const stops = screen.getAllByRole('gridcell').filter((cell) => cell.tabIndex === 0);
    expect(stops.map((cell) => cell.getAttribute('data-date'))).toEqual(['2027-01-14']);
  });

  it('chooses one date in single mode and names the marked dates', async () => {
    const user = userEvent.setup();
    render(<Harness today="2026-12-15" isMultiple={false} marked={new Set(['2026-12-20'])} />);
    expect(screen.getByRole('grid')).not.toHaveAttribute('aria-multiselectable');
    expect(
      screen.getByRole('gridcell', {
        name: `${formatDayName('2026-12-20')}, 이미 회차가 있는 날`,
      }),
    ).toBeInTheDocument();
    await user.click(day('2026-12-21'));
    await user.click(day('2026-12-22'));
    expect(chosen()).toBe('2026-12-22');
  });
});
