import { deleteSpecificPoster, deleteTempPoster, restorePoster } from '../api/seller-concerts-api';

/** The calls a rollback makes; the real ones by default, fakes in tests. */
export interface PosterRollbackCalls {
  deleteTemp: (sellerId: number, fileUrl: string) => Promise<void>;
  deleteSpecific: (sellerId: number, concertId: number, fileUrl: string) => Promise<unknown>;
  restore: (sellerId: number, concertId: number, originalUrl: string) => Promise<unknown>;
}

const realCalls: PosterRollbackCalls = {
  deleteTemp: deleteTempPoster,
  deleteSpecific: deleteSpecificPoster,
  restore: restorePoster,
};

export type PosterRollbackTarget =
  | { mode: 'create'; sellerId: number }
  | { mode: 'edit'; sellerId: number; concertId: number; originalUrl: string | null };

/**
 * Undoes this session's poster uploads when the form closes unsaved or a submit fails
 * (api-contract.md §11.3; seller-admin-side.md §4 "Concert form"):
 * - create mode: `DELETE /upload/temp` for each upload;
 * - edit mode: `DELETE /upload/poster/specific` for each upload, then
 *   `PATCH /upload/poster/{id}/restore` with the original poster (when the concert had one).
 * Each step is tried even when an earlier one failed; the files that could not be removed are
 * returned (the server's daily sweep removes any upload no concert shows).
 */
export async function rollbackPosterUploads(
  target: PosterRollbackTarget,
  uploads: readonly string[],
  calls: PosterRollbackCalls = realCalls,
): Promise<{ failed: string[] }> {
  const failed: string[] = [];
  if (uploads.length === 0) return { failed };
  for (const fileUrl of uploads) {
    if (target.mode === 'edit' && fileUrl === target.originalUrl) continue;
    try {
      if (target.mode === 'create') await calls.deleteTemp(target.sellerId, fileUrl);
      else await calls.deleteSpecific(target.sellerId, target.concertId, fileUrl);
    } catch {
      failed.push(fileUrl);
    }
  }
  if (target.mode === 'edit' && target.originalUrl) {
    try {
      await calls.restore(target.sellerId, target.concertId, target.originalUrl);
    } catch {
      // The concert still shows its original poster unless a save changed it, which did not
      // happen on this path; nothing more to undo.
    }
  }
  return { failed };
}

/**
 * After a successful save, the uploads of this session that the concert does not show (a poster
 * replaced twice before saving): removed as unsaved uploads, so they leave no file behind.
 */
export async function discardUnusedUploads(
  sellerId: number,
  uploads: readonly string[],
  keptUrl: string | null,
  calls: Pick<PosterRollbackCalls, 'deleteTemp'> = realCalls,
): Promise<void> {
  for (const fileUrl of uploads) {
    if (fileUrl === keptUrl) continue;
    await calls.deleteTemp(sellerId, fileUrl).catch(() => undefined);
  }
}
