/** The three tabs of my page (buyer-side.md §2 "My page"), in display order. */
export const mypageTabs = [
  { id: 'profile', label: '내 정보' },
  { id: 'password', label: '비밀번호 변경' },
  { id: 'bookings', label: '예매 내역' },
] as const;

export type MypageTab = (typeof mypageTabs)[number]['id'];

export const defaultMypageTab: MypageTab = 'profile';

/** The search parameter that names the open tab: `/mypage/profile?tab=bookings`. */
export const mypageTabParam = 'tab';

export function isMypageTab(value: unknown): value is MypageTab {
  return mypageTabs.some((tab) => tab.id === value);
}

/** `{ tab: 'bookings' }`, the router state the booking detail page may navigate with. */
function tabFromState(state: unknown): MypageTab | null {
  if (typeof state !== 'object' || state === null || !('tab' in state)) return null;
  return isMypageTab(state.tab) ? state.tab : null;
}

/**
 * The tab to show: the URL's `?tab=` when it names one, else the router state's `tab`, else
 * 내 정보. Unknown values are ignored rather than shown as an error.
 */
export function resolveMypageTab(searchValue: string | null, state: unknown): MypageTab {
  if (isMypageTab(searchValue)) return searchValue;
  return tabFromState(state) ?? defaultMypageTab;
}
