import { clsx } from 'clsx';
import {
  ChevronLeft,
  ChevronRight,
  Maximize2,
  Minimize2,
  MoveHorizontal,
  ZoomIn,
  ZoomOut,
} from 'lucide-react';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type PointerEvent as ReactPointerEvent,
  type ReactNode,
} from 'react';
import {
  defaultSeatSize,
  fitSeatSize,
  maxSeatSize,
  minSeatSize,
  pinchSeatSize,
  rowLabelWidth,
  seatGap,
  seatNumberFontSize,
  stepSeatSize,
} from '../utils/seat-zoom';
import { SeatMiniMap, type MapBox, type MiniMapBand, type MiniMapSection } from './seat-mini-map';

/** A toggle (aria-pressed) keeps one name; pressed means fitted. */
export const fitToWidthLabel = '화면에 맞추기';

export const seatMapViewportTexts = {
  zoomOut: '좌석 작게 보기',
  zoomIn: '좌석 크게 보기',
  scrollHint: '좌우로 스크롤해 나머지 좌석을 볼 수 있어요',
  scrollLeft: '왼쪽 좌석 보기',
  scrollRight: '오른쪽 좌석 보기',
} as const;

interface SeatMapViewportProps {
  children: ReactNode;
  /** Seats in the longest row on the map: what "fit to screen" fits. */
  longestRow: number;
  /** Grade colour per section, for the mini-map's plan. */
  sectionSwatches: ReadonlyMap<string, string>;
  /** A big venue: its sections for the mini-map's block plan, the open one, and how to open another. */
  venue?: { sections: readonly MiniMapSection[]; current: string; onSelect: (s: string) => void };
}

interface ViewState {
  canScrollLeft: boolean;
  canScrollRight: boolean;
  isWide: boolean;
  view: MapBox;
  aspect: number;
  bands: MiniMapBand[];
  caption: string;
}

const initialView: ViewState = {
  canScrollLeft: false,
  canScrollRight: false,
  isWide: false,
  view: { left: 0, top: 0, width: 1, height: 1 },
  aspect: 2,
  bands: [],
  caption: '',
};

/** The bottom of the sticky site header and the top of the bottom sheet: the band seats show in. */
function visibleBand(): { top: number; bottom: number } {
  const header = document.querySelector('header');
  const sheet = document.querySelector('[data-bottom-sheet]');
  const sheetTop =
    sheet && getComputedStyle(sheet).position === 'fixed'
      ? sheet.getBoundingClientRect().top
      : window.innerHeight;
  return {
    top: Math.max(0, header?.getBoundingClientRect().bottom ?? 0),
    bottom: Math.min(window.innerHeight, sheetTop),
  };
}

/** The seat numbers of a row that are wholly in view between the row label and the right edge. */
function visibleNumbers(row: Element | null, left: number, right: number): number[] {
  if (!row) return [];
  const numbers: number[] = [];
  for (const seat of Array.from(row.querySelectorAll('[data-number]'))) {
    const box = seat.parentElement?.getBoundingClientRect();
    if (box && box.left >= left - 1 && box.right <= right + 1) {
      numbers.push(Number(seat.getAttribute('data-number')));
    }
  }
  return numbers;
}

/**
 * The seat map's panel (issue 23): long rows scroll sideways inside it (never the page), with
 * fading edges, arrows and a '좌우로 스크롤' hint while more lies to a side; row labels stay at its
 * left edge; +/- buttons and a two-finger pinch change the seat size in steps that keep every
 * number legible; '화면에 맞추기' fits rows down to that minimum and scrolls the rest; the
 * mini-map shows where the view lies.
 */
