import { act, render, renderHook, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { getScreenClass, useBreakpoint } from './use-breakpoint';

function resizeTo(width: number) {
  act(() => {
    window.innerWidth = width;
    window.dispatchEvent(new Event('resize'));
  });
}

function WidthProbe() {
  const { width, screen } = useBreakpoint();
  return <p>{`${width}:${screen}`}</p>;
}

const initialWidth = window.innerWidth;
afterEach(() => {
  window.innerWidth = initialWidth;
});

describe('getScreenClass', () => {
  it('puts 768 px and below in mobile, up to 1024 px in tablet, beyond in desktop', () => {
    expect(getScreenClass(375)).toBe('mobile');
    expect(getScreenClass(768)).toBe('mobile');
    expect(getScreenClass(769)).toBe('tablet');
    expect(getScreenClass(1024)).toBe('tablet');
    expect(getScreenClass(1025)).toBe('desktop');
  });
});

describe('useBreakpoint', () => {
  it('reports 1200 px (desktop) before the window can be measured', () => {
    expect(renderToString(<WidthProbe />)).toBe('<p>1200:desktop</p>');
  });

  it('measures the window and follows resizes across 768 and 1024 px', () => {
    window.innerWidth = 1280;
    const { result } = renderHook(() => useBreakpoint());
    expect(result.current).toMatchObject({ width: 1280, screen: 'desktop', isDesktop: true });

    resizeTo(1024);
    expect(result.current).toMatchObject({
      width: 1024,
      screen: 'tablet',
      isTablet: true,
      isDesktop: false,
    });

    resizeTo(769);
    expect(result.current.screen).toBe('tablet');

    resizeTo(768);
    expect(result.current).toMatchObject({
      width: 768,
      screen: 'mobile',
      isMobile: true,
      isTablet: false,
    });

    resizeTo(1025);
    expect(result.current).toMatchObject({ screen: 'desktop', isMobile: false });
  });

  it('re-renders components on resize', () => {
    window.innerWidth = 375;
    render(<WidthProbe />);
    expect(screen.getByText('375:mobile')).toBeInTheDocument();
    resizeTo(900);
    expect(screen.getByText('900:tablet')).toBeInTheDocument();
  });
});
