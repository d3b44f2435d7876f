import type { SeatMap, SeatSummary } from '@curtaincall/contracts';
import { useMemo } from 'react';
import type { SectionAvailability } from '../components/section-overview';
import type { PlanSectionCount } from '../components/venue-plan';
import {
  buildDrawnSeatViews,
  countDrawnSections,
  drawnGradeInfos,
  type DrawnVenue,
} from '../utils/drawn-layout';
import {
  buildSectionViews,
  orderGrades,
  selectedSeats,
  toneForGrade,
  type GradeInfo,
} from '../utils/seat-layout';
import type { SeatRecord } from '../utils/seat-records';

interface SeatPageModelInput {
  seatMap: SeatMap | undefined;
  /** The concert detail's grades (quick plan: their order fixes the colours). */
  concertGrades: readonly GradeInfo[] | undefined;
  /** A drawn concert's layout, once read; null for the quick plan (or while it loads). */
  drawnVenue: DrawnVenue | null;
  /** Every loaded seat plus the caller's holds known from the summary. */
  allRecords: SeatRecord[];
  /** The page opens on an overview (big quick-plan venue) or a plan (drawn hall). */
  isBig: boolean;
  openSection: string | null;
  summaryCounts: SeatSummary['sections'] | undefined;
  /** The whole venue's status is loaded (so the plan can count free places itself). */
  isWholeStatusIn: boolean;
}

/**
 * What the seat page draws from the seats it knows: the grades with their colours, sections
 * of rows of seats (a drawn hall's seats each in their own grade), the caller's holds (standing
 * entry slots included), the section shown, counts per section for the overview or the plan,
 * and the mini-map's plan.
 */
export function useSeatPageModel({
  seatMap: layout,
  concertGrades,
  drawnVenue,
  allRecords,
  isBig,
  openSection,
  summaryCounts,
  isWholeStatusIn,
}: SeatPageModelInput) {
  const isDrawn = layout?.hasLayout === true;
  const grades = useMemo(
    () =>
      drawnVenue ? drawnGradeInfos(drawnVenue) : orderGrades(concertGrades, layout?.sections ?? []),
    [drawnVenue, concertGrades, layout?.sections],
  );
  const drawnViews = useMemo(
    () => (drawnVenue ? buildDrawnSeatViews(allRecords, drawnVenue) : null),
    [allRecords, drawnVenue],
  );
  const sections = useMemo(
    () =>
      drawnViews
        ? drawnViews.sections
        : layout && !isDrawn
          ? buildSectionViews(allRecords, layout.sections)
          : [],
    [drawnViews, allRecords, layout, isDrawn],
  );
  // Standing entry slots are not drawn as seats, but are held and paid like them.
  const mine = useMemo(
    () => [...selectedSeats(sections), ...(drawnViews?.standingMine ?? [])],
    [sections, drawnViews],
  );
  const shownSections = useMemo(
    () => (isBig ? sections.filter((section) => section.section === openSection) : sections),
    [isBig, sections, openSection],
  );
  const availability = useMemo(() => {
    const counts = new Map<string, SectionAvailability>();
    for (const section of sections) {
      const seats = section.rows.flatMap((row) => row.seats);
      counts.set(section.section, {
        // With a summary, a section here may hold only the caller's seats: its count comes
        // from the summary below, never from the few seats known.
        available: summaryCounts ? null : seats.filter((seat) => seat.kind === 'available').length,
        mine: seats.filter((seat) => seat.kind === 'mine').length,
      });
    }
    for (const { section, available } of summaryCounts ?? []) {
      counts.set(section, { available, mine: counts.get(section)?.mine ?? 0 });
    }
    return counts;
  }, [sections, summaryCounts]);
  // A drawn hall's plan: free places and the caller's holds per section, standing zones too.
  const planCounts = useMemo(() => {
    const counts = new Map<string, PlanSectionCount>();
    if (!drawnVenue) return counts;
    const loaded = countDrawnSections(allRecords);
    const fromSummary = new Map(summaryCounts?.map((s) => [s.section, s.available]));
    for (const { name } of drawnVenue.sections) {
      counts.set(name, {
        available: summaryCounts
          ? (fromSummary.get(name) ?? null)
          : isWholeStatusIn
            ? (loaded.get(name)?.available ?? 0)
            : null,
        mine: loaded.get(name)?.mine ?? 0,
      });
    }
    return counts;
  }, [drawnVenue, allRecords, summaryCounts, isWholeStatusIn]);
  // In seat widths, a drawn row's aisles included, so "fit to screen" fits the whole row.
  const longestRow = useMemo(
    () =>
      Math.max(
        0,
        ...shownSections.flatMap((section) =>
          section.rows.map((row) =>
            row.seats.reduce((width, seat) => width + 1 + (seat.gapBefore ?? 0), 0),
          ),
        ),
      ),
    [shownSections],
  );
  const sectionSwatches = useMemo(
    () =>
      new Map(
        (layout?.sections ?? []).map((section) => [
          section.section,
          toneForGrade(grades, section.grade).swatch,
        ]),
      ),
    [layout?.sections, grades],
  );
  const venuePlan = useMemo(
    () =>
      (layout?.sections ?? [])
        // Standing zones are chosen on the plan by entry number, never opened as seats.
        .filter((section) => section.kind !== 'STANDING')
        .map((section) => ({
          section: section.section,
          swatch: sectionSwatches.get(section.section) || 'bg-zinc-400',
        })),
    [layout?.sections, sectionSwatches],
  );

  return {
    grades,
    sections,
    mine,
    shownSections,
    availability,
    planCounts,
    longestRow,
    sectionSwatches,
    venuePlan,
  };
}
