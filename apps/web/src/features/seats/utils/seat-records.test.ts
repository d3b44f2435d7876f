import { describe, expect, it } from 'vitest';
import { makeHeldSeat, makeSeat } from '@/test/fixtures';
import { applyOwnHoldUpdates, toSeatRecord, withOwnHolds } from './seat-records';

const at = 1_000_000;

describe('applyOwnHoldUpdates', () => {
  it('adds and refreshes your holds and drops seats that are no longer yours', () => {
    const mine = [
      toSeatRecord(makeHeldSeat(1, 'A-1-1', 100), at),
      toSeatRecord(makeHeldSeat(2, 'A-1-2', 100), at),
    ];
    const next = applyOwnHoldUpdates(
      mine,
      [
        makeSeat(1, 'A-1-1'),
        makeHeldSeat(2, 'A-1-2', 40),
        makeHeldSeat(3, 'B-1-1', 300),
        makeSeat(4, 'B-1-2', { status: 'RESERVED', remainingSeconds: 300 }),
      ],
      at + 5_000,
    );
    expect(next.map((r) => [r.seatId, r.holdDeadline])).toEqual([
      [2, at + 5_000 + 40_000],
      [3, at + 5_000 + 300_000],
    ]);
  });

  it('gives the same array back when no update concerns your holds', () => {
    const mine = [toSeatRecord(makeHeldSeat(1, 'A-1-1', 100), at)];
    expect(applyOwnHoldUpdates(mine, [makeSeat(9, 'C-1-1', { status: 'BOOKED' })], at)).toBe(mine);
  });
});

describe('withOwnHolds', () => {
  it('adds holds of sections not loaded; a loaded entry of the same seat wins', () => {
    const records = [toSeatRecord(makeSeat(1, 'A-1-1'), at)];
    const mine = [
      toSeatRecord(makeHeldSeat(1, 'A-1-1', 100), at),
      toSeatRecord(makeHeldSeat(7, 'D-1-1', 100), at),
    ];
    const merged = withOwnHolds(records, mine);
    expect(merged.map((r) => [r.seatId, r.status])).toEqual([
      [1, 'AVAILABLE'],
      [7, 'RESERVED'],
    ]);
    expect(withOwnHolds(records, [])).toBe(records);
  });
});
