import { and, asc, eq, gt, inArray, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { concerts, uploadedFiles } from '../../db/schema/index';

export type UploadedFileRow = typeof uploadedFiles.$inferSelect;

/** A poster upload by its storage key, locked for this transaction. */
export async function lockPosterFile(
  db: DbOrTx,
  storageKey: string,
): Promise<UploadedFileRow | undefined> {
  const [row] = await db
    .select()
    .from(uploadedFiles)
    .where(and(eq(uploadedFiles.storageKey, storageKey), eq(uploadedFiles.kind, 'poster')))
    .for('update');
  return row;
}

/** Ids of the concerts whose poster is one of these URLs. */
export async function concertsUsingPosters(
  db: DbOrTx,
  urls: string[],
): Promise<Array<{ id: number; posterImageUrl: string | null }>> {
  if (urls.length === 0) return [];
  return db
    .select({ id: concerts.id, posterImageUrl: concerts.posterImageUrl })
    .from(concerts)
    .where(inArray(concerts.posterImageUrl, urls));
}

/** The oldest poster uploads made before `before` (candidates for the orphan sweep). */
export async function findPosterFilesBefore(
  db: DbOrTx,
  before: Date,
  afterId: number,
  limit: number,
): Promise<UploadedFileRow[]> {
  return db
    .select()
    .from(uploadedFiles)
    .where(
      and(
        eq(uploadedFiles.kind, 'poster'),
        lt(uploadedFiles.createdAt, before),
        // Keyset paging: rows kept (still attached) are not looked at again in the same sweep.
        gt(uploadedFiles.id, afterId),
      ),
    )
    .orderBy(asc(uploadedFiles.id))
    .limit(limit);
}

export async function deleteFileRows(db: DbOrTx, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(uploadedFiles).where(inArray(uploadedFiles.id, ids));
}
