import { randomUUID } from 'node:crypto';
import {
  accountMessages,
  limits,
  profileImageTypes,
  sellerDocumentMaxBytes,
  sellerMessages,
} from '@curtaincall/contracts';
import type { FileStoragePort, PrivateFileStoragePort } from '../../adapters/storage/file-storage';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { UploadedPart } from '../../lib/multipart';
import { deleteUploadedFileRow, insertUploadedFile } from './files.repo';
import { detectDocumentType, documentExtension } from './document-type';

export type FileKind = 'poster' | 'profile' | 'seller-document';

export interface StoredFile {
  kind: FileKind;
  storageKey: string;
  originalName: string;
  mimeType: string;
  sizeBytes: number;
}

const folderOf: Record<FileKind, string> = {
  poster: 'posters',
  profile: 'profiles',
  'seller-document': 'seller-documents',
};

export function createFilesService(deps: {
  storage: FileStoragePort;
  privateStorage: PrivateFileStoragePort;
}) {
  const { storage, privateStorage } = deps;

  /**
   * Checks an image by its bytes (not its name or declared type), re-encodes it to WebP with
   * metadata stripped and at most `maxWidth` wide, and stores it under a generated key. Images
   * over `limits.imageMaxSidePixels` a side are refused (400 F004) from their header, before
   * decoding: a 16,000 px square PNG is a few hundred KB yet costs seconds of CPU to decode.
   */
  async function storeImage(options: {
    kind: FileKind;
    part: UploadedPart;
    allowedMimeTypes: readonly string[];
    maxWidth: number;
    typeErrorMessage?: string;
    /** The form field the file came in, named in the refusal's `errors[]`. */
    field?: string;
  }): Promise<StoredFile> {
    const refuse = (code: 'F003' | 'F004', message?: string) =>
      fileFieldError(code, options.field, message);
    // Loaded on the first upload, not at start (~0.15 s and ~0.25 s to import).
    const [{ fileTypeFromBuffer }, { default: sharp }] = await Promise.all([
      import('file-type'),
      import('sharp'),
    ]);
    const detected = await fileTypeFromBuffer(options.part.buffer);
    if (!detected || !options.allowedMimeTypes.includes(detected.mime)) {
      throw refuse('F003', options.typeErrorMessage);
    }
    const maxSide = limits.imageMaxSidePixels;
    // Header only, no decoding; read without the pixel limit, which would fail it as unreadable.
    const header = await sharp(options.part.buffer, { animated: false })
      .metadata()
      .catch(() => {
        throw refuse('F003', '이미지 파일을 읽을 수 없습니다.');
      });
    if ((header.width ?? 0) > maxSide || (header.height ?? 0) > maxSide) {
      throw refuse('F004');
    }
    let encoded: Buffer;
    try {
      // The pixel limit guards whatever the header check could miss: sharp refuses to decode.
      encoded = await sharp(options.part.buffer, {
        animated: false,
        limitInputPixels: maxSide * maxSide,
      })
        .rotate() // apply EXIF orientation before the metadata is dropped
        .resize({ width: options.maxWidth, withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer();
    } catch {
      throw refuse('F003', '이미지 파일을 읽을 수 없습니다.');
    }
    const storageKey = `${folderOf[options.kind]}/${randomUUID()}.webp`;
    await storage.put(storageKey, encoded, 'image/webp');
    return {
      kind: options.kind,
      storageKey,
      originalName: options.part.filename.slice(0, 255),
      mimeType: 'image/webp',
      sizeBytes: encoded.length,
    };
  }

  /** A profile picture: JPEG, PNG or WEBP by its bytes, re-encoded at most 512 px wide. */
  async function storeProfileImage(part: UploadedPart): Promise<StoredFile> {
    return storeImage({
      kind: 'profile',
      part,
      allowedMimeTypes: profileImageTypes,
      maxWidth: 512,
      typeErrorMessage: accountMessages.imageType,
      field: 'profileImage',
    });
  }

  /**
   * The same pixel limit as posters and profile pictures, for an image kept as uploaded: the
   * admin's browser decodes it, and a 16,000 px square PNG (a few hundred KB) costs it ~1 GB of
   * memory. Read from the header only. A header sharp cannot read passes: the type check by
   * magic number already ran, and nothing here decodes the pixels.
   */
  async function assertImageSidesWithinLimit(buffer: Buffer): Promise<void> {
    const { default: sharp } = await import('sharp');
    const header = await sharp(buffer, { animated: false })
      .metadata()
      .catch(() => null);
    const maxSide = limits.imageMaxSidePixels;
    if (header && ((header.width ?? 0) > maxSide || (header.height ?? 0) > maxSide)) {
      // Named on the licence form's field, like the document's other refusals.
      throw fileFieldError('F004', 'document');
    }
  }

  /**
   * A seller's business licence: PDF, JPEG, PNG or WEBP by its bytes (a text file named .pdf, an
   * SVG or HTML is refused whatever it is called), at most 10 MB, kept byte for byte (the admin
   * reviews the original) in the private storage, never under a public URL.
   */
  async function storeSellerDocument(part: UploadedPart): Promise<StoredFile> {
    if (part.buffer.length > sellerDocumentMaxBytes) {
      throw fileFieldError('F002', 'document', sellerMessages.documentTooLarge);
    }
    const mimeType = detectDocumentType(part.buffer);
    if (!mimeType) throw fileFieldError('F003', 'document', sellerMessages.documentType);
    if (mimeType !== 'application/pdf') await assertImageSidesWithinLimit(part.buffer);
    const storageKey = `${folderOf['seller-document']}/${randomUUID()}.${documentExtension[mimeType]}`;
    await privateStorage.put(storageKey, part.buffer, mimeType);
    return {
      kind: 'seller-document',
      storageKey,
      originalName: part.filename.slice(0, 255),
      mimeType,
      sizeBytes: part.buffer.length,
    };
  }

  /** The bytes of a private file (null when they are gone). */
  async function readPrivateFile(storageKey: string): Promise<Buffer | null> {
    return (await privateStorage.get(storageKey))?.body ?? null;
  }

  /** Removes a private file whose database write failed. */
  async function discardPrivateFile(file: StoredFile): Promise<void> {
    await privateStorage.delete(file.storageKey).catch(() => undefined);
  }

  /** Records who owns a stored file (inside the caller's transaction). */
  async function recordFile(
    db: DbOrTx,
    file: StoredFile,
    ownerUserId: number | null,
    /** The upload time by the app's clock, when a rule measures age from it (the poster sweep). */
    createdAt?: Date,
  ): Promise<number> {
    return insertUploadedFile(db, { ...file, ownerUserId, ...(createdAt ? { createdAt } : {}) });
  }

  /** Removes a stored file whose database write failed. */
  async function discardFile(file: StoredFile): Promise<void> {
    await storage.delete(file.storageKey).catch(() => undefined);
  }

  /**
   * Deletes a file that a committed change replaced (an old profile picture), row and bytes.
   * Best effort: a leftover file wastes space but never shows, so a failure here must not undo
   * the change the user just saved.
   */
  async function deleteReplacedFile(db: DbOrTx, storageKey: string): Promise<void> {
    try {
      await deleteUploadedFileRow(db, storageKey);
      await storage.delete(storageKey);
    } catch {
      // Left for an operator's cleanup; see the comment above.
    }
  }

  return {
    storeImage,
    storeProfileImage,
    storeSellerDocument,
    readPrivateFile,
    discardPrivateFile,
    recordFile,
    discardFile,
    deleteReplacedFile,
    publicUrl: storage.publicUrl,
  };
}

export type FilesService = ReturnType<typeof createFilesService>;

/** A refused upload, named in `errors[]` when its form field is known (shown under that field). */
function fileFieldError(
  code: 'F002' | 'F003' | 'F004',
  field: string | undefined,
  message?: string,
): AppError {
  const error = new AppError(code, message);
  return field ? new AppError(code, error.message, [{ field, message: error.message }]) : error;
}
