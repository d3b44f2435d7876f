import type { VenueLayout } from '@curtaincall/contracts';
import { useEffect, useRef, useState } from 'react';
import { createLayoutChecker, type LayoutChecker } from '../utils/layout-checker';

/**
 * How long the checker waits after the last edit. The full schema takes 35-140 ms on a
 * 50,000-seat hall on a slow machine (0.5-1 s in the phone profile), so it runs once the seller
 * pauses, never per stroke, and in a worker (utils/layout-checker.ts), off the page's thread.
 */
export const layoutCheckDelayMs = 300;

export interface LayoutCheck {
  /** The layout the answer is about: while it differs from the current one, a check is due. */
  checked: VenueLayout | null;
  problems: string[];
}

/** The layout's problems ('sections[2].rows[0].seats[5].grade: 없는 등급 코드입니다'), kept current. */
export function useLayoutCheck(layout: VenueLayout) {
  const [check, setCheck] = useState<LayoutCheck>({ checked: null, problems: [] });
  const checkerRef = useRef<LayoutChecker | null>(null);
  useEffect(() => {
    const checker = createLayoutChecker();
    checkerRef.current = checker;
    return () => {
      checker.close();
      checkerRef.current = null;
    };
  }, []);
  useEffect(() => {
    let isCurrent = true;
    const timer = setTimeout(() => {
      const checker = checkerRef.current;
      if (!checker) return;
      checker.check(layout, (problems) => {
        // An answer about a layout edited since is dropped: the next check is on its way.
        if (isCurrent) setCheck({ checked: layout, problems });
      });
    }, layoutCheckDelayMs);
    return () => {
      isCurrent = false;
      clearTimeout(timer);
    };
  }, [layout]);
  const isChecking = check.checked !== layout;
  return {
    problems: check.problems,
    isChecking,
    isValid: !isChecking && check.problems.length === 0,
  };
}
