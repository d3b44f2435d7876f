import { useCallback } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import {
  defaultMypageTab,
  mypageTabParam,
  resolveMypageTab,
  type MypageTab,
} from '../utils/mypage-tabs';

/**
 * The open my-page tab, from `?tab=` or the router state `{ tab }` (the booking detail page opens
 * 예매 내역 either way). Choosing a tab rewrites `?tab=` in place, without a history entry;
 * 내 정보, the default, leaves the parameter out.
 */
export function useMypageTab(): [MypageTab, (tab: MypageTab) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const activeTab = resolveMypageTab(searchParams.get(mypageTabParam), location.state);

  const selectTab = useCallback(
    (tab: MypageTab) => {
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (tab === defaultMypageTab) next.delete(mypageTabParam);
          else next.set(mypageTabParam, tab);
          return next;
        },
        // The router state is dropped here, so a `{ tab }` it carried no longer wins.
        { replace: true },
      );
    },
    [setSearchParams],
  );

  return [activeTab, selectTab];
}
