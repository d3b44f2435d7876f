import { memo, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { formatPrice } from '@/lib/format';
import {
  gradeSeatName,
  seatAccessibleLabel,
  swatchStyle,
  toneForGrade,
  type GradeInfo,
  type RowView,
  type SectionView,
  type SeatView,
} from '../utils/seat-layout';
import { SeatButton } from './seat-button';

interface SeatMapGridProps {
  sections: SectionView[];
  grades: GradeInfo[];
  pendingIds: ReadonlySet<number>;
  onToggle: (seat: SeatView) => void;
}

/** Where keyboard focus starts: your first seat, else the first free one, else the first seat. */
function defaultActiveId(rows: readonly RowView[]): number | null {
  const seats = rows.flatMap((row) => row.seats);
  const seat =
    seats.find((s) => s.kind === 'mine') ?? seats.find((s) => s.kind === 'available') ?? seats[0];
  return seat?.record.seatId ?? null;
}

/** The keys the grid handles, and where each one moves from (row, column). */
export function nextGridPosition(
  key: string,
  ctrlKey: boolean,
  [row, col]: readonly [number, number],
  rowLengths: readonly number[],
  sectionStarts: readonly number[],
): [number, number] | null {
  const lastRow = rowLengths.length - 1;
  const clampCol = (r: number, c: number) => Math.max(0, Math.min(c, (rowLengths[r] ?? 1) - 1));
  switch (key) {
    case 'ArrowRight':
      return [row, clampCol(row, col + 1)];
    case 'ArrowLeft':
      return [row, clampCol(row, col - 1)];
    case 'ArrowDown':
      return row < lastRow ? [row + 1, clampCol(row + 1, col)] : [row, col];
    case 'ArrowUp':
      return row > 0 ? [row - 1, clampCol(row - 1, col)] : [row, col];
    case 'Home':
      return ctrlKey ? [0, 0] : [row, 0];
    case 'End':
      return ctrlKey ? [lastRow, clampCol(lastRow, Infinity)] : [row, clampCol(row, Infinity)];
    case 'PageDown': {
      const next = sectionStarts.find((start) => start > row) ?? row;
      return [next, clampCol(next, col)];
    }
    case 'PageUp': {
      const current = [...sectionStarts].reverse().find((start) => start <= row) ?? 0;
      const previous =
        current < row ? current : ([...sectionStarts].reverse().find((s) => s < current) ?? 0);
      return [previous, clampCol(previous, col)];
    }
    default:
      return null;
  }
}

/**
 * The seat map as one ARIA grid with a roving tabindex (one Tab stop): the arrow keys move
 * between seats, Home/End to a row's ends (with Ctrl the map's), PageUp/PageDown between
 * sections, Enter or Space toggles the seat. Every seat names its grade, place, state and price.
 */
export const SeatMapGrid = memo(function SeatMapGrid({
  sections,
  grades,
  pendingIds,
  onToggle,
}: SeatMapGridProps) {
  const rows = useMemo(() => sections.flatMap((section) => section.rows), [sections]);
  const layout = useMemo(() => {
    const positions = new Map<number, [number, number]>();
    rows.forEach((row, r) =>
      row.seats.forEach((seat, c) => positions.set(seat.record.seatId, [r, c])),
    );
    const sectionStarts: number[] = [];
    let index = 0;
    for (const section of sections) {
      sectionStarts.push(index);
      index += section.rows.length;
    }
    return { positions, sectionStarts, rowLengths: rows.map((row) => row.seats.length) };
  }, [rows, sections]);

  const [chosenId, setChosenId] = useState<number | null>(null);
  const activeId =
    chosenId !== null && layout.positions.has(chosenId) ? chosenId : defaultActiveId(rows);
  const buttons = useRef(new Map<number, HTMLButtonElement>());

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (activeId === null) return;
    const from = layout.positions.get(activeId);
    if (!from) return;
    const to = nextGridPosition(
      event.key,
      event.ctrlKey || event.metaKey,
      from,
      layout.rowLengths,
      layout.sectionStarts,
    );
    if (!to) return;
    event.preventDefault();
    const seat = rows[to[0]]?.seats[to[1]];
    if (!seat) return;
    setChosenId(seat.record.seatId);
    buttons.current.get(seat.record.seatId)?.focus();
  };

  return (
    <div role="grid" aria-label="좌석 배치도" onKeyDown={onKeyDown} className="flex flex-col gap-6">
      {sections.map((section) => {
        const tone = toneForGrade(grades, section.grade);
        return (
          <div
            key={section.section}
            role="rowgroup"
            data-section={section.section}
            aria-label={`${section.section}구역 ${section.gradeSummary ?? gradeSeatName(section.grade)}`.trim()}
            className="flex flex-col gap-1.5"
          >
            <div role="row" className="mb-1 flex items-center gap-2">
              <span
                role="columnheader"
                // In a wide section that scrolls sideways, the heading stays in view.
                className="sticky left-0 z-20 flex items-center gap-2 bg-surface-900 py-0.5 pr-2 pl-1 text-sm font-bold text-zinc-100"
              >
                <span
                  className={`size-2.5 rounded-full ${tone.swatch}`}
                  style={swatchStyle(tone)}
                  aria-hidden
                />
                {section.section}구역
                {section.gradeSummary ? (
                  <span className="text-xs font-semibold text-zinc-300">
                    {section.gradeSummary}
                  </span>
                ) : (
                  section.grade && (
                    <span className={`text-xs font-semibold ${tone.text}`}>
                      {gradeSeatName(section.grade)} · {formatPrice(section.price)}
                    </span>
                  )
                )}
              </span>
            </div>
            {section.rows.map((row) => (
              <div
                key={row.key}
                role="row"
                // Its own short name, not the concatenation of every seat's label.
                aria-label={`${row.section}구역 ${row.row}열`}
                className="flex items-center gap-(--seat-gap)"
              >
                {/* Stays at the panel's left edge while the row scrolls sideways under it. */}
                <span
                  role="rowheader"
                  data-row-label
                  aria-label={`${row.section}구역 ${row.row}열`}
                  className="sticky left-0 z-20 flex h-(--seat-size) w-(--row-label) shrink-0 items-center justify-end bg-surface-900 pr-2 text-(length:--seat-font) font-semibold text-zinc-300 tabular-nums shadow-[6px_0_8px_-4px_rgba(0,0,0,0.6)]"
                >
                  {row.row}열
                </span>
                {row.seats.map((seat) => {
                  const { seatId } = seat.record;
                  const gap = seat.gapBefore ?? 0;
                  return (
                    <div role="gridcell" key={seatId} className="flex">
                      {gap > 0 && (
                        // An aisle of a drawn section: as many empty seats wide as the layout says.
                        <span
                          aria-hidden
                          data-aisle={gap}
                          className="shrink-0"
                          style={{
                            width: `calc((var(--seat-size) + var(--seat-gap)) * ${gap})`,
                          }}
                        />
                      )}
                      <SeatButton
                        seatId={seatId}
                        kind={seat.kind}
                        number={seat.position.number}
                        tone={
                          seat.grade === section.grade ? tone : toneForGrade(grades, seat.grade)
                        }
                        label={seatAccessibleLabel(seat)}
                        {...(seat.tags ? { tags: seat.tags } : {})}
                        isActive={seatId === activeId}
                        isPending={pendingIds.has(seatId)}
                        buttonRef={(element) => {
                          if (element) buttons.current.set(seatId, element);
                          else buttons.current.delete(seatId);
                        }}
                        onActivate={() => onToggle(seat)}
                        onFocus={() => setChosenId(seatId)}
                      />
                    </div>
                  );
                })}
              </div>
            ))}
          </div>
        );
      })}
    </div>
  );
});
