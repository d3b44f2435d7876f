import type { VenueLayout } from '@curtaincall/contracts';
import { Maximize, Minus, Plus } from 'lucide-react';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { Button } from '@/components/ui/button';
import {
  rectBetween,
  sectionAt,
  seatAt,
  seatRect,
  seatsInRect,
  type LayoutGeometry,
  type Rect,
  type SeatGroup,
  type SeatRef,
} from '../utils/layout-geometry';
import { drawOverlay, fitView, toLayoutPoint, zoomView, type View } from '../utils/layout-draw';
import { emptySelection, type SeatSelection } from '../utils/layout-selection';
import { createSeatLayer, updateSeatLayer, type SeatLayer } from '../utils/seat-layer';

export type CanvasTool = 'paint' | 'select' | 'move' | 'pan';

export interface SeatGesture {
  /** The seats under the drag's rectangle, or the one seat clicked. */
  groups: SeatGroup[];
  /** A click (no drag): the seat under the pointer, if any. */
  clicked: SeatRef | null;
  isAdditive: boolean;
}

interface LayoutCanvasProps {
  layout: VenueLayout;
  geometry: LayoutGeometry;
  label: string;
  /** Id of the text that explains the keys. */
  describedBy?: string;
  tool?: CanvasTool;
  isPreview?: boolean;
  selection?: SeatSelection;
  cursor?: SeatRef | null;
  activeSection?: number | null;
  /** Seat management: held seats outlined, and the seats buyers have marked (layout-draw.ts). */
  outlineHeld?: boolean;
  taken?: SeatSelection;
  /** What the canvas is, read after its label (the builder's '좌석 배치 편집기' by default). */
  roleDescription?: string;
  /** Fits the whole hall into view whenever this value changes (a template, an import). */
  fitKey?: unknown;
  height?: number;
  onSeatGesture?: (gesture: SeatGesture) => void;
  onSectionMove?: (index: number, position: { x: number; y: number }) => void;
  onSectionPick?: (index: number) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLCanvasElement>) => void;
}

type Drag =
  | {
      kind: 'rect';
      start: { x: number; y: number };
      screen: { x: number; y: number };
      isAdditive: boolean;
    }
  | { kind: 'move'; index: number; start: { x: number; y: number }; origin: Rect }
  | { kind: 'pan'; screen: { x: number; y: number }; view: View };

const clickTolerancePx = 4;

const isJsdom = typeof navigator !== 'undefined' && /jsdom/i.test(navigator.userAgent);

/**
 * The seats on one `<canvas>` (never a DOM node per seat: a 50,000-seat hall stays one element).
 * The seats are kept drawn in an offscreen layer, redrawn only where what it shows changed (the
 * sections an edit or a selection touched; all of it for a new view); each animation frame
 * copies it and draws the cursor and the drag rectangle on top, so a drag costs one copy per
 * frame, not 50,000 squares. Pointer: drag a rectangle to paint or
 * select, drag a section to move it, drag the view to pan, Ctrl + wheel or the buttons to zoom.
 * Keys go to the parent (`onKeyDown`), which owns the cursor; + and - zoom here.
 */
