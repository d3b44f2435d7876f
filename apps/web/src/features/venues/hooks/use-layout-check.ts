import { checkVenueLayout, type VenueLayout } from '@curtaincall/contracts';
import { useEffect, useState } from 'react';

/**
 * How long the checker waits after the last edit. The full schema takes 35-140 ms on a
 * 50,000-seat hall on a slow machine, so it runs once the seller pauses, never per stroke.
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
  useEffect(() => {
    const timer = setTimeout(() => {
      const result = checkVenueLayout(layout);
      setCheck({ checked: layout, problems: result.ok ? [] : result.problems });
    }, layoutCheckDelayMs);
    return () => clearTimeout(timer);
  }, [layout]);
  const isChecking = check.checked !== layout;
  return {
    problems: check.problems,
    isChecking,
    isValid: !isChecking && check.problems.length === 0,
  };
}
