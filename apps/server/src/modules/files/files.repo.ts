import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { uploadedFiles } from '../../db/schema/index';

export async function insertUploadedFile(
  db: DbOrTx,
  file: typeof uploadedFiles.$inferInsert,
): Promise<number> {
  const [row] = await db.insert(uploadedFiles).values(file).returning({ id: uploadedFiles.id });
  if (!row) throw new Error('insert into uploaded_files returned no row');
  return row.id;
}

export async function deleteUploadedFileRow(db: DbOrTx, storageKey: string): Promise<void> {
  await db.delete(uploadedFiles).where(eq(uploadedFiles.storageKey, storageKey));
}
