import { clsx } from 'clsx';
import type { PointerEvent as ReactPointerEvent } from 'react';

/** Where a part of the seat map lies inside the whole, as fractions (0-1) of its width/height. */
export interface MapBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface MiniMapSection {
  section: string;
  /** The grade's swatch class (bg-…). */
  swatch: string;
}

export interface MiniMapBand extends MapBox {
  section: string;
  swatch: string;
}

interface SeatMiniMapProps {
  /**
   * A big venue's sections in seat order (the stage end first), drawn as a block plan with the
   * open one marked; choosing one opens it. Absent for venues shown whole.
   */
  venue?: { sections: readonly MiniMapSection[]; current: string; onSelect: (s: string) => void };
  /** The sections on the map, where they lie in it. */
  bands: readonly MiniMapBand[];
  /** The part of the map in view. */
  view: MapBox;
  /** The map's width to height, so the plan has its shape. */
  aspect: number;
  /** What is in view, in words (also read by screen readers). */
  caption: string;
  /** Moves the view so that this point of the map (fractions) is in its middle. */
  onJump: (x: number, y: number) => void;
}

const planWidth = 128;
const percent = (fraction: number) => `${Math.max(0, Math.min(1, fraction)) * 100}%`;

/**
 * The mini-map (issue 23): where the visible part of the seats lies. A big venue's block plan
 * marks the open section; the section's plan draws a rectangle over the part in view, and a
 * tap on either jumps there. Pointer-only: keyboard users move through the seats with the
 * arrow keys (the view follows the focus) and change section with '전체 구역 보기'.
 */
export function SeatMiniMap({ venue, bands, view, aspect, caption, onJump }: SeatMiniMapProps) {
  const columns = venue
    ? Math.min(10, Math.max(3, Math.ceil(Math.sqrt(venue.sections.length * 2))))
    : 0;
  const planHeight = Math.round(Math.min(72, Math.max(28, planWidth / Math.max(aspect, 0.5))));

  const jumpTo = (event: ReactPointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width <= 0 || box.height <= 0) return;
    onJump((event.clientX - box.left) / box.width, (event.clientY - box.top) / box.height);
  };

  return (
    <div
      role="group"
      aria-label="미니맵"
      data-mini-map
      className="flex flex-col gap-1.5 rounded-xl border border-surface-700 bg-surface-950/70 p-2"
    >
      <div className="flex items-end gap-2.5" aria-hidden>
        {venue && (
          <div className="flex flex-col items-center gap-1">
            <span className="h-1.5 w-3/4 rounded-b-full bg-zinc-400/40" />
            <div
              className="grid gap-[2px]"
              style={{ gridTemplateColumns: `repeat(${columns}, 0.6875rem)` }}
            >
              {venue.sections.map(({ section, swatch }) => (
                <button
                  key={section}
                  type="button"
                  tabIndex={-1}
                  data-mini-map-section={section}
                  data-current={section === venue.current || undefined}
                  onClick={() => venue.onSelect(section)}
                  className={clsx(
                    'h-2.5 rounded-[2px]',
                    swatch,
                    section === venue.current
                      ? 'opacity-100 ring-2 ring-white'
                      : 'opacity-45 hover:opacity-80',
                  )}
                />
              ))}
            </div>
          </div>
        )}
        <div
          data-mini-map-plan
          onPointerDown={jumpTo}
          className="relative shrink-0 cursor-pointer overflow-hidden rounded-md bg-surface-800"
          style={{ width: planWidth, height: planHeight }}
        >
          {bands.map((band) => (
            <span
              key={band.section}
              className={clsx('absolute rounded-[2px] opacity-50', band.swatch)}
              style={{
                left: percent(band.left),
                top: percent(band.top),
                width: percent(band.width),
                height: percent(band.height),
              }}
            />
          ))}
          <span
            data-mini-map-view
            className="absolute rounded-[3px] border-2 border-white bg-white/15 shadow-[0_0_0_1px_rgba(0,0,0,0.6)]"
            style={{
              left: percent(view.left),
              top: percent(view.top),
              width: percent(Math.min(view.width, 1 - view.left)),
              height: percent(Math.min(view.height, 1 - view.top)),
            }}
          />
        </div>
      </div>
      <p className="text-[11px] leading-tight text-zinc-300" data-mini-map-caption>
        {caption}
      </p>
    </div>
  );
}
