import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { filterDateMessages } from '../utils/filter-dates';
import { ConcertDateFilter } from './concert-date-filter';

const today = '2025-10-10';

function renderFilter(applied: { startDate?: string; endDate?: string } = {}) {
  const onApply = vi.fn();
  const onReset = vi.fn();
  const view = render(
    <ConcertDateFilter
      appliedStartDate={applied.startDate}
      appliedEndDate={applied.endDate}
      onApply={onApply}
      onReset={onReset}
      today={today}
    />,
  );
  return {
    onApply,
    onReset,
    rerender: (next: { startDate?: string; endDate?: string }) =>
      view.rerender(
        <ConcertDateFilter
          appliedStartDate={next.startDate}
          appliedEndDate={next.endDate}
          onApply={onApply}
          onReset={onReset}
          today={today}
        />,
      ),
    start: () => screen.getByLabelText('시작일'),
    end: () => screen.getByLabelText('종료일'),
    apply: () => screen.getByRole('button', { name: '적용' }),
  };
}

describe('ConcertDateFilter', () => {
  it('disables apply without a date and reset when nothing changed', async () => {
    const user = userEvent.setup();
    const { start, apply } = renderFilter();
    expect(apply()).toBeDisabled();
    expect(screen.getByRole('button', { name: '초기화' })).toBeDisabled();

    await user.type(start(), '2025-10-20');
    expect(apply()).toBeEnabled();
    expect(screen.getByRole('button', { name: '초기화' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: '초기화' }));
    expect(start()).toHaveValue('');
    expect(apply()).toBeDisabled();
  });

  it('applies one date or both', async () => {
    const user = userEvent.setup();
    const { start, end, apply, onApply } = renderFilter();
    await user.type(end(), '2025-11-30');
    await user.click(apply());
    expect(onApply).toHaveBeenLastCalledWith({ startDate: undefined, endDate: '2025-11-30' });

    await user.type(start(), '2025-11-01');
    await user.click(apply());
    expect(onApply).toHaveBeenLastCalledWith({ startDate: '2025-11-01', endDate: '2025-11-30' });
  });

  it('says at once that the end may not come before the start, and does not apply', async () => {
    const user = userEvent.setup();
    const { start, end, apply, onApply } = renderFilter();
    await user.type(start(), '2025-11-20');
    await user.type(end(), '2025-11-01');
    expect(screen.getByRole('alert')).toHaveTextContent(
      '시작일과 종료일을 다시 확인해주세요. 종료일이 시작일보다 앞설 수 없습니다.',
    );
    await user.click(apply());
    expect(onApply).not.toHaveBeenCalled();
  });

  it('warns about a past date when picked and blocks applying it', async () => {
    const user = userEvent.setup();
    const { start, end, apply, onApply } = renderFilter();
    await user.type(start(), '2025-10-01');
    expect(screen.getByRole('status')).toHaveTextContent(filterDateMessages.pastWarning);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(apply());
    expect(screen.getByRole('alert')).toHaveTextContent(filterDateMessages.startInPast);
    expect(onApply).not.toHaveBeenCalled();

    await user.type(end(), '2025-10-05');
    await user.click(apply());
    expect(screen.getByRole('alert')).toHaveTextContent(filterDateMessages.pastRange);

    await user.clear(start());
    await user.click(apply());
    expect(screen.getByRole('alert')).toHaveTextContent(filterDateMessages.endInPast);
    expect(onApply).not.toHaveBeenCalled();
  });

  it('turns reset into 전체 보기 while a filter is in effect, and follows the URL', async () => {
    const user = userEvent.setup();
    const { start, end, onReset, rerender } = renderFilter({ startDate: '2025-11-01' });
    expect(start()).toHaveValue('2025-11-01');
    expect(screen.getByText('필터 적용 중')).toBeInTheDocument();
    const showAll = screen.getByRole('button', { name: '전체 보기' });
    expect(showAll).toBeEnabled();

    await user.click(showAll);
    expect(onReset).toHaveBeenCalledTimes(1);
    expect(start()).toHaveValue('');

    rerender({});
    expect(screen.getByRole('button', { name: '초기화' })).toBeDisabled();
    rerender({ startDate: '2025-12-01', endDate: '2025-12-31' });
    expect(start()).toHaveValue('2025-12-01');
    expect(end()).toHaveValue('2025-12-31');
  });
});
