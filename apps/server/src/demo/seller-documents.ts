import { deflateSync } from 'node:zlib';

/**
 * Small licence documents made on the spot (no network, no files in the repository): a one-page
 * PDF and a PNG, for the demo's applications and the tests.
 */

/** A one-page PDF (A5) with a few lines of Latin text in a standard font. */
export function renderLicencePdf(lines: readonly string[]): Buffer {
  const escape = (text: string) =>
    text.replace(/[^\x20-\x7e]/g, '?').replace(/[\\()]/g, (c) => `\\${c}`);
  const stream = [
    'BT /F1 14 Tf 40 540 Td 18 TL',
    ...lines.map((line) => `(${escape(line)}) Tj T*`),
    'ET',
    '0.6 0.1 0.1 RG 4 w 30 30 360 535 re S',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 420 595] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = (crcTable[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * A PNG that looks like a scanned certificate: a light page with a coloured border band and
 * a few grey "text" bars. Drawn pixel by pixel; no image library needed.
 */
export function renderLicencePng(seed: number, width = 240, height = 320): Buffer {
  const rows: Buffer[] = [];
  const hue = [
    [180, 40, 40],
    [40, 90, 170],
    [30, 130, 80],
  ][seed % 3] ?? [180, 40, 40];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      const border = x < 8 || y < 8 || x >= width - 8 || y >= height - 8;
      const bar =
        y > 40 &&
        y < height - 60 &&
        (y - 40) % 24 < 8 &&
        x > 24 &&
        x < width - 24 - ((y * 7 + seed * 13) % 60);
      const stamp = (x - width + 60) ** 2 + (y - height + 50) ** 2 < 24 ** 2;
      const [r, g, b] = border || stamp ? hue : bar ? [150, 150, 150] : [250, 248, 240];
      row.set([r ?? 0, g ?? 0, b ?? 0], 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
