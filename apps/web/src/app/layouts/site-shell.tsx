import { useEffect, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageTransitionOverlay } from '@/components/ui/page-transition-overlay';
import { ScrollToTopButton } from '@/components/ui/scroll-to-top-button';
import { FocusHeadingOnNavigate } from './focus-heading';
import { RouteMeta } from './route-meta';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

function SiteFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main-content"
        className="sr-only z-[70] rounded-lg bg-rose-600 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        본문으로 바로가기
      </a>
      <SiteHeader />
      {/*
        At least a screen tall (less the header): while a page's code and data load, the footer
        waits below the fold instead of standing mid-screen and jumping down when the content
        arrives (layout shift, CLS).
      */}
      <main
        id="main-content"
        className="flex min-h-[calc(100dvh-4rem)] flex-1 flex-col desktop:min-h-[calc(100dvh-4.5rem)]"
      >
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

/** Scrolls the window to the top whenever the path changes. */
function ScrollToTopOnNavigate() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/**
 * The layout of every page: header, footer, page titles, scroll to top on navigation,
 * the floating scroll-to-top button and the page-transition overlay.
 */
export function RootLayout() {
  const location = useLocation();
  return (
    <SiteFrame>
      <RouteMeta />
      <ScrollToTopOnNavigate />
      <FocusHeadingOnNavigate />
      <Outlet />
      <ScrollToTopButton />
      <PageTransitionOverlay transitionKey={location.pathname} />
    </SiteFrame>
  );
}

/**
 * Payment result pages: the same frame, but no scrolling and no title changes (buyer-side.md §2).
 * The focus goes to the result's heading on arrival, so screen readers announce the page by name.
 */
export function PaymentResultLayout() {
  return (
    <SiteFrame>
      <FocusHeadingOnNavigate onMount />
      <Outlet />
    </SiteFrame>
  );
}
