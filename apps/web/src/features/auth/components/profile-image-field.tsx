import { clsx } from 'clsx';
import { ImagePlus, Trash2, UserRound } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { buttonStyles } from '@/components/ui/button';
import { profileImageHint, validateProfileImage } from '../utils/profile-image';

export interface ProfileImageFieldProps {
  file: File | null;
  error: string | null;
  onChange: (file: File | null, error: string | null) => void;
  /** The image the account already has (my page), shown until another one is picked. */
  currentImageUrl?: string | null;
}

/** Optional profile picture with a preview; JPEG, PNG or WEBP up to 10 MB. */
export function ProfileImageField({
  file,
  error,
  onChange,
  currentImageUrl = null,
}: ProfileImageFieldProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  // A current image that fails to load falls back to the placeholder icon.
  const [brokenImageUrl, setBrokenImageUrl] = useState<string | null>(null);
  const shownCurrentUrl =
    currentImageUrl && currentImageUrl !== brokenImageUrl ? currentImageUrl : null;

  // Frees each preview URL once it is replaced or the field goes away.
  useEffect(() => {
    if (!previewUrl) return;
    return () => URL.revokeObjectURL(previewUrl);
  }, [previewUrl]);

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    if (!chosen) return;
    const problem = validateProfileImage(chosen);
    onChange(problem ? null : chosen, problem);
    setPreviewUrl(problem ? null : URL.createObjectURL(chosen));
    // Let the same file be picked again after fixing a problem.
    event.target.value = '';
  };

  const clear = () => {
    onChange(null, null);
    setPreviewUrl(null);
    if (inputRef.current) inputRef.current.value = '';
  };

  return (
    <div className="flex flex-col gap-1.5">
      <p className="text-sm font-medium text-zinc-200">
        <span id={labelId}>프로필 이미지</span>
        <span className="ml-1 text-xs font-normal text-zinc-400">(선택)</span>
      </p>
      <div className="flex items-center gap-4">
        <span
          className={clsx(
            'flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-full border bg-surface-900',
            error ? 'border-rose-500/80' : 'border-surface-700',
          )}
        >
          {previewUrl ? (
            <img src={previewUrl} alt="프로필 이미지 미리보기" className="size-full object-cover" />
          ) : shownCurrentUrl ? (
            <img
              src={shownCurrentUrl}
              alt="현재 프로필 이미지"
              className="size-full object-cover"
              onError={() => setBrokenImageUrl(shownCurrentUrl)}
            />
          ) : (
            <UserRound className="size-9 text-zinc-600" aria-hidden />
          )}
        </span>
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap gap-2">
            <input
              ref={inputRef}
              id={id}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className="peer sr-only"
              aria-labelledby={labelId}
              aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(' ')}
              aria-invalid={error ? true : undefined}
              onChange={handleChange}
            />
            <label
              htmlFor={id}
              className={clsx(
                buttonStyles({ variant: 'outline', size: 'sm' }),
                'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-rose-400',
              )}
            >
              <ImagePlus className="size-4" aria-hidden />
              {file || shownCurrentUrl ? '이미지 변경' : '이미지 선택'}
            </label>
            {file && (
              <button
                type="button"
                onClick={clear}
                className={buttonStyles({ variant: 'ghost', size: 'sm' })}
              >
                <Trash2 className="size-4" aria-hidden />
                {shownCurrentUrl ? '선택 취소' : '삭제'}
              </button>
            )}
          </div>
          <p id={hintId} className="text-xs text-zinc-400">
            {profileImageHint}
          </p>
        </div>
      </div>
      {error && (
        <p id={errorId} className="text-sm text-rose-300">
          {error}
        </p>
      )}
    </div>
  );
}