export function LayoutCanvas({
  layout,
  geometry,
  label,
  describedBy,
  tool = 'pan',
  isPreview = false,
  selection = emptySelection,
  cursor = null,
  activeSection = null,
  outlineHeld = false,
  taken,
  roleDescription,
  fitKey,
  height = 520,
  onSeatGesture,
  onSectionMove,
  onSectionPick,
  onKeyDown,
}: LayoutCanvasProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(800);
  const [view, setView] = useState<View>(() => fitView(geometry.bounds, 800, height));
  const [drag, setDrag] = useState<Drag | null>(null);
  const [dragEnd, setDragEnd] = useState<{ x: number; y: number } | null>(null);
  const boundsRef = useRef(geometry.bounds);
  boundsRef.current = geometry.bounds;

  useLayoutEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    const measure = () => setWidth(Math.max(240, Math.round(frame.clientWidth || 800)));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(frame);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    setView(fitView(boundsRef.current, width, height));
  }, [fitKey, width, height]);

  // The cursor stays in view as the keys move it.
  useEffect(() => {
    if (!cursor) return;
    const rect = seatRect(geometry, cursor);
    if (!rect) return;
    setView((current) => {
      const left = (rect.x - current.offsetX) * current.scale;
      const top = (rect.y - current.offsetY) * current.scale;
      if (left >= 0 && top >= 0 && left <= width - 20 && top <= height - 20) return current;
      return {
        ...current,
        offsetX: rect.x - width / 2 / current.scale,
        offsetY: rect.y - height / 2 / current.scale,
      };
    });
  }, [cursor, geometry, width, height]);

  const marquee = useMemo(
    () => (drag?.kind === 'rect' && dragEnd ? rectBetween(drag.start, dragEnd) : null),
    [drag, dragEnd],
  );
  const moving = useMemo(
    () =>
      drag?.kind === 'move' && dragEnd
        ? { index: drag.index, dx: dragEnd.x - drag.start.x, dy: dragEnd.y - drag.start.y }
        : null,
    [drag, dragEnd],
  );

  const layerRef = useRef<SeatLayer | null>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    // jsdom (the component tests) has no 2D context and logs an error for every request of one.
    const context = isJsdom ? null : canvas?.getContext('2d');
    if (!canvas || !context) return;
    // One frame however many changes (pointer moves) came since the last one.
    const frame = requestAnimationFrame(() => {
      const ratio = window.devicePixelRatio || 1;
      const pixelWidth = Math.round(width * ratio);
      const pixelHeight = Math.round(height * ratio);
      if (canvas.width !== pixelWidth) canvas.width = pixelWidth;
      if (canvas.height !== pixelHeight) canvas.height = pixelHeight;
      const layer = layerRef.current ?? createSeatLayer();
      if (!layer) return;
      layerRef.current = layer;
      updateSeatLayer(layer, ratio, {
        layout,
        geometry,
        view,
        width,
        height,
        selection,
        activeSection,
        moving,
        isPreview,
        outlineHeld,
        ...(taken ? { taken } : {}),
      });
      context.setTransform(1, 0, 0, 1, 0, 0);
      context.drawImage(layer.canvas, 0, 0);
      context.setTransform(ratio, 0, 0, ratio, 0, 0);
      drawOverlay(context, { geometry, view, width, height, cursor, moving, marquee, isPreview });
    });
    return () => cancelAnimationFrame(frame);
  }, [
    layout,
    geometry,
    view,
    width,
    height,
    selection,
    cursor,
    activeSection,
    moving,
    marquee,
    isPreview,
    outlineHeld,
    taken,
  ]);

  // Ctrl + wheel zooms (a plain wheel keeps scrolling the page); React's wheel is passive.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey && !event.metaKey) return;
      event.preventDefault();
      const box = canvas.getBoundingClientRect();
      const factor = event.deltaY < 0 ? 1.15 : 1 / 1.15;
      setView((current) =>
        zoomView(current, factor, event.clientX - box.left, event.clientY - box.top),
      );
    };
    canvas.addEventListener('wheel', onWheel, { passive: false });
    return () => canvas.removeEventListener('wheel', onWheel);
  }, []);

  const screenPoint = (event: PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (event.button !== 0 && event.button !== 1) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const screen = screenPoint(event);
    const point = toLayoutPoint(view, screen.x, screen.y);
    const effective = isPreview || event.button === 1 ? 'pan' : tool;
    if (effective === 'move') {
      const index = sectionAt(geometry, point);
      const placed = index === null ? undefined : geometry.sections[index];
      if (index !== null && placed) {
        onSectionPick?.(index);
        setDrag({ kind: 'move', index, start: point, origin: placed.box });
        setDragEnd(point);
        return;
      }
    }
    if (effective === 'paint' || effective === 'select') {
      setDrag({
        kind: 'rect',
        start: point,
        screen,
        isAdditive: event.shiftKey || event.ctrlKey || event.metaKey,
      });
      setDragEnd(point);
      return;
    }
    setDrag({ kind: 'pan', screen, view });
  };

  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drag) return;
    const screen = screenPoint(event);
    if (drag.kind === 'pan') {
      setView({
        ...drag.view,
        offsetX: drag.view.offsetX - (screen.x - drag.screen.x) / drag.view.scale,
        offsetY: drag.view.offsetY - (screen.y - drag.screen.y) / drag.view.scale,
      });
      return;
    }
    setDragEnd(toLayoutPoint(view, screen.x, screen.y));
  };

  const finish = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drag) return;
    const screen = screenPoint(event);
    const end = toLayoutPoint(view, screen.x, screen.y);
    if (drag.kind === 'rect') {
      const isClick =
        Math.abs(screen.x - drag.screen.x) < clickTolerancePx &&
        Math.abs(screen.y - drag.screen.y) < clickTolerancePx;
      if (isClick) {
        const clicked = seatAt(geometry, end);
        onSeatGesture?.({
          groups: clicked
            ? [{ section: clicked.section, row: clicked.row, seats: [clicked.seat] }]
            : [],
          clicked,
          isAdditive: drag.isAdditive,
        });
      } else {
        onSeatGesture?.({
          groups: seatsInRect(geometry, rectBetween(drag.start, end)),
          clicked: null,
          isAdditive: drag.isAdditive,
        });
      }
    } else if (drag.kind === 'move') {
      const dx = Math.round(end.x - drag.start.x);
      const dy = Math.round(end.y - drag.start.y);
      if (dx !== 0 || dy !== 0) {
        onSectionMove?.(drag.index, {
          x: Math.round(drag.origin.x + dx),
          y: Math.round(drag.origin.y + dy),
        });
      }
    }
    setDrag(null);
    setDragEnd(null);
  };

  const zoomBy = useCallback(
    (factor: number) => setView((current) => zoomView(current, factor, width / 2, height / 2)),
    [width, height],
  );

  const onCanvasKeyDown = (event: KeyboardEvent<HTMLCanvasElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented) return;
    if (event.key === '+' || event.key === '=') {
      event.preventDefault();
      zoomBy(1.25);
    } else if (event.key === '-') {
      event.preventDefault();
      zoomBy(0.8);
    }
  };

  const cursorClass =
    isPreview || tool === 'pan'
      ? 'cursor-grab'
      : tool === 'move'
        ? 'cursor-move'
        : 'cursor-crosshair';

  return (
    <div ref={frameRef} className="relative w-full">
      <canvas
        ref={canvasRef}
        tabIndex={0}
        role="application"
        aria-roledescription={
          roleDescription ?? (isPreview ? '좌석 배치 미리보기' : '좌석 배치 편집기')
        }
        aria-label={label}
        aria-describedby={describedBy}
        style={{ width: '100%', height, touchAction: 'none' }}
        className={`block rounded-xl border border-surface-700 bg-surface-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-400 ${cursorClass}`}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={finish}
        onPointerCancel={() => {
          setDrag(null);
          setDragEnd(null);
        }}
        onKeyDown={onCanvasKeyDown}
      />
      <div className="absolute top-2 right-2 flex gap-1">
        <Button variant="secondary" size="sm" aria-label="확대" onClick={() => zoomBy(1.25)}>
          <Plus className="size-4" aria-hidden />
        </Button>
        <Button variant="secondary" size="sm" aria-label="축소" onClick={() => zoomBy(0.8)}>
          <Minus className="size-4" aria-hidden />
        </Button>
        <Button
          variant="secondary"
          size="sm"
          aria-label="전체 보기"
          onClick={() => setView(fitView(geometry.bounds, width, height))}
        >
          <Maximize className="size-4" aria-hidden />
        </Button>
      </div>
    </div>
  );
}
