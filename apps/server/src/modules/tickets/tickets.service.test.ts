import { describe, expect, it } from 'vitest';
import { compareSeatInfo } from './tickets.service';

describe('ticket order', () => {
  it('sorts seats by section, then row and seat as numbers', () => {
    const seats = ['B-1-1', 'A-10-1', 'A-2-10', 'A-2-9', 'A10-1-1', 'A2-1-1', 'VIP-1-1'];
    expect([...seats].sort(compareSeatInfo)).toEqual([
      'A-2-9',
      'A-2-10',
      'A-10-1',
      'A2-1-1',
      'A10-1-1',
      'B-1-1',
      'VIP-1-1',
    ]);
  });
});
