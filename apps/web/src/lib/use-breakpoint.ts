import { breakpoints } from '@curtaincall/contracts';
import { useSyncExternalStore } from 'react';

export type ScreenClass = 'mobile' | 'tablet' | 'desktop';

/** mobile <= 768 px < tablet <= 1024 px < desktop (buyer-side.md §2). */
export function getScreenClass(width: number): ScreenClass {
  if (width <= breakpoints.mobileMax) return 'mobile';
  if (width <= breakpoints.tabletMax) return 'tablet';
  return 'desktop';
}

export interface Breakpoint {
  width: number;
  screen: ScreenClass;
  isMobile: boolean;
  isTablet: boolean;
  isDesktop: boolean;
}

function subscribeToResize(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

function readWindowWidth(): number {
  return window.innerWidth;
}

/** Before the window can be measured (server render, hydration) the spec's default applies. */
function readDefaultWidth(): number {
  return breakpoints.defaultWidth;
}

/** The window's screen-size class, kept current on resize. */
export function useBreakpoint(): Breakpoint {
  const width = useSyncExternalStore(subscribeToResize, readWindowWidth, readDefaultWidth);
  const screen = getScreenClass(width);
  return {
    width,
    screen,
    isMobile: screen === 'mobile',
    isTablet: screen === 'tablet',
    isDesktop: screen === 'desktop',
  };
}
