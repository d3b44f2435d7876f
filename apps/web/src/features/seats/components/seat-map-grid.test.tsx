import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeHeldSeat, makeSeat, makeSmallVenue } from '@/test/fixtures';
import { buildSectionViews, orderGrades } from '../utils/seat-layout';
import { toSeatRecord } from '../utils/seat-records';
import { SeatMapGrid } from './seat-map-grid';

/** Sections A and B of 2 rows × 3 seats; B-1-2 held by someone else, B-2-3 booked. */
function renderGrid(overrides: Record<string, ReturnType<typeof makeSeat>> = {}) {
  const { seatMap, seats } = makeSmallVenue(1, { rows: 2, perRow: 3 });
  const entries = seats
    .filter((seat) => !seat.seatInfo.startsWith('C'))
    .map((seat) => overrides[seat.seatInfo] ?? seat);
  const sections = buildSectionViews(
    entries.map((entry) => toSeatRecord(entry, Date.now())),
    seatMap.sections,
  );
  const onToggle = vi.fn();
  render(
    <SeatMapGrid
      sections={sections}
      grades={orderGrades(undefined, seatMap.sections)}
      pendingIds={new Set()}
      onToggle={onToggle}
    />,
  );
  return { onToggle };
}

const focusedLabel = () => document.activeElement?.getAttribute('aria-label');

describe('SeatMapGrid', () => {
  it('labels every seat with grade, place, state and price', () => {
    renderGrid({
      'B-1-2': makeSeat(212, 'B-1-2', { status: 'RESERVED', remainingSeconds: 90 }),
      'B-2-3': makeSeat(223, 'B-2-3', { status: 'BOOKED' }),
      'A-2-2': makeHeldSeat(122, 'A-2-2', 200),
    });
    expect(screen.getByRole('grid', { name: '좌석 배치도' })).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: '프리미엄석 A구역 1열 1번, 선택 가능, 150,000원' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: '프리미엄석 A구역 2열 2번, 선택됨, 150,000원' }),
    ).toHaveAttribute('data-seat-kind', 'mine');
    expect(
      screen.getByRole('button', { name: 'VIP석 B구역 1열 2번, 다른 사용자가 선점 중, 100,000원' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'VIP석 B구역 2열 3번, 예매 완료, 100,000원' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('gridcell')).toHaveLength(12);
  });

  it('names each seat row briefly, not by the labels of all its seats', () => {
    renderGrid();
    expect(screen.getByRole('row', { name: 'A구역 1열' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'B구역 2열' })).toBeInTheDocument();
  });

  it('is one tab stop, starting on your own seat', async () => {
    const user = userEvent.setup();
    renderGrid({ 'B-1-1': makeHeldSeat(211, 'B-1-1', 200) });
    const tabbable = screen
      .getAllByRole('button')
      .filter((button) => button.getAttribute('tabindex') === '0');
    expect(tabbable).toHaveLength(1);
    await user.tab();
    expect(focusedLabel()).toBe('VIP석 B구역 1열 1번, 선택됨, 100,000원');
  });

  it('moves with the arrow keys, Home/End and PageUp/PageDown, and toggles with Enter or Space', async () => {
    const user = userEvent.setup();
    const { onToggle } = renderGrid();
    await user.tab();
    expect(focusedLabel()).toBe('프리미엄석 A구역 1열 1번, 선택 가능, 150,000원');

    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(focusedLabel()).toMatch(/^프리미엄석 A구역 1열 3번/);
    await user.keyboard('{ArrowDown}');
    expect(focusedLabel()).toMatch(/^프리미엄석 A구역 2열 3번/);
    // Down from a section's last row goes on into the next section.
    await user.keyboard('{ArrowDown}');
    expect(focusedLabel()).toMatch(/^VIP석 B구역 1열 3번/);
    await user.keyboard('{Home}');
    expect(focusedLabel()).toMatch(/^VIP석 B구역 1열 1번/);
    await user.keyboard('{ArrowLeft}{ArrowUp}');
    expect(focusedLabel()).toMatch(/^프리미엄석 A구역 2열 1번/);
    await user.keyboard('{End}');
    expect(focusedLabel()).toMatch(/^프리미엄석 A구역 2열 3번/);
    await user.keyboard('{PageDown}');
    expect(focusedLabel()).toMatch(/^VIP석 B구역 1열 3번/);
    await user.keyboard('{PageUp}');
    expect(focusedLabel()).toMatch(/^프리미엄석 A구역 1열 3번/);
    await user.keyboard('{Control>}{End}{/Control}');
    expect(focusedLabel()).toMatch(/^VIP석 B구역 2열 3번/);

    // Still a single tab stop after moving: the roving tabindex followed the focus.
    expect(
      screen.getAllByRole('button').filter((b) => b.getAttribute('tabindex') === '0'),
    ).toHaveLength(1);

    await user.keyboard('{Enter}');
    await user.keyboard('{ArrowLeft} ');
    expect(onToggle.mock.calls.map(([seat]) => seat.record.seatInfo)).toEqual(['B-2-3', 'B-2-2']);
  });
});
