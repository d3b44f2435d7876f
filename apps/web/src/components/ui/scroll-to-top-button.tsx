import { ArrowUp } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { scrollBehavior } from '@/lib/browser';

/** The floating button appears once the page has scrolled more than this (buyer-side.md §2). */
export const SCROLL_TOP_THRESHOLD_PX = 300;

/**
 * Read on subscribe and on scroll, never in getSnapshot: React calls that during render and
 * commit, where reading scrollY forces a layout of the whole page inside the first load's task.
 */
let scrolledPast = false;
const readScroll = () => {
  scrolledPast = window.scrollY > SCROLL_TOP_THRESHOLD_PX;
};

function subscribeToScroll(onChange: () => void): () => void {
  const listener = () => {
    readScroll();
    onChange();
  };
  readScroll();
  window.addEventListener('scroll', listener, { passive: true });
  return () => window.removeEventListener('scroll', listener);
}

const isScrolledPastThreshold = () => scrolledPast;
const isNotScrolled = () => false;

export function ScrollToTopButton() {
  const isVisible = useSyncExternalStore(subscribeToScroll, isScrolledPastThreshold, isNotScrolled);
  if (!isVisible) return null;
  return (
    <button
      type="button"
      onClick={() => window.scrollTo({ top: 0, behavior: scrollBehavior() })}
      aria-label="맨 위로 이동"
      data-scroll-top
      className="fixed right-4 bottom-5 z-40 flex size-12 animate-fade-in items-center justify-center rounded-full bg-rose-600 text-white shadow-xl shadow-black/50 transition-colors hover:bg-rose-500 tablet:right-8 tablet:bottom-8"
    >
      <ArrowUp className="size-5" aria-hidden />
    </button>
  );
}
