import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const FONT_FILES = {
  regular: '@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-kr/700Bold/NotoSansKR_700Bold.ttf',
} as const;

let fonts: Promise<{ regular: Buffer; bold: Buffer }> | null = null;

/**
 * Noto Sans KR, read once per process: the standard PDF fonts have no Hangul, and each file is
 * 6 MB, too much to read from disk per download. pdfkit embeds only the glyphs a document uses.
 * Shared by the tickets PDF and the 예매확인서.
 */
export function loadPdfFonts(): Promise<{ regular: Buffer; bold: Buffer }> {
  fonts ??= Promise.all([
    readFile(require.resolve(FONT_FILES.regular)),
    readFile(require.resolve(FONT_FILES.bold)),
  ])
    .then(([regular, bold]) => ({ regular, bold }))
    .catch((error: unknown) => {
      fonts = null;
      throw error;
    });
  return fonts;
}

const WEEKDAYS = ['일', '월', '화', '수', '목', '금', '토'];

/** `2025-06-01` -> `2025년 6월 1일 (일)`; the date is a calendar date, so UTC gives its weekday. */
export function koreanDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  const weekday = WEEKDAYS[new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1)).getUTCDay()];
  return `${year}년 ${month}월 ${day}일 (${weekday})`;
}
