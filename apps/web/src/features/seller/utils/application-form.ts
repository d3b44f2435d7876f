import {
  sellerApplicationBodySchema,
  sellerDocumentMaxBytes,
  sellerDocumentTypes,
  sellerMessages,
  type SellerApplicationBody,
  type SellerStatus,
} from '@curtaincall/contracts';

/** The form's fields as typed; numbers hold digits only. */
export type ApplicationDraft = SellerApplicationBody;
export type ApplicationField = keyof ApplicationDraft | 'document';
export type ApplicationErrors = Partial<Record<ApplicationField, string>>;

export const emptyDraft: ApplicationDraft = {
  companyName: '',
  businessNumber: '',
  representativeName: '',
  representativePhone: '',
};

/** A re-application starts from the latest application's fields (api-contract.md §14.14). */
export function draftFromStatus(status: SellerStatus | undefined): ApplicationDraft {
  return {
    companyName: status?.companyName ?? '',
    businessNumber: status?.businessNumber ?? '',
    representativeName: status?.representativeName ?? '',
    representativePhone: status?.representativePhone ?? '',
  };
}

/** `accept` of the file input; the server checks the bytes, this only guides the picker. */
export const documentAccept = [
  ...sellerDocumentTypes,
  '.pdf',
  '.jpg',
  '.jpeg',
  '.png',
  '.webp',
].join(',');

const extensionTypes: Record<string, string> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/** The licence file's problem, or null: PDF, JPEG, PNG or WEBP of at most 10 MB. */
export function checkDocument(file: File): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  const type = file.type || extensionTypes[extension] || '';
  if (!(sellerDocumentTypes as readonly string[]).includes(type))
    return sellerMessages.documentType;
  if (file.size > sellerDocumentMaxBytes) return sellerMessages.documentTooLarge;
  return null;
}

/**
 * Checks the whole form with the contract's rules. The file is required unless the previous
 * application's document can be reused.
 */
export function validateApplication(
  draft: ApplicationDraft,
  document: File | null,
  canReuseDocument: boolean,
): { body: SellerApplicationBody | null; errors: ApplicationErrors } {
  const errors: ApplicationErrors = {};
  const parsed = sellerApplicationBodySchema.safeParse(draft);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof ApplicationDraft;
      errors[field] ??= issue.message;
    }
  }
  if (document) {
    const problem = checkDocument(document);
    if (problem) errors.document = problem;
  } else if (!canReuseDocument) {
    errors.document = sellerMessages.documentRequired;
  }
  const isValid = parsed.success && Object.keys(errors).length === 0;
  return { body: isValid ? parsed.data : null, errors };
}
