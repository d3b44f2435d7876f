import { describe, expect, it } from 'vitest';
import { formatSeatLabel, STANDING_ROW } from './seats';

describe('formatSeatLabel', () => {
  it('names a seat by section, row and number', () => {
    expect(formatSeatLabel('A-3-12')).toBe('A구역 3열 12번');
    expect(formatSeatLabel('101-10-1')).toBe('101구역 10열 1번');
  });

  it('names a standing slot (row 0) by its entry number', () => {
    expect(STANDING_ROW).toBe(0);
    expect(formatSeatLabel('P-0-37')).toBe('P구역 입장번호 37번');
  });
});
