import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CharCounter, getCounterTone } from './char-counter';

describe('getCounterTone', () => {
  it('turns amber at 90% and red at 100% of the limit', () => {
    expect(getCounterTone(0, 100)).toBe('normal');
    expect(getCounterTone(89, 100)).toBe('normal');
    expect(getCounterTone(90, 100)).toBe('warning');
    expect(getCounterTone(99, 100)).toBe('warning');
    expect(getCounterTone(100, 100)).toBe('limit');
    expect(getCounterTone(120, 100)).toBe('limit');
    expect(getCounterTone(449, 500)).toBe('normal');
    expect(getCounterTone(450, 500)).toBe('warning');
    expect(getCounterTone(900, 1000)).toBe('warning');
  });
});

describe('CharCounter', () => {
  it('shows length/max in the colour of its tone', () => {
    const { rerender } = render(<CharCounter length={10} max={100} />);
    expect(screen.getByText('10/100')).toHaveClass('text-zinc-400');
    rerender(<CharCounter length={90} max={100} />);
    expect(screen.getByText('90/100')).toHaveClass('text-amber-400');
    rerender(<CharCounter length={100} max={100} />);
    expect(screen.getByText('100/100')).toHaveClass('text-red-400');
  });
});
