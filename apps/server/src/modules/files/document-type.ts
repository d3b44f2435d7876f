import type { SellerDocumentType } from '@curtaincall/contracts';

function startsWith(buffer: Buffer, bytes: readonly number[], offset = 0): boolean {
  if (buffer.length < offset + bytes.length) return false;
  return bytes.every((byte, i) => buffer[offset + i] === byte);
}

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * The type of a document from its first bytes (magic numbers), never from its name or the type
 * the browser declared: `%PDF-`, JPEG's SOI marker, PNG's signature, or a RIFF....WEBP header.
 * Anything else (text, HTML, SVG, a renamed executable) is null.
 */
export function detectDocumentType(buffer: Buffer): SellerDocumentType | null {
  if (startsWith(buffer, ascii('%PDF-'))) return 'application/pdf';
  if (startsWith(buffer, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(buffer, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(buffer, ascii('RIFF')) && startsWith(buffer, ascii('WEBP'), 8)) {
    return 'image/webp';
  }
  return null;
}

export const documentExtension: Record<SellerDocumentType, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};
