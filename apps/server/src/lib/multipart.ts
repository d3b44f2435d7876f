import type { FastifyRequest } from 'fastify';
import { AppError } from '../http/app-error';
import { hasNul, nulCharacterError } from '../http/hostile-input';

export interface UploadedPart {
  buffer: Buffer;
  filename: string;
  mimetype: string;
}

/**
 * Reads a whole multipart body: text fields as strings, and the named file parts as buffers.
 * Size limits come from @fastify/multipart's `limits` (an oversized file throws F002).
 * Empty file parts (a form with no file chosen) count as absent.
 */
export async function readMultipart(
  request: FastifyRequest,
  fileFields: readonly string[],
): Promise<{ fields: Record<string, string>; files: Record<string, UploadedPart> }> {
  if (!request.isMultipart()) {
    throw new AppError('C006', 'multipart/form-data 형식으로 보내주세요.');
  }
  const fields: Record<string, string> = {};
  const files: Record<string, UploadedPart> = {};
  try {
    for await (const part of request.parts()) {
      // Field names, values and file names may reach the database (see hostile-input.ts).
      const fileName = part.type === 'file' ? part.filename : '';
      if (hasNul(part.fieldname) || hasNul(fileName)) {
        throw nulCharacterError(part.fieldname.replaceAll('\u0000', '') || 'body');
      }
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (fileFields.includes(part.fieldname) && buffer.length > 0) {
          files[part.fieldname] = { buffer, filename: part.filename, mimetype: part.mimetype };
        }
      } else if (typeof part.value === 'string') {
        if (hasNul(part.value)) throw nulCharacterError(part.fieldname);
        fields[part.fieldname] = part.value;
      } else {
        fields[part.fieldname] = JSON.stringify(part.value);
      }
    }
  } catch (error) {
    // Limits (file too large, too many parts) are Fastify errors the error handler maps; anything
    // else here is busboy failing to parse a malformed body (no boundary, truncated form).
    if (error instanceof AppError) throw error;
    const code = (error as { code?: unknown } | null)?.code;
    if (typeof code === 'string' && code.startsWith('FST_')) throw error;
    throw new AppError('C007', 'multipart 요청 본문의 형식이 올바르지 않습니다.');
  }
  return { fields, files };
}
