import { ImageOff, ImageUp, Trash2 } from 'lucide-react';
import { useId, useRef } from 'react';
import { Button, buttonStyles } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { posterAccept } from '../utils/concert-form';
import { defaultPosterUrl } from './seller-concert-poster';
import { imageCheckMessages, isHttpUrl, useImageCheck } from '../utils/image-check';

interface PosterFieldProps {
  url: string;
  error: string | undefined;
  uploadError: string | null;
  isUploading: boolean;
  onUrlChange: (url: string) => void;
  onFileSelected: (file: File) => void;
  onRemove: () => void;
}

/**
 * The poster section: upload a file (it goes to the server at once and comes back as a URL), or
 * type an image URL; the preview shows what buyers will see, and a URL that does not load within
 * 5 s is pointed out.
 */
export function PosterField({
  url,
  error,
  uploadError,
  isUploading,
  onUrlChange,
  onFileSelected,
  onRemove,
}: PosterFieldProps) {
  const fileInputId = useId();
  const hintId = useId();
  const uploadErrorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const check = useImageCheck(url);
  const checkMessage = imageCheckMessages[check];
  const previewUrl = isHttpUrl(url) && check !== 'failed' ? url : defaultPosterUrl;

  return (
    <div className="flex flex-col gap-4 tablet:flex-row tablet:items-start">
      <div className="w-32 shrink-0 self-center overflow-hidden rounded-xl border border-surface-700 bg-surface-950 tablet:w-40 tablet:self-start">
        <img
          src={previewUrl}
          alt={url ? '포스터 미리보기' : '기본 포스터 이미지'}
          width={600}
          height={800}
          className="aspect-[3/4] size-full object-cover"
        />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <input
            ref={inputRef}
            id={fileInputId}
            type="file"
            accept={posterAccept}
            aria-describedby={[hintId, uploadError ? uploadErrorId : null]
              .filter(Boolean)
              .join(' ')}
            aria-invalid={uploadError ? true : undefined}
            disabled={isUploading}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) onFileSelected(file);
              // The same file may be chosen again after a failure.
              event.target.value = '';
            }}
            className="peer sr-only"
          />
          <label
            htmlFor={fileInputId}
            className={`${buttonStyles({ variant: 'outline', size: 'sm' })} cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-rose-400 peer-disabled:cursor-wait peer-disabled:opacity-60`}
          >
            <ImageUp className="size-4" aria-hidden />
            {isUploading ? '업로드 중…' : '포스터 파일 선택'}
          </label>
          {url && (
            <Button variant="ghost" size="sm" onClick={onRemove} disabled={isUploading}>
              <Trash2 className="size-4" aria-hidden />
              포스터 제거
            </Button>
          )}
        </div>
        <p id={hintId} className="text-xs text-zinc-400">
          JPG, PNG, WEBP, GIF 파일 (최대 10MB, 파일 이름 255자 이하)
        </p>
        {uploadError && (
          <p id={uploadErrorId} role="alert" className="text-sm text-rose-300">
            {uploadError}
          </p>
        )}
        <TextField
          label="포스터 이미지 URL"
          labelSuffix="(선택)"
          name="posterImageUrl"
          type="url"
          inputMode="url"
          placeholder="https://"
          value={url}
          onChange={(event) => onUrlChange(event.target.value)}
          error={error}
          hint="파일을 올리면 자동으로 입력됩니다."
        />
        {checkMessage && (
          <p className="flex items-center gap-1.5 text-sm text-amber-200" role="status">
            <ImageOff className="size-4 shrink-0" aria-hidden />
            {checkMessage}
          </p>
        )}
      </div>
    </div>
  );
}
