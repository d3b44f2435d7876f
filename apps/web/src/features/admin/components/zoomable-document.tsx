import { Maximize, ZoomIn, ZoomOut } from 'lucide-react';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/state-panel';
import type { PdfPageImage } from '../utils/pdf-pages';
import { adminTexts } from '../utils/admin-texts';

/** Zoom steps, as a share of the viewer's width (1 = the page fits the width). */
export const zoomSteps = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;
const fitIndex = zoomSteps.indexOf(1);

interface ZoomableDocumentProps {
  /** The document's admin-only URL. */
  url: string;
  /** 'application/pdf' or an image type, detected by the server. */
  type: string;
  title: string;
}

type PdfState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; pages: PdfPageImage[]; totalPages: number };

/** The PDF's pages drawn as images by pdf.js, loaded only here and only when a PDF is shown. */
function usePdfPages(url: string, enabled: boolean, attempt: number): PdfState {
  const [state, setState] = useState<PdfState>({ status: 'loading' });
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    import('../utils/pdf-pages')
      .then(({ renderPdfPages }) => renderPdfPages(url, controller.signal))
      .then(
        ({ pages, totalPages }) => {
          if (!controller.signal.aborted) setState({ status: 'ready', pages, totalPages });
        },
        () => {
          if (!controller.signal.aborted) setState({ status: 'error' });
        },
      );
    return () => controller.abort();
  }, [url, enabled, attempt]);
  return state;
}

/**
 * A licence inside the dialog, PDF or image, with zoom buttons (축소, 확대, 화면 맞춤) and a
 * scrolling area that the keyboard reaches (arrows scroll it, + and - zoom). PDFs are drawn as
 * page images: the browser's own PDF viewer in a frame took 13 Tab stops and swallowed Escape.
 */
export function ZoomableDocument({ url, type, title }: ZoomableDocumentProps) {
  const isPdf = type === 'application/pdf';
  const [attempt, setAttempt] = useState(0);
  const pdf = usePdfPages(url, isPdf, attempt);
  const [zoomIndex, setZoomIndex] = useState(fitIndex);
  const zoom = zoomSteps[zoomIndex] ?? 1;
  const percent = `${Math.round(zoom * 100)}%`;
  const zoomIn = () => setZoomIndex((i) => Math.min(zoomSteps.length - 1, i + 1));
  const zoomOut = () => setZoomIndex((i) => Math.max(0, i - 1));

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === '+' || event.key === '=') {
      event.preventDefault();
      zoomIn();
    } else if (event.key === '-') {
      event.preventDefault();
      zoomOut();
    } else if (event.key === '0') {
      event.preventDefault();
      setZoomIndex(fitIndex);
    }
  };

  const pages: { src: string; alt: string }[] = isPdf
    ? pdf.status === 'ready'
      ? pdf.pages.map((page, i) => ({
          src: page.src,
          alt: pdf.pages.length > 1 ? `${title} ${i + 1}쪽` : title,
        }))
      : []
    : [{ src: url, alt: title }];

  if (isPdf && pdf.status === 'loading') {
    return (
      <div className="flex justify-center py-16">
        <Spinner label="사업자등록증을 불러오는 중입니다" />
      </div>
    );
  }
  if (isPdf && pdf.status === 'error') {
    return (
      <ErrorState
        compact
        title={adminTexts.documentLoadFailed}
        onRetry={() => setAttempt((n) => n + 1)}
      />
    );
  }

  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-end gap-1" role="group" aria-label="확대/축소">
        <Button
          variant="outline"
          size="sm"
          onClick={zoomOut}
          disabled={zoomIndex === 0}
          aria-label="축소"
        >
          <ZoomOut className="size-4" aria-hidden />
        </Button>
        <output
          aria-live="polite"
          aria-label="현재 배율"
          className="w-14 text-center text-sm text-zinc-200 tabular-nums"
          data-testid="document-zoom"
        >
          {percent}
        </output>
        <Button
          variant="outline"
          size="sm"
          onClick={zoomIn}
          disabled={zoomIndex === zoomSteps.length - 1}
          aria-label="확대"
        >
          <ZoomIn className="size-4" aria-hidden />
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setZoomIndex(fitIndex)}>
          <Maximize className="size-4" aria-hidden />
          화면 맞춤
        </Button>
      </div>
      {/* Focusable, so the keyboard can scroll a zoomed page (and axe's scrollable-region rule). */}
      <div
        role="region"
        aria-label={`${title} 미리보기 (방향키로 이동, +/- 로 확대/축소)`}
        tabIndex={0}
        onKeyDown={onKeyDown}
        className="h-[60dvh] overflow-auto rounded-xl border border-surface-700 bg-surface-950 focus-visible:outline-2 focus-visible:outline-rose-400"
        data-testid="document-pages"
      >
        <div className="flex flex-col items-center gap-3 p-2">
          {pages.map((page) => (
            <img
              key={page.alt}
              src={page.src}
              alt={page.alt}
              style={{ width: `${zoom * 100}%` }}
              className="block h-auto max-w-none rounded-md bg-white shadow-lg shadow-black/40"
            />
          ))}
        </div>
      </div>
      {isPdf && pdf.status === 'ready' && pdf.totalPages > pdf.pages.length && (
        <p className="text-xs text-zinc-400">
          전체 {pdf.totalPages}쪽 중 앞 {pdf.pages.length}쪽만 표시합니다. 전체는 새 탭에서 보세요.
        </p>
      )}
    </div>
  );
}