export function SeatMapViewport({
  children,
  longestRow,
  sectionSwatches,
  venue,
}: SeatMapViewportProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const [seatSize, setSeatSize] = useState(() =>
    defaultSeatSize(typeof window === 'undefined' ? 1280 : window.innerWidth),
  );
  /** The size before "fit to screen", restored when it is switched off; null when not fitted. */
  const [sizeBeforeFit, setSizeBeforeFit] = useState<number | null>(null);
  const isFitted = sizeBeforeFit !== null;
  const [state, setState] = useState<ViewState>(initialView);
  /** Where the middle of the view was (fraction of the width) before a zoom, kept after it. */
  const zoomAnchor = useRef<number | null>(null);

  const measure = useCallback(() => {
    const panel = panelRef.current;
    const content = contentRef.current;
    if (!panel || !content) return;
    const { scrollLeft, scrollWidth, clientWidth } = panel;
    const maxScroll = scrollWidth - clientWidth;
    const contentBox = content.getBoundingClientRect();
    const panelBox = panel.getBoundingClientRect();
    const band = visibleBand();
    const height = Math.max(1, contentBox.height);
    const top = Math.max(0, Math.min(1, (band.top - contentBox.top) / height));
    const bottom = Math.max(0, Math.min(1, (band.bottom - contentBox.top) / height));
    const width = Math.max(1, scrollWidth);
    const bands: MiniMapBand[] = Array.from(content.querySelectorAll('[data-section]')).map(
      (group) => {
        const box = group.getBoundingClientRect();
        const section = group.getAttribute('data-section') ?? '';
        return {
          section,
          swatch: sectionSwatches.get(section) ?? 'bg-zinc-500',
          left: (box.left - contentBox.left) / width,
          top: (box.top - contentBox.top) / height,
          width: box.width / width,
          height: box.height / height,
        };
      },
    );
    // The caption names the section in view and its seats in view.
    const rows = Array.from(content.querySelectorAll('[role="row"][aria-label]'));
    const rowInView =
      rows.find((row) => {
        const box = row.getBoundingClientRect();
        return box.bottom > band.top && box.top < band.bottom;
      }) ?? rows[0];
    const labelRight = rowInView?.querySelector('[data-row-label]')?.getBoundingClientRect().right;
    const numbers = visibleNumbers(rowInView ?? null, labelRight ?? panelBox.left, panelBox.right);
    const rowLength = rowInView?.querySelectorAll('[data-number]').length ?? 0;
    const sectionInView = rowInView?.closest('[data-section]')?.getAttribute('data-section');
    const where = sectionInView ? `${sectionInView}구역 ` : '';
    const caption =
      numbers.length === 0
        ? `${where}좌석 보기`
        : numbers.length >= rowLength
          ? `${where}${rowLength}석 모두 보는 중`
          : `${where}${Math.min(...numbers)}~${Math.max(...numbers)}번 보는 중 (한 줄 ${rowLength}석)`;
    const next: ViewState = {
      canScrollLeft: scrollLeft > 1,
      canScrollRight: scrollLeft < maxScroll - 1,
      isWide: maxScroll > 1,
      view: {
        left: scrollLeft / width,
        width: clientWidth / width,
        top,
        height: Math.max(0, bottom - top),
      },
      aspect: width / height,
      bands,
      caption,
    };
    // Measured after every render: an unchanged view must not render again.
    setState((previous) => (JSON.stringify(previous) === JSON.stringify(next) ? previous : next));
  }, [sectionSwatches]);

  // Measured after every render (the seats change with polls and zoom), on scrolls and resizes.
  const frame = useRef(0);
  const scheduleMeasure = useCallback(() => {
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(measure);
  }, [measure]);
  useEffect(() => {
    scheduleMeasure();
  });
  useEffect(() => {
    window.addEventListener('scroll', scheduleMeasure, { passive: true });
    window.addEventListener('resize', scheduleMeasure);
    const observer =
      typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(scheduleMeasure);
    if (panelRef.current) observer?.observe(panelRef.current);
    return () => {
      cancelAnimationFrame(frame.current);
      window.removeEventListener('scroll', scheduleMeasure);
      window.removeEventListener('resize', scheduleMeasure);
      observer?.disconnect();
    };
  }, [scheduleMeasure]);

  // After a zoom, the seats that were in the middle of the view stay there.
  useLayoutEffect(() => {
    const panel = panelRef.current;
    const anchor = zoomAnchor.current;
    zoomAnchor.current = null;
    if (!panel || anchor === null) return;
    panel.scrollLeft = anchor * panel.scrollWidth - panel.clientWidth / 2;
  }, [seatSize]);

  const rememberAnchor = () => {
    const panel = panelRef.current;
    if (panel && panel.scrollWidth > 0) {
      zoomAnchor.current = (panel.scrollLeft + panel.clientWidth / 2) / panel.scrollWidth;
    }
  };
  const zoomTo = (size: number) => {
    rememberAnchor();
    setSizeBeforeFit(null);
    setSeatSize(size);
  };

  // Fitted, the size follows the panel's width (rotation, resize) and the rows.
  const fitWidth = useCallback(
    (current: number) =>
      fitSeatSize({
        panelWidth: (panelRef.current?.clientWidth ?? 0) - 8,
        longestRow,
        current,
      }),
    [longestRow],
  );
  useEffect(() => {
    if (sizeBeforeFit === null) return;
    const refit = () => setSeatSize(fitWidth(sizeBeforeFit));
    refit();
    window.addEventListener('resize', refit);
    return () => window.removeEventListener('resize', refit);
  }, [sizeBeforeFit, fitWidth]);

  const toggleFit = () => {
    rememberAnchor();
    if (sizeBeforeFit === null) {
      setSizeBeforeFit(seatSize);
    } else {
      setSeatSize(sizeBeforeFit);
      setSizeBeforeFit(null);
    }
  };

  // Pinch: two touch pointers on the panel; the page's own pinch-zoom is off there (touch-action).
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const pinch = useRef<{ distance: number; size: number } | null>(null);
  const distance = () => {
    const [a, b] = [...pointers.current.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };
  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.pointerType !== 'touch') return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.current.size === 2) pinch.current = { distance: distance(), size: seatSize };
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(event.pointerId)) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const start = pinch.current;
    if (!start || pointers.current.size !== 2) return;
    const next = pinchSeatSize(start.size, start.distance, distance());
    if (next !== seatSize) zoomTo(next);
  };
  const onPointerEnd = (event: ReactPointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId);
    if (pointers.current.size < 2) pinch.current = null;
  };
  // Two fingers must not scroll the panel while they pinch (the pointers would be cancelled).
  useEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    const onTouchMove = (event: TouchEvent) => {
      if (event.touches.length > 1) event.preventDefault();
    };
    panel.addEventListener('touchmove', onTouchMove, { passive: false });
    return () => panel.removeEventListener('touchmove', onTouchMove);
  }, []);

  const scrollBy = (direction: 1 | -1) => {
    const panel = panelRef.current;
    if (panel) panel.scrollBy({ left: direction * panel.clientWidth * 0.8, behavior: 'smooth' });
  };

  const onJump = (x: number, y: number) => {
    const panel = panelRef.current;
    const content = contentRef.current;
    if (!panel || !content) return;
    panel.scrollLeft = x * panel.scrollWidth - panel.clientWidth / 2;
    const box = content.getBoundingClientRect();
    const band = visibleBand();
    const target = box.top + y * box.height - (band.top + band.bottom) / 2;
    window.scrollBy({ top: target });
    scheduleMeasure();
  };

  const mapStyle = {
    '--seat-size': `${seatSize}px`,
    '--seat-font': `${seatNumberFontSize(seatSize)}px`,
    '--seat-gap': `${seatGap(seatSize)}px`,
    '--row-label': `${rowLabelWidth(seatSize)}px`,
  } as CSSProperties;
  const zoomPercent = Math.round((seatSize / 32) * 100);
  const showFit = state.isWide || isFitted;
  const edgeButton =
    'absolute top-14 z-30 flex size-9 items-center justify-center rounded-full border border-white/15 bg-surface-950/90 text-white shadow-lg';

  return (
    <div className="flex flex-col gap-2" data-seat-map-viewport data-seat-size={seatSize}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex flex-wrap items-center gap-1.5">
          <div className="flex items-center rounded-xl border border-surface-700 bg-surface-950/70">
            <button
              type="button"
              onClick={() => zoomTo(stepSeatSize(seatSize, -1))}
              disabled={seatSize <= minSeatSize}
              aria-label={seatMapViewportTexts.zoomOut}
              className="flex size-10 items-center justify-center rounded-l-xl text-zinc-200 hover:bg-white/5 disabled:text-zinc-600"
            >
              <ZoomOut className="size-5" aria-hidden />
            </button>
            <span
              role="status"
              className="w-12 text-center text-xs font-semibold text-zinc-200 tabular-nums"
            >
              <span className="sr-only">좌석 크기 </span>
              {zoomPercent}%
            </span>
            <button
              type="button"
              onClick={() => zoomTo(stepSeatSize(seatSize, 1))}
              disabled={seatSize >= maxSeatSize}
              aria-label={seatMapViewportTexts.zoomIn}
              className="flex size-10 items-center justify-center rounded-r-xl text-zinc-200 hover:bg-white/5 disabled:text-zinc-600"
            >
              <ZoomIn className="size-5" aria-hidden />
            </button>
          </div>
          {showFit && (
            <button
              type="button"
              aria-pressed={isFitted}
              onClick={toggleFit}
              className="inline-flex h-10 items-center gap-1.5 rounded-xl border border-surface-700 bg-surface-950/70 px-3 text-xs font-semibold text-zinc-200 hover:bg-white/5 aria-pressed:border-rose-400/60 aria-pressed:text-white"
            >
              {isFitted ? (
                <Minimize2 className="size-4" aria-hidden />
              ) : (
                <Maximize2 className="size-4" aria-hidden />
              )}
              {fitToWidthLabel}
            </button>
          )}
        </div>
        <SeatMiniMap
          venue={venue}
          bands={state.bands}
          view={state.view}
          aspect={state.aspect}
          caption={state.caption}
          onJump={onJump}
        />
      </div>
      {state.isWide && (
        <p className="flex items-center gap-1.5 text-xs font-medium text-zinc-300" data-scroll-hint>
          <MoveHorizontal className="size-4 text-rose-300" aria-hidden />
          {seatMapViewportTexts.scrollHint}
        </p>
      )}
      <div className="relative" style={mapStyle}>
        {/* Wide sections scroll sideways inside the card instead of widening the page; a seat
            the arrow keys focus is scrolled clear of the sticky row labels (scroll padding). */}
        <div
          ref={panelRef}
          data-seat-panel
          onScroll={scheduleMeasure}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerEnd}
          onPointerCancel={onPointerEnd}
          className="scroll-pr-2 overflow-x-auto overscroll-x-contain rounded-2xl bg-surface-900 py-3 [touch-action:pan-x_pan-y] scroll-pl-[calc(var(--row-label)+0.5rem)]"
        >
          <div ref={contentRef} className="mx-auto w-max pr-2">
            {children}
          </div>
        </div>
        {/* The edges fade and carry an arrow while more seats lie that way. */}
        <div
          aria-hidden
          className={clsx(
            'pointer-events-none absolute inset-y-0 left-(--row-label) w-16 bg-gradient-to-r from-surface-950/95 to-transparent transition-opacity',
            state.canScrollLeft ? 'opacity-100' : 'opacity-0',
          )}
          data-edge="left"
        />
        <div
          aria-hidden
          className={clsx(
            'pointer-events-none absolute inset-y-0 right-0 w-16 rounded-r-2xl bg-gradient-to-l from-surface-950/95 to-transparent transition-opacity',
            state.canScrollRight ? 'opacity-100' : 'opacity-0',
          )}
          data-edge="right"
        />
        {state.canScrollLeft && (
          <button
            type="button"
            tabIndex={-1}
            aria-hidden
            onClick={() => scrollBy(-1)}
            className={clsx(edgeButton, 'left-[calc(var(--row-label)+0.25rem)]')}
            title={seatMapViewportTexts.scrollLeft}
          >
            <ChevronLeft className="size-5" />
          </button>
        )}
        {state.canScrollRight && (
          <button
            type="button"
            tabIndex={-1}
            aria-hidden
            onClick={() => scrollBy(1)}
            className={clsx(edgeButton, 'right-1')}
            title={seatMapViewportTexts.scrollRight}
          >
            <ChevronRight className="size-5" />
          </button>
        )}
      </div>
    </div>
  );
}
