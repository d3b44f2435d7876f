import {
  checkVenueLayout,
  csvBaseOf,
  csvToLayout,
  layoutToCsv,
  type VenueLayout,
} from '@curtaincall/contracts';

export type LayoutImport =
  { ok: true; layout: VenueLayout; warnings: string[] } | { ok: false; problems: string[] };

/** The largest file the builder reads (a 100,000-seat JSON layout is about 5 MB). */
export const importBytesMax = 20 * 1024 * 1024;

function isCsv(file: File): boolean {
  return /\.csv$/i.test(file.name) || file.type === 'text/csv';
}

/**
 * A file as a layout: JSON in the format, checked by the schema, or CSV (with or without the
 * BOM) built on the current layout's name, grades, stage and section positions. Problems are
 * Korean lines naming the path or the spreadsheet row; nothing is loaded unless it is valid.
 */
export async function readLayoutFile(file: File, current: VenueLayout): Promise<LayoutImport> {
  if (file.size > importBytesMax) {
    return { ok: false, problems: ['파일은 20MB 이하여야 합니다'] };
  }
  const text = await file.text();
  if (isCsv(file)) return csvToLayout(text, csvBaseOf(current));
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return {
      ok: false,
      problems: [
        'JSON으로 읽을 수 없는 파일입니다. 좌석 배치 JSON(.json) 또는 CSV(.csv) 파일을 골라 주세요',
      ],
    };
  }
  const checked = checkVenueLayout(json);
  return checked.ok ? { ok: true, layout: checked.layout, warnings: [] } : checked;
}

/** A file name from the layout's name: letters, digits and Hangul kept, the rest '_'. */
export function layoutFileName(layout: VenueLayout, extension: 'json' | 'csv'): string {
  const base =
    layout.name.replace(/[^\p{L}\p{N}]+/gu, '_').replace(/^_+|_+$/g, '') || 'venue-layout';
  return `${base}.${extension}`;
}

/** The document as the user downloads it: pretty JSON, or CSV with the BOM for Excel. */
export function layoutFileContent(layout: VenueLayout, format: 'json' | 'csv'): Blob {
  if (format === 'json') {
    return new Blob([`${JSON.stringify(layout, null, 2)}\n`], { type: 'application/json' });
  }
  const csv = layoutToCsv(layout);
  return new Blob([csv.startsWith('\uFEFF') ? csv : `\uFEFF${csv}`], {
    type: 'text/csv;charset=utf-8',
  });
}

/** Starts a download of the layout in the browser (an object URL on a temporary link). */
export function downloadLayout(layout: VenueLayout, format: 'json' | 'csv'): void {
  const url = URL.createObjectURL(layoutFileContent(layout, format));
  const link = document.createElement('a');
  link.href = url;
  link.download = layoutFileName(layout, format);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
