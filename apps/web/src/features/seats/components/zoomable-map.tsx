import { Maximize2, Minimize2 } from 'lucide-react';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/** A toggle (aria-pressed) keeps one name; pressed means fitted. */
export const fitToWidthLabel = '화면에 맞추기';

/**
 * The seat map's panel: a section wider than the panel scrolls sideways inside it (never the
 * page), and a toggle shrinks it to the panel's width to see it whole (a phone's stand-in for
 * pinch zoom, which the page's layout would otherwise answer by zooming everything).
 */
export function ZoomableMap({ children }: { children: ReactNode }) {
  const panelRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const [sizes, setSizes] = useState({ panel: 0, content: 0 });
  const [isFitted, setIsFitted] = useState(false);

  useLayoutEffect(() => {
    const panel = panelRef.current;
    const content = contentRef.current;
    if (!panel || !content) return;
    // The content's own width is read only while it is unzoomed: measured under a zoom it
    // would feed back into the zoom it sets.
    const measure = () => {
      const isZoomed = (Number(getComputedStyle(content).zoom) || 1) !== 1;
      setSizes((previous) => ({
        panel: panel.clientWidth,
        content: isZoomed ? previous.content : content.scrollWidth,
      }));
    };
    measure();
    // Browsers without it (and jsdom) keep the first measure.
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(panel);
    observer.observe(content);
    return () => observer.disconnect();
  }, []);

  const isWide = sizes.content > sizes.panel + 1;
  const zoom = isFitted && isWide ? sizes.panel / sizes.content : 1;

  return (
    <>
      {isWide && (
        <div className="mb-2 flex justify-end">
          <button
            type="button"
            aria-pressed={isFitted}
            onClick={() => setIsFitted((fitted) => !fitted)}
            className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1 text-xs font-semibold text-zinc-300 hover:bg-white/5 hover:text-white"
          >
            {isFitted ? (
              <Minimize2 className="size-4" aria-hidden />
            ) : (
              <Maximize2 className="size-4" aria-hidden />
            )}
            {fitToWidthLabel}
          </button>
        </div>
      )}
      {/* Wide sections scroll sideways inside the card instead of widening the page. */}
      <div ref={panelRef} className="overflow-x-auto pb-2">
        <div ref={contentRef} className="mx-auto w-max" style={zoom < 1 ? { zoom } : undefined}>
          {children}
        </div>
      </div>
    </>
  );
}
