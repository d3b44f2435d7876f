import { accountFieldLabels, type Profile } from '@curtaincall/contracts';
import { Pencil } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ProfileAvatar } from './profile-avatar';

const viewFields = ['email', 'username', 'name', 'nickname', 'phone', 'address'] as const;

/** 내 정보, view mode: the avatar and every account field, with the edit button. */
export function ProfileView({ profile, onEdit }: { profile: Profile; onEdit: () => void }) {
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col items-center gap-4 text-center tablet:flex-row tablet:text-left">
        <ProfileAvatar profile={profile} className="size-24" />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <p className="text-xl font-bold break-words text-white">
            {profile.nickname || profile.username}
          </p>
          <p className="text-sm text-zinc-400">@{profile.username}</p>
        </div>
        <Button variant="outline" onClick={onEdit} className="w-full tablet:w-auto">
          <Pencil className="size-4" aria-hidden />
          정보 수정
        </Button>
      </div>
      <dl className="grid grid-cols-1 gap-px overflow-hidden rounded-xl border border-surface-700/70 bg-surface-700/70 tablet:grid-cols-2">
        {viewFields.map((field) => (
          <div key={field} className="flex flex-col gap-1 bg-surface-900 px-4 py-3">
            <dt className="text-xs font-medium text-zinc-400">{accountFieldLabels[field]}</dt>
            <dd className="break-words text-zinc-100">
              {profile[field] || <span className="text-zinc-400">미입력</span>}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
