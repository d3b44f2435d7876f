import { z } from 'zod';
import { concertIdParamsSchema, concertMessages } from './concerts';
import { sellerIdQuerySchema } from './seller-concerts';

/** Poster uploads (api-contract.md §11.3; seller-admin-side.md §5 "Poster file"). */
export const posterUploadMessages = {
  uploaded: '파일 업로드 성공',
  deleted: '파일이 삭제되었습니다.',
  restored: '원본 포스터로 복구되었습니다.',
  fileRequired: '업로드할 이미지 파일을 선택해주세요. (빈 파일은 올릴 수 없습니다.)',
  fileNameTooLong: '파일 이름은 255자 이하여야 합니다.',
  fileNameCharacters: '파일 이름에 < > : " / \\ | ? * 문자는 사용할 수 없습니다.',
  fileType: '포스터는 JPEG, PNG, WEBP, GIF 이미지만 올릴 수 있습니다.',
  uploadInProgress: '같은 파일을 업로드하는 중입니다. 업로드가 끝난 뒤 다시 시도해주세요.',
  fileUrl: '파일 URL은 http 또는 https 주소여야 합니다.',
  originalUrl: '원본 포스터 URL은 http 또는 https 주소여야 합니다.',
  timestamp: '업로드 시각(timestamp)은 밀리초 단위의 숫자여야 합니다.',
  fileNotFound: '파일을 찾을 수 없습니다.',
  notFileOwner: '본인이 업로드한 파일만 삭제할 수 있습니다.',
  fileInUse: '콘서트 포스터로 사용 중인 파일은 삭제할 수 없습니다.',
} as const;

/** Poster types, judged by the file's bytes (a GIF keeps its first frame: see files.service). */
export const posterImageTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

export const posterFileNameMaxLength = 255;
/** Characters a poster's file name may not contain (seller-admin-side.md §5). */
export const posterFileNameForbidden = /[<>:"/\\|?*]/;

/** An absolute http(s) URL, at most 2048 characters. */
function httpUrl(message: string) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(2048, { error: message })
    .refine(
      (value) => {
        try {
          const url = new URL(value);
          return url.protocol === 'http:' || url.protocol === 'https:';
        } catch {
          return false;
        }
      },
      { error: message },
    );
}

/** The text fields of `POST /upload/poster` (the multipart `file` is checked by the server). */
export const posterUploadFieldsSchema = z.object({
  concertId: concertIdParamsSchema.shape.concertId.optional(),
  /** The client's upload time in ms; only checked for shape (the server keeps its own clock). */
  timestamp: z
    .string({ error: posterUploadMessages.timestamp })
    .regex(/^\d{1,16}$/, { error: posterUploadMessages.timestamp })
    .optional(),
});

/** `DELETE /upload/poster/specific`. */
export const posterDeleteSpecificQuerySchema = sellerIdQuerySchema.extend({
  fileUrl: httpUrl(posterUploadMessages.fileUrl),
  concertId: z.coerce
    .number({ error: concertMessages.concertId })
    .int({ error: concertMessages.concertId })
    .min(1, { error: concertMessages.concertId })
    .max(2_147_483_647, { error: concertMessages.concertId }),
});

/** `DELETE /upload/temp`. */
export const posterDeleteTempQuerySchema = sellerIdQuerySchema.extend({
  fileUrl: httpUrl(posterUploadMessages.fileUrl),
});

/** `PATCH /upload/poster/{concertId}/restore`. */
export const posterRestoreBodySchema = z.object({
  originalUrl: httpUrl(posterUploadMessages.originalUrl),
});

export type PosterDeleteSpecificQuery = z.infer<typeof posterDeleteSpecificQuerySchema>;
export type PosterDeleteTempQuery = z.infer<typeof posterDeleteTempQuerySchema>;
