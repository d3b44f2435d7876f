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

/**
 * The width read in this task. Reading `innerWidth` forces a style and layout pass when the DOM
 * has changed, and React asks every component using the hook for it on every render: on a
 * phone's first load those forced layouts were a tenth of the main thread. One read per task
 * (and a fresh one after every resize) gives the same answers.
 */
let widthThisTask: number | null = null;

function subscribeToResize(onChange: () => void): () => void {
  const listener = () => {
    widthThisTask = null;
    onChange();
  };
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
}

function readWindowWidth(): number {
  if (widthThisTask === null) {
    widthThisTask = window.innerWidth;
    queueMicrotask(() => {
      widthThisTask = null;
    });
  }
  return widthThisTask;
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
