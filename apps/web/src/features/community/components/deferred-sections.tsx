import {
  lazy,
  Suspense,
  useEffect,
  useRef,
  useState,
  type ComponentProps,
  type ReactNode,
  type Ref,
} from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import type { ExpectationSection } from './expectation-section';
import type { ReviewSection } from './review-section';

const ReviewSectionCode = lazy(async () => ({
  default: (await import('./review-section')).ReviewSection,
}));
const ExpectationSectionCode = lazy(async () => ({
  default: (await import('./expectation-section')).ExpectationSection,
}));

/** Holds the section's place while its code loads, shaped like its loading list. */
function SectionPlaceholder({ label, ref }: { label: string; ref?: Ref<HTMLDivElement> }) {
  return (
    <div
      ref={ref}
      // A named group: aria-label on a plain div is prohibited (axe aria-prohibited-attr).
      role="group"
      aria-busy="true"
      aria-label={`${label} 불러오는 중`}
      className="flex flex-col gap-4 border-t border-white/5 pt-6 tablet:rounded-2xl tablet:border tablet:border-surface-700/70 tablet:bg-surface-900/50 tablet:p-6"
    >
      <Skeleton className="h-6 w-24" />
      {[0, 1, 2].map((index) => (
        <div key={index} className="flex flex-col gap-2 rounded-xl bg-surface-850 p-4">
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-4 w-4/5" />
        </div>
      ))}
    </div>
  );
}

/**
 * Shows `children` once the placeholder comes within a screen's height of the viewport (at once
 * where there is no IntersectionObserver): on a phone the sections sit well below the poster,
 * and a visitor who never scrolls there never loads their code or their data.
 */
function WhenNearViewport({ label, children }: { label: string; children: ReactNode }) {
  const [isNear, setIsNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const placeholder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = placeholder.current;
    if (isNear || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setIsNear(true);
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [isNear]);
  if (!isNear) return <SectionPlaceholder label={label} ref={placeholder} />;
  return <Suspense fallback={<SectionPlaceholder label={label} />}>{children}</Suspense>;
}

/**
 * The 관람평 and 기대평 sections of the concert page. Their code (lists, paging, the write and
 * delete flows) and their data load when the visitor scrolls toward them, not with the concert:
 * keeping them off a phone's first load makes it lighter and quicker.
 */
export function DeferredReviewSection(props: ComponentProps<typeof ReviewSection>) {
  return (
    <WhenNearViewport label="관람평">
      <ReviewSectionCode {...props} />
    </WhenNearViewport>
  );
}

export function DeferredExpectationSection(props: ComponentProps<typeof ExpectationSection>) {
  return (
    <WhenNearViewport label="기대평">
      <ExpectationSectionCode {...props} />
    </WhenNearViewport>
  );
}
