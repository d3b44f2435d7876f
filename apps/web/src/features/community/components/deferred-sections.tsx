import { lazy, Suspense, type ComponentProps } from 'react';
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
function SectionPlaceholder({ label }: { label: string }) {
  return (
    <div
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
 * The 관람평 and 기대평 sections of the concert page, whose code (lists, paging, the write and
 * delete flows) loads after the concert itself is on screen: they sit below the first screenful,
 * and keeping them out of the page's first chunk makes a phone's first load lighter.
 */
export function DeferredReviewSection(props: ComponentProps<typeof ReviewSection>) {
  return (
    <Suspense fallback={<SectionPlaceholder label="관람평" />}>
      <ReviewSectionCode {...props} />
    </Suspense>
  );
}

export function DeferredExpectationSection(props: ComponentProps<typeof ExpectationSection>) {
  return (
    <Suspense fallback={<SectionPlaceholder label="기대평" />}>
      <ExpectationSectionCode {...props} />
    </Suspense>
  );
}
