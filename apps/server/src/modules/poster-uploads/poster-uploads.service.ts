import { createHash } from 'node:crypto';
import {
  posterFileNameForbidden,
  posterFileNameMaxLength,
  posterImageTypes,
  posterUploadFieldsSchema,
  posterUploadMessages,
  sellerConcertMessages,
  type FieldError,
  type PosterDeleteSpecificQuery,
  type PosterDeleteTempQuery,
  type SellerConcert,
} from '@curtaincall/contracts';
import type { JobLockPort } from '../../adapters/job-lock/job-lock';
import type { FileStoragePort } from '../../adapters/storage/file-storage';
import type { Database, DbOrTx } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { Clock } from '../../lib/clock';
import type { UploadedPart } from '../../lib/multipart';
import type { AuthUser } from '../auth/auth.policy';
import type { FilesService } from '../files/files.service';
import type { SellerConcertsService } from '../seller-concerts/seller-concerts.service';
import {
  concertsUsingPosters,
  deleteFileRows,
  findPosterFilesBefore,
  lockPosterFile,
  type UploadedFileRow,
} from './poster-uploads.repo';

/** Poster uploads never attached to a concert are removed this long after their upload. */
export const ORPHAN_POSTER_AGE_MS = 24 * 60 * 60_000;
/** Longer than the client's 60 s upload timeout: a crashed upload frees its file by itself. */
const UPLOAD_LOCK_TTL_MS = 120_000;
/** Posters are shown at most this wide (the detail page); larger images are scaled down. */
const POSTER_MAX_WIDTH = 1600;
const SWEEP_BATCH = 200;

/**
 * The storage key a poster URL names, from its last two path segments (`posters/<name>.webp`).
 * The caller still checks that the storage's own URL for that key is exactly the URL given, so
 * this never has to know how an adapter spells its URLs.
 */
function posterKeyOf(fileUrl: string): string | null {
  try {
    const match = /(?:^|\/)(posters\/[A-Za-z0-9-]{1,100}\.webp)$/.exec(new URL(fileUrl).pathname);
    return match?.[1] ?? null;
  } catch {
    return null;
  }
}

/**
 * Poster uploads (api-contract.md §11.3): a seller uploads an image for the concert form, deletes
 * an upload the form dropped, and restores a concert's original poster after a failed edit.
 * Every file records its uploader; only that seller may delete it.
 */
