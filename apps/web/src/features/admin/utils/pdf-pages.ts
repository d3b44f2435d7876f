import { getDocument, GlobalWorkerOptions } from 'pdfjs-dist';
// The worker from our own bundle (a hashed file on our origin), never a CDN: the site's CSP
// allows scripts and workers from 'self' only.
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

GlobalWorkerOptions.workerSrc = workerUrl;

/** One rendered page: a PNG data URL and its size in CSS pixels at 100 %. */
export interface PdfPageImage {
  src: string;
  width: number;
  height: number;
}

/** At most this many pages are drawn: a licence is one or two pages; a huge file stays cheap. */
const maxPages = 10;
/** Drawn at twice the 100 % size, so zooming in to 200 % stays sharp. */
const renderScale = 2;

/**
 * Draws each page of the PDF at `url` (fetched with the admin's cookie) into an image. This
 * module is only imported by the admin's document viewer, on demand, so pdf.js never weighs on
 * another page's load.
 */
export async function renderPdfPages(
  url: string,
  signal: AbortSignal,
): Promise<{ pages: PdfPageImage[]; totalPages: number }> {
  const task = getDocument({ url, withCredentials: true, isEvalSupported: false });
  const abort = () => void task.destroy();
  signal.addEventListener('abort', abort);
  try {
    const pdf = await task.promise;
    const pages: PdfPageImage[] = [];
    for (let number = 1; number <= Math.min(pdf.numPages, maxPages); number += 1) {
      const page = await pdf.getPage(number);
      const base = page.getViewport({ scale: 1 });
      const viewport = page.getViewport({ scale: renderScale });
      const canvas = document.createElement('canvas');
      canvas.width = Math.ceil(viewport.width);
      canvas.height = Math.ceil(viewport.height);
      await page.render({ canvas, viewport }).promise;
      pages.push({ src: canvas.toDataURL('image/png'), width: base.width, height: base.height });
      page.cleanup();
    }
    return { pages, totalPages: pdf.numPages };
  } finally {
    signal.removeEventListener('abort', abort);
    void task.destroy();
  }
}
