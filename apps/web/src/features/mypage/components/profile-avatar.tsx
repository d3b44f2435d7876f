import type { Profile } from '@curtaincall/contracts';
import { clsx } from 'clsx';
import { useState } from 'react';

/** The first letter of the nickname (else name, else username) for the placeholder avatar. */
export function getProfileInitial(profile: Pick<Profile, 'nickname' | 'name' | 'username'>) {
  const source = [profile.nickname, profile.name, profile.username].find((v) => v.trim() !== '');
  return source ? (Array.from(source.trim())[0] ?? '?').toUpperCase() : '?';
}

/** The profile image, or the nickname's initial on a gradient when there is none (or it breaks). */
export function ProfileAvatar({ profile, className }: { profile: Profile; className?: string }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const src =
    profile.profileImage && profile.profileImage !== failedSrc ? profile.profileImage : null;
  return (
    <span
      className={clsx(
        'flex shrink-0 items-center justify-center overflow-hidden rounded-full border border-surface-700 bg-gradient-to-br from-rose-500/80 to-fuchsia-700/80',
        className,
      )}
    >
      {src ? (
        <img
          src={src}
          alt="프로필 이미지"
          className="size-full object-cover"
          onError={() => setFailedSrc(src)}
        />
      ) : (
        <span role="img" aria-label="기본 프로필 이미지" className="text-3xl font-bold text-white">
          <span aria-hidden>{getProfileInitial(profile)}</span>
        </span>
      )}
    </span>
  );
}