export function createPosterUploadsService(deps: {
  db: Database;
  files: FilesService;
  storage: FileStoragePort;
  lock: JobLockPort;
  sellerConcerts: SellerConcertsService;
  clock: Clock;
}) {
  const { db, files, storage, lock, clock } = deps;

  function assertSellerId(seller: AuthUser, sellerId: number | undefined): void {
    if (sellerId !== undefined && sellerId !== seller.id) {
      throw new AppError('S002', sellerConcertMessages.notOwner);
    }
  }

  function checkFileName(name: string): void {
    if ([...name].length > posterFileNameMaxLength) {
      throw new AppError('F005', posterUploadMessages.fileNameTooLong, [
        { field: 'file', message: posterUploadMessages.fileNameTooLong },
      ]);
    }
    if (posterFileNameForbidden.test(name)) {
      throw new AppError('F005', posterUploadMessages.fileNameCharacters, [
        { field: 'file', message: posterUploadMessages.fileNameCharacters },
      ]);
    }
  }

  /** `POST /upload/poster`: checks, re-encodes and stores a poster; answers its absolute URL. */
  async function upload(
    seller: AuthUser,
    fields: Record<string, string>,
    part: UploadedPart | undefined,
  ): Promise<string> {
    const parsed = posterUploadFieldsSchema.safeParse(fields);
    if (!parsed.success) {
      const fieldErrors: FieldError[] = parsed.error.issues.map((issue) => ({
        field: issue.path.join('.') || 'body',
        message: issue.message,
      }));
      throw new AppError('C001', fieldErrors[0]?.message, fieldErrors);
    }
    if (!part) {
      throw new AppError('C001', posterUploadMessages.fileRequired, [
        { field: 'file', message: posterUploadMessages.fileRequired },
      ]);
    }
    checkFileName(part.filename);
    const { concertId } = parsed.data;
    if (concertId !== undefined) await deps.sellerConcerts.assertOwnConcert(seller, concertId);

    // One upload of the same bytes per seller at a time (a double click, a retried request):
    // the lock lives in Redis when instances share it, so the rule holds across instances.
    const digest = createHash('sha256').update(part.buffer).digest('hex');
    const upload = await lock.tryAcquire(
      `poster-upload:${seller.id}:${digest}`,
      UPLOAD_LOCK_TTL_MS,
    );
    if (!upload) throw new AppError('F006', posterUploadMessages.uploadInProgress);
    try {
      const stored = await files.storeImage({
        kind: 'poster',
        part,
        allowedMimeTypes: posterImageTypes,
        maxWidth: POSTER_MAX_WIDTH,
        typeErrorMessage: posterUploadMessages.fileType,
      });
      try {
        // The upload time by the server's clock: the orphan sweep measures a day from it.
        await files.recordFile(db, stored, seller.id, clock.now());
      } catch (error) {
        await files.discardFile(stored);
        throw error;
      }
      return storage.publicUrl(stored.storageKey);
    } finally {
      await upload.release().catch(() => undefined);
    }
  }

  /** The poster upload a URL names, locked: 404 F007 when it is none of ours. */
  async function lockPosterByUrl(tx: DbOrTx, fileUrl: string): Promise<UploadedFileRow> {
    const key = posterKeyOf(fileUrl);
    const row = key ? await lockPosterFile(tx, key) : undefined;
    if (!row || storage.publicUrl(row.storageKey) !== fileUrl) {
      throw new AppError('F007', posterUploadMessages.fileNotFound);
    }
    return row;
  }

  function assertUploader(row: UploadedFileRow, seller: AuthUser): void {
    if (row.ownerUserId !== seller.id) {
      throw new AppError('S002', posterUploadMessages.notFileOwner);
    }
  }

  /**
   * Removes the row and then the bytes, inside the caller's transaction: a storage failure rolls
   * the row back (500, the seller may retry) instead of leaving a row without a file.
   */
  async function removeFile(tx: DbOrTx, row: UploadedFileRow): Promise<void> {
    await deleteFileRows(tx, [row.id]);
    await storage.delete(row.storageKey);
  }

  /**
   * `DELETE /upload/poster/specific`: the edit form's rollback. Deletes an upload of this seller
   * for one of their concerts; the concert's poster is cleared only when it is this file
   * (api-contract §14 item 17). A file another concert still shows is kept (409 F008).
   */
  async function deleteSpecific(seller: AuthUser, query: PosterDeleteSpecificQuery): Promise<void> {
    await deps.sellerConcerts.detachPosterFile(
      seller,
      query.sellerId,
      query.concertId,
      query.fileUrl,
      async (tx, concertId) => {
        const row = await lockPosterByUrl(tx, query.fileUrl);
        assertUploader(row, seller);
        const users = await concertsUsingPosters(tx, [query.fileUrl]);
        if (users.some((used) => used.id !== concertId)) {
          throw new AppError('F008', posterUploadMessages.fileInUse);
        }
        await removeFile(tx, row);
      },
    );
  }

  /** `DELETE /upload/temp`: the create form's rollback; an unattached upload, by its uploader. */
  async function deleteTemp(seller: AuthUser, query: PosterDeleteTempQuery): Promise<void> {
    assertSellerId(seller, query.sellerId);
    await db.transaction(async (tx) => {
      const row = await lockPosterByUrl(tx, query.fileUrl);
      assertUploader(row, seller);
      if ((await concertsUsingPosters(tx, [query.fileUrl])).length > 0) {
        throw new AppError('F008', posterUploadMessages.fileInUse);
      }
      await removeFile(tx, row);
    });
  }

  /** `PATCH /upload/poster/{id}/restore`: the concert's poster back to the original URL. */
  async function restore(
    seller: AuthUser,
    sellerId: number | undefined,
    concertId: number,
    originalUrl: string,
  ): Promise<SellerConcert> {
    return deps.sellerConcerts.setPoster(seller, sellerId, concertId, originalUrl);
  }

  /**
   * The orphan sweep: poster uploads older than a day that no concert shows, row and bytes.
   * A form open for a whole day loses its upload; the seller uploads again.
   */
  async function removeOrphanPosters(now: Date): Promise<number> {
    const before = new Date(now.getTime() - ORPHAN_POSTER_AGE_MS);
    let removed = 0;
    let afterId = 0;
    for (;;) {
      const rows = await findPosterFilesBefore(db, before, afterId, SWEEP_BATCH);
      if (rows.length === 0) break;
      afterId = Math.max(...rows.map((row) => row.id));
      const urlOf = new Map(rows.map((row) => [row.id, storage.publicUrl(row.storageKey)]));
      const used = new Set(
        (await concertsUsingPosters(db, [...urlOf.values()])).map((c) => c.posterImageUrl),
      );
      const orphans = rows.filter((row) => !used.has(urlOf.get(row.id) ?? ''));
      for (const row of orphans) {
        // A file whose bytes cannot be removed now keeps its row, so the next sweep retries it.
        try {
          await storage.delete(row.storageKey);
          await deleteFileRows(db, [row.id]);
          removed += 1;
        } catch {
          // Retried on the next run.
        }
      }
      if (rows.length < SWEEP_BATCH) break;
    }
    return removed;
  }

  return { upload, deleteSpecific, deleteTemp, restore, removeOrphanPosters };
}

export type PosterUploadsService = ReturnType<typeof createPosterUploadsService>;
