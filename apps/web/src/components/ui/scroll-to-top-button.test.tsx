import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SCROLL_TOP_THRESHOLD_PX, ScrollToTopButton } from './scroll-to-top-button';

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

afterEach(() => {
  Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
});

describe('ScrollToTopButton', () => {
  it('appears past the threshold and goes away back above it', () => {
    render(<ScrollToTopButton />);
    expect(screen.queryByRole('button', { name: '맨 위로 이동' })).toBeNull();
    scrollTo(SCROLL_TOP_THRESHOLD_PX + 1);
    expect(screen.getByRole('button', { name: '맨 위로 이동' })).toBeInTheDocument();
    scrollTo(SCROLL_TOP_THRESHOLD_PX);
    expect(screen.queryByRole('button', { name: '맨 위로 이동' })).toBeNull();
  });

  it('shows at once on a page opened already scrolled (restored scroll position)', () => {
    Object.defineProperty(window, 'scrollY', { value: 900, configurable: true });
    render(<ScrollToTopButton />);
    expect(screen.getByRole('button', { name: '맨 위로 이동' })).toBeInTheDocument();
  });
});
