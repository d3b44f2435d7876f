import { useLayoutEffect, useState } from 'react';

/**
 * The window's width, updated only after resizing has paused for `delayMs`: layouts that
 * switch between a sidebar and a drawer do not flicker while a window is dragged. The listener is
 * added in the commit itself (a layout effect), so no resize after the first paint is missed.
 */
export function useDebouncedWindowWidth(delayMs: number): number {
  const [width, setWidth] = useState(() => window.innerWidth);
  useLayoutEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setWidth(window.innerWidth), delayMs);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, [delayMs]);
  return width;
}
