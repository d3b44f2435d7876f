import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long a new page may take to show its heading (lazy code, then data). */
const headingWaitMs = 10_000;

function mainHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>('#main-content h1');
}

/**
 * Focus that nothing holds any more: the body, or an element the old page took away. Focus
 * still on the header or on something the new page focused itself (a dialog, an autofocus
 * field) is the user's or the page's choice and stays.
 */
function isFocusLost(before: Element | null): boolean {
  const active = document.activeElement;
  if (active === null || active === document.body || !active.isConnected) return true;
  return active === before && before.closest('#main-content') !== null;
}

/**
 * Whether the user's last input was the keyboard. Chromium paints :focus-visible on a heading
 * that script focuses after a click too, so the page decides: after a pointer (or no input yet)
 * the heading gets `data-quiet-focus` and no outline (index.css); after a key press it keeps the
 * visible focus keyboard users need to see where they are.
 */
let lastInputWasKeyboard = false;
if (typeof window !== 'undefined') {
  window.addEventListener(
    'keydown',
    (event) => {
      if (!event.metaKey && !event.ctrlKey && !event.altKey) lastInputWasKeyboard = true;
    },
    true,
  );
  window.addEventListener('pointerdown', () => (lastInputWasKeyboard = false), true);
}

function focusHeading(heading: HTMLElement): void {
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  if (lastInputWasKeyboard) heading.removeAttribute('data-quiet-focus');
  else {
    heading.setAttribute('data-quiet-focus', '');
    heading.addEventListener('blur', () => heading.removeAttribute('data-quiet-focus'), {
      once: true,
    });
  }
  // The layout has already scrolled to the top; focusing must not scroll again.
  heading.focus({ preventScroll: true });
}

/**
 * Moves the focus to the new page's level-1 heading after an in-app navigation (the waiting
 * room's move to the seat page, the return after login, any link), so that keyboard and
 * screen-reader users start on the page they arrived at, hear its name, and are not left on a
 * link of the old page. `onMount` does it on the first render too (payment result pages, which
 * keep the document title: the heading is their name).
 */
export function FocusHeadingOnNavigate({ onMount = false }: { onMount?: boolean }) {
  const { pathname } = useLocation();
  const isFirst = useRef(true);

  useEffect(() => {
    const first = isFirst.current;
    isFirst.current = false;
    if (first && !onMount) return;
    const before = document.activeElement;

    const tryFocus = (): boolean => {
      const heading = mainHeading();
      if (!heading) return false;
      if ((onMount && first) || isFocusLost(before)) focusHeading(heading);
      return true;
    };
    // The heading of a lazy page appears later: watch for it, for a while.
    let observer: MutationObserver | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      if (tryFocus()) return;
      observer = new MutationObserver(() => {
        if (tryFocus()) stop();
      });
      observer.observe(document.body, { childList: true, subtree: true });
      timer = setTimeout(stop, headingWaitMs);
    });
    function stop() {
      observer?.disconnect();
      observer = null;
      clearTimeout(timer);
    }
    return () => {
      cancelAnimationFrame(frame);
      stop();
    };
  }, [pathname, onMount]);

  return null;
}
