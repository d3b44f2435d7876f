import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { formatPageRange, getPageWindow, Pagination, type PageWindowItem } from './pagination';

/** [1, '…', 4, 5, 6, '…', 10] as the user reads it (1-based, … for a gap). */
function shown(items: PageWindowItem[]): (number | '…')[] {
  return items.map((item) => (item.type === 'page' ? item.page + 1 : '…'));
}

describe('getPageWindow', () => {
  it('shows every page when there are no more than the window holds', () => {
    expect(shown(getPageWindow(0, 1, 5))).toEqual([1]);
    expect(shown(getPageWindow(2, 5, 5))).toEqual([1, 2, 3, 4, 5]);
    expect(shown(getPageWindow(1, 3, 3))).toEqual([1, 2, 3]);
    expect(getPageWindow(0, 0, 5)).toEqual([]);
  });

  it('centres a window of 5 on the current page with first, last and ellipses', () => {
    expect(shown(getPageWindow(0, 10, 5))).toEqual([1, 2, 3, 4, 5, '…', 10]);
    expect(shown(getPageWindow(4, 10, 5))).toEqual([1, '…', 3, 4, 5, 6, 7, '…', 10]);
    expect(shown(getPageWindow(9, 10, 5))).toEqual([1, '…', 6, 7, 8, 9, 10]);
  });

  it('leaves out an ellipsis where no page is skipped', () => {
    expect(shown(getPageWindow(3, 10, 5))).toEqual([1, 2, 3, 4, 5, 6, '…', 10]);
    expect(shown(getPageWindow(2, 6, 5))).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('uses a window of 3 on mobile', () => {
    expect(shown(getPageWindow(0, 10, 3))).toEqual([1, 2, 3, '…', 10]);
    expect(shown(getPageWindow(5, 10, 3))).toEqual([1, '…', 5, 6, 7, '…', 10]);
    expect(shown(getPageWindow(9, 10, 3))).toEqual([1, '…', 8, 9, 10]);
  });

  it('keeps an out-of-range page inside the list', () => {
    expect(shown(getPageWindow(42, 4, 5))).toEqual([1, 2, 3, 4]);
    expect(shown(getPageWindow(-3, 8, 3))).toEqual([1, 2, 3, '…', 8]);
  });
});

describe('formatPageRange', () => {
  it("says 'N개 중 a-b개 표시'", () => {
    expect(formatPageRange(0, 20, 57)).toBe('57개 중 1-20개 표시');
    expect(formatPageRange(2, 20, 57)).toBe('57개 중 41-57개 표시');
    expect(formatPageRange(0, 10, 3)).toBe('3개 중 1-3개 표시');
    expect(formatPageRange(0, 20, 1234)).toBe('1,234개 중 1-20개 표시');
  });
});

describe('Pagination', () => {
  function renderPagination(props: Partial<Parameters<typeof Pagination>[0]> = {}) {
    const onPageChange = vi.fn();
    render(
      <Pagination
        page={4}
        totalPages={10}
        totalElements={195}
        pageSize={20}
        onPageChange={onPageChange}
        {...props}
      />,
    );
    return { onPageChange, nav: screen.getByRole('navigation', { name: '페이지 이동' }) };
  }

  it('shows 5 numbered pages around the current one, the first and last, and the range', () => {
    const { nav } = renderPagination();
    const numbers = within(nav)
      .getAllByRole('button', { name: /페이지$/ })
      .filter((button) => /^\d+ 페이지$/.test(button.getAttribute('aria-label') ?? ''))
      .map((button) => button.textContent);
    expect(numbers).toEqual(['1', '3', '4', '5', '6', '7', '10']);
    expect(within(nav).getAllByText('…')).toHaveLength(2);
    expect(within(nav).getByRole('button', { name: '5 페이지' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByText('195개 중 81-100개 표시')).toBeInTheDocument();
  });

  it('shows 3 pages on mobile', () => {
    const { nav } = renderPagination({ isCompact: true });
    const numbers = within(nav)
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label'))
      .filter((label) => label && /^\d+ 페이지$/.test(label));
    expect(numbers).toEqual(['1 페이지', '4 페이지', '5 페이지', '6 페이지', '10 페이지']);
  });

  it('moves with previous, next and the page numbers, disabled at the ends', async () => {
    const user = userEvent.setup();
    const { onPageChange } = renderPagination();
    await user.click(screen.getByRole('button', { name: '이전 페이지' }));
    await user.click(screen.getByRole('button', { name: '다음 페이지' }));
    await user.click(screen.getByRole('button', { name: '10 페이지' }));
    expect(onPageChange.mock.calls).toEqual([[3], [5], [9]]);
  });

  it('disables previous on the first page and next on the last', () => {
    const { nav } = renderPagination({ page: 0, totalPages: 2, totalElements: 30 });
    expect(within(nav).getByRole('button', { name: '이전 페이지' })).toBeDisabled();
    expect(within(nav).getByRole('button', { name: '다음 페이지' })).toBeEnabled();
  });

  it('hides the navigation for a single page but still says what is shown', () => {
    render(
      <Pagination page={0} totalPages={1} totalElements={7} pageSize={20} onPageChange={vi.fn()} />,
    );
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.getByText('7개 중 1-7개 표시')).toBeInTheDocument();
  });
});
