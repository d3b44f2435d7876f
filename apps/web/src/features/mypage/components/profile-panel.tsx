import type { ReactNode } from 'react';
import type { Profile } from '@curtaincall/contracts';
import { useState } from 'react';
import { ProfileEditForm, type ProfileImagePicker } from './profile-edit-form';
import { ProfileView } from './profile-view';
import { LinkedAccountsPanel } from './linked-accounts-panel';
import { LogoutEverywherePanel } from './logout-everywhere-panel';

interface ProfilePanelProps {
  profile: Profile;
  imagePicker: ProfileImagePicker;
  /** The e-mail verification panel (account-email feature), under the profile. */
  emailPanel?: ReactNode;
  /** The push consent switch (notifications feature), under the profile. */
  pushConsent?: ReactNode;
  /** The 환불 계좌 card (refund-account feature, issue 28), under the push consent. */
  refundAccount?: ReactNode;
  onProfileSaved?: ((profile: Profile) => void) | undefined;
  /** After 모든 기기에서 로그아웃: this browser is logged out too. */
  onLoggedOutEverywhere?: (() => void) | undefined;
}

/**
 * 내 정보: the profile in view or edit mode, the push notification consent, linked accounts and
 * 모든 기기에서 로그아웃.
 */
export function ProfilePanel({
  profile,
  imagePicker,
  emailPanel,
  pushConsent,
  refundAccount,
  onProfileSaved,
  onLoggedOutEverywhere,
}: ProfilePanelProps) {
  const [isEditing, setIsEditing] = useState(false);
  return (
    <div className="flex flex-col gap-4">
      <section className="rounded-2xl border border-surface-700/70 bg-surface-900 p-5 tablet:p-8">
        <h2 className="mb-5 text-lg font-bold text-white">
          {isEditing ? '내 정보 수정' : '내 정보'}
        </h2>
        {isEditing ? (
          <ProfileEditForm
            profile={profile}
            imagePicker={imagePicker}
            onCancel={() => setIsEditing(false)}
            onSaved={(saved) => {
              setIsEditing(false);
              onProfileSaved?.(saved);
            }}
          />
        ) : (
          <ProfileView profile={profile} onEdit={() => setIsEditing(true)} />
        )}
      </section>
      {emailPanel}
      {pushConsent}
      {refundAccount}
      <LinkedAccountsPanel />
      <LogoutEverywherePanel onLoggedOut={onLoggedOutEverywhere} />
    </div>
  );
}
