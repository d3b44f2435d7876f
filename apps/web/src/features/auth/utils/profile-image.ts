import { accountMessages, limits, profileImageTypes } from '@curtaincall/contracts';

export const profileImageHint = 'JPG, PNG, WEBP · 최대 10MB';

/** The Korean problem with a chosen profile image, or null when it may be uploaded. */
export function validateProfileImage(file: File): string | null {
  if (!(profileImageTypes as readonly string[]).includes(file.type))
    return accountMessages.imageType;
  if (file.size > limits.uploadMaxBytes) return accountMessages.imageTooLarge;
  return null;
}
