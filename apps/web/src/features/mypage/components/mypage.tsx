import type { Profile } from '@curtaincall/contracts';
import { useId, useState, type ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/state-panel';
import { getErrorMessage } from '@/lib/api-client';
import { useProfile } from '../api/get-profile';
import { useMypageTab } from '../hooks/use-mypage-tab';
import { mypageTexts } from '../utils/mypage-forms';
import { mypageTabs, type MypageTab } from '../utils/mypage-tabs';
import { BookingHistory } from './booking-history';
import { mypagePanelId, mypageTabId, MypageTabList } from './mypage-tab-list';
import { PasswordChangeForm } from './password-change-form';
import { ProfilePanel } from './profile-panel';
import type { ProfileImagePicker } from './profile-edit-form';

function ProfileSkeleton() {
  return (
    <div
      role="status"
      aria-label="회원 정보를 불러오는 중입니다"
      className="flex flex-col gap-6 rounded-2xl border border-surface-700/70 bg-surface-900 p-5 tablet:p-8"
    >
      <div className="flex items-center gap-4">
        <Skeleton className="size-24 rounded-full" />
        <div className="flex flex-1 flex-col gap-2">
          <Skeleton className="h-6 w-32" />
          <Skeleton className="h-4 w-24" />
        </div>
      </div>
      <div className="grid grid-cols-1 gap-3 tablet:grid-cols-2">
        {[0, 1, 2, 3, 4, 5].map((key) => (
          <Skeleton key={key} className="h-14" />
        ))}
      </div>
    </div>
  );
}

function PanelSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-surface-700/70 bg-surface-900 p-5 tablet:p-8">
      <h2 className="mb-5 text-lg font-bold text-white">{title}</h2>
      {children}
    </section>
  );
}

export interface MypageProps {
  /** The profile image picker (the registration page's), used in edit mode. */
  imagePicker: ProfileImagePicker;
  /** The e-mail verification panel shown under the profile (issue 22). */
  emailPanel?: ReactNode;
  /** The push consent switch shown under the profile (buyer-side.md §4). */
  pushConsent?: ReactNode;
  /** The 환불 계좌 card shown under the push consent (issue 28). */
  refundAccount?: ReactNode;
  /** After the profile was saved, e.g. to refresh the session's nickname. */
  onProfileSaved?: (profile: Profile) => void;
  /** After 모든 기기에서 로그아웃 ended this browser's session too, e.g. to clear the session user. */
  onLoggedOutEverywhere?: () => void;
}

/**
 * My page (buyer-side.md §2): 내 정보, 비밀번호 변경 and 예매 내역 under one tab bar. Every tab
 * needs the profile (its id goes along as `userId`). The booking list loads the first time its
 * tab opens and its panel then stays mounted, so switching tabs does not load it again; the
 * profile and password panels unmount when left, which discards unsaved edits and typed passwords.
 */
export function Mypage({
  imagePicker,
  emailPanel,
  pushConsent,
  refundAccount,
  onProfileSaved,
  onLoggedOutEverywhere,
}: MypageProps) {
  const baseId = useId();
  const [activeTab, selectTab] = useMypageTab();
  const profile = useProfile();
  const [hasOpenedBookings, setHasOpenedBookings] = useState(activeTab === 'bookings');
  if (activeTab === 'bookings' && !hasOpenedBookings) setHasOpenedBookings(true);

  const renderPanel = (tab: MypageTab, data: Profile): ReactNode => {
    switch (tab) {
      case 'profile':
        return activeTab === 'profile' ? (
          <ProfilePanel
            profile={data}
            imagePicker={imagePicker}
            emailPanel={emailPanel}
            pushConsent={pushConsent}
            refundAccount={refundAccount}
            onProfileSaved={onProfileSaved}
            onLoggedOutEverywhere={onLoggedOutEverywhere}
          />
        ) : null;
      case 'password':
        return activeTab === 'password' ? (
          <PanelSection title="비밀번호 변경">
            <PasswordChangeForm userId={data.id} />
          </PanelSection>
        ) : null;
      case 'bookings':
        return hasOpenedBookings ? (
          <PanelSection title="예매 내역">
            <BookingHistory userId={data.id} />
          </PanelSection>
        ) : null;
    }
  };

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 pt-8 pb-16 tablet:px-6 tablet:pt-12 desktop:px-8">
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold text-white tablet:text-3xl">마이페이지</h1>
        <p className="text-sm text-zinc-400">
          내 정보와 비밀번호, 예매 내역을 한곳에서 관리하세요.
        </p>
      </header>

      <MypageTabList baseId={baseId} activeTab={activeTab} onSelect={selectTab} />

      {mypageTabs.map(({ id }) => {
        const isActive = id === activeTab;
        return (
          <div
            key={id}
            role="tabpanel"
            id={mypagePanelId(baseId, id)}
            aria-labelledby={mypageTabId(baseId, id)}
            hidden={!isActive}
          >
            {profile.isPending
              ? isActive && <ProfileSkeleton />
              : profile.isError
                ? isActive && (
                    <ErrorState
                      title={mypageTexts.profileLoadFailed}
                      description={getErrorMessage(profile.error)}
                      onRetry={() => void profile.refetch()}
                      isRetrying={profile.isFetching}
                    />
                  )
                : renderPanel(id, profile.data)}
          </div>
        );
      })}
    </div>
  );
}
