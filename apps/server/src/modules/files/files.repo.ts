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
