import { clsx } from 'clsx';
import { Plus, Ticket } from 'lucide-react';
import type { CSSProperties } from 'react';
import { formatNumber, formatPrice } from '@/lib/format';
import type { DrawnSection, DrawnVenue, LayoutBox } from '../utils/drawn-layout';

export const venuePlanTexts = {
  stage: '무대',
  hint: '구역을 선택하면 좌석을 볼 수 있어요.',
  standingHint: '스탠딩 구역은 입장번호를 바로 선택할 수 있어요.',
  chooseEntry: '입장번호 선택',
  oneMore: '+1',
} as const;

/** Free places and the caller's holds of one section (null: not known yet). */
export interface PlanSectionCount {
  available: number | null;
  mine: number;
}

interface VenuePlanProps {
  venue: DrawnVenue;
  counts: ReadonlyMap<string, PlanSectionCount>;
  onOpenSection: (section: string) => void;
}

interface StandingZoneListProps {
  venue: DrawnVenue;
  counts: ReadonlyMap<string, PlanSectionCount>;
  /** Standing zones with an entry-number hold on its way. */
  pendingZones: ReadonlySet<string>;
  onHoldStanding: (section: string) => void;
}

/** Room around the drawing, in layout units, so edge boxes keep their outlines. */
const margin = 12;
/** The smallest box on screen, in CSS px: a section's name and count must fit in it. */
const minBoxPx = { width: 56, height: 36 } as const;
/** A plan never grows wider than this to fit its smallest box; past it the boxes get tight. */
const maxPlanPx = 2_400;

/** Where a box sits in the plan, as percentages of the plan (the plan scales with its width). */
function placeOf(box: LayoutBox, bounds: LayoutBox): CSSProperties {
  const width = bounds.width + margin * 2;
  const height = bounds.height + margin * 2;
  return {
    left: `${((box.x - bounds.x + margin) / width) * 100}%`,
    top: `${((box.y - bounds.y + margin) / height) * 100}%`,
    width: `${(box.width / width) * 100}%`,
    height: `${(box.height / height) * 100}%`,
  };
}

/**
 * The plan's least width in px: enough for the smallest box to hold its text; on a phone a
 * hall wider than that scrolls sideways inside its card (as the seat rows do).
 */
export function planMinWidth(venue: DrawnVenue): number {
  const width = venue.bounds.width + margin * 2;
  let scale = 0;
  for (const section of venue.sections) {
    scale = Math.max(
      scale,
      minBoxPx.width / Math.max(1, section.box.width),
      minBoxPx.height / Math.max(1, section.box.height),
    );
  }
  return Math.round(Math.min(maxPlanPx, width * scale));
}

function countText(section: DrawnSection, count: PlanSectionCount | undefined): string {
  const available = count?.available ?? null;
  if (available === 0) return '매진';
  if (section.kind === 'STANDING') {
    return available === null
      ? `정원 ${formatNumber(section.places)}명`
      : `스탠딩 잔여 ${formatNumber(available)}명`;
  }
  return available === null
    ? `${formatNumber(section.places)}석`
    : `잔여 ${formatNumber(available)}석`;
}

/**
 * A drawn hall as the seller designed it (issue 25, point 5): the stage ('무대') and every
 * section at its place, scaled to the card's width (a phone scrolls a wide hall sideways). A
 * seated section is a button that opens its seats; a standing zone shows its entry numbers left.
 */
export function VenuePlan({ venue, counts, onOpenSection }: VenuePlanProps) {
  const { bounds } = venue;
  const aspect = (bounds.width + margin * 2) / (bounds.height + margin * 2);
  return (
    <div
      className="overflow-x-auto overscroll-x-contain rounded-2xl bg-surface-900 p-2"
      data-venue-plan
    >
      <ul
        aria-label="구역 배치도"
        className="relative mx-auto w-full"
        style={{ aspectRatio: `${aspect}`, minWidth: `${planMinWidth(venue)}px` }}
      >
        {venue.stage && (
          <li
            className="absolute flex items-center justify-center rounded-b-3xl border border-t-0 border-zinc-500/40 bg-gradient-to-b from-zinc-200/25 to-zinc-400/5 text-xs font-black tracking-[0.4em] text-zinc-200"
            style={placeOf(venue.stage, bounds)}
            data-stage
          >
            {venuePlanTexts.stage}
          </li>
        )}
        {venue.sections.map((section) => {
          const grade = venue.gradeByCode.get(section.gradeCode);
          const color = grade?.color ?? '#71717A';
          const count = counts.get(section.name);
          const mine = count?.mine ?? 0;
          const isSoldOut = count?.available === 0;
          const boxStyle: CSSProperties = {
            ...placeOf(section.box, bounds),
            borderColor: color,
            backgroundColor: `${color}33`,
          };
          if (section.kind === 'STANDING') {
            // Drawn to scale only; its price and 입장번호 선택 are in the zone list below,
            // readable at any width.
            return (
              <li
                key={section.name}
                className={clsx(
                  'absolute flex flex-col items-center justify-center overflow-hidden rounded-lg border-2 border-dashed p-0.5 text-center',
                  mine > 0 && 'ring-2 ring-rose-400',
                  isSoldOut && 'opacity-60',
                )}
                style={boxStyle}
                data-standing-zone={section.name}
              >
                <span className="text-xs leading-tight font-bold text-white">
                  {section.name}구역 {grade?.name}
                </span>{' '}
                <span className="text-[10px] leading-tight text-zinc-200 tabular-nums">
                  {countText(section, count)}
                </span>
              </li>
            );
          }
          return (
            <li key={section.name} className="absolute" style={placeOf(section.box, bounds)}>
              <button
                type="button"
                onClick={() => onOpenSection(section.name)}
                className={clsx(
                  'flex size-full flex-col items-center justify-center overflow-hidden rounded-md border px-0.5 text-center transition-colors hover:brightness-125',
                  mine > 0 && 'ring-2 ring-rose-400',
                  isSoldOut && 'opacity-60',
                )}
                style={{ borderColor: color, backgroundColor: `${color}33` }}
                data-plan-section={section.name}
              >
                <span className="text-xs leading-tight font-bold text-white">
                  {section.name}구역
                </span>{' '}
                <span className="text-[10px] leading-tight text-zinc-200 tabular-nums">
                  {countText(section, count)}
                </span>
                {mine > 0 && (
                  <>
                    {' '}
                    <span className="text-[10px] font-semibold text-rose-200">
                      내 좌석 {mine}석
                    </span>
                  </>
                )}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * The standing zones with their grade, price and entry numbers left, and '입장번호 선택' (then
 * '+1'), which holds the lowest free number at once (issue 25: standing is sold by number).
 */
export function StandingZoneList({
  venue,
  counts,
  pendingZones,
  onHoldStanding,
}: StandingZoneListProps) {
  const zones = venue.sections.filter((section) => section.kind === 'STANDING');
  if (zones.length === 0) return null;
  return (
    <ul aria-label="스탠딩 구역" className="mt-3 grid gap-2 tablet:grid-cols-2">
      {zones.map((zone) => {
        const grade = venue.gradeByCode.get(zone.gradeCode);
        const count = counts.get(zone.name);
        const mine = count?.mine ?? 0;
        const isSoldOut = count?.available === 0;
        const isPending = pendingZones.has(zone.name);
        const action = mine > 0 ? venuePlanTexts.oneMore : venuePlanTexts.chooseEntry;
        return (
          <li
            key={zone.name}
            className={clsx(
              'flex items-center gap-3 rounded-xl border bg-surface-900/80 px-3 py-2.5',
              mine > 0 ? 'border-rose-400/70' : 'border-surface-700',
            )}
            data-standing-card={zone.name}
          >
            <span
              className="size-3 shrink-0 rounded-sm"
              style={{ backgroundColor: grade?.color }}
              aria-hidden
            />
            <span className="flex min-w-0 flex-1 flex-col">
              <span className="text-sm font-bold text-white">
                {zone.name}구역 {grade?.name}
              </span>{' '}
              <span className="text-xs text-zinc-300 tabular-nums">
                {grade ? formatPrice(grade.price) : ''} · {countText(zone, count)}
              </span>
              {mine > 0 && (
                <>
                  {' '}
                  <span className="text-xs font-semibold text-rose-200">내 입장번호 {mine}매</span>
                </>
              )}
            </span>
            {!isSoldOut && (
              <button
                type="button"
                onClick={() => onHoldStanding(zone.name)}
                aria-busy={isPending || undefined}
                disabled={isPending}
                // The visible text leads the name (label in name); the zone makes it unique.
                aria-label={`${action} ${zone.name}구역`}
                className="inline-flex min-h-10 shrink-0 items-center gap-1 rounded-lg bg-white px-3 text-sm font-bold text-surface-950 shadow hover:bg-rose-100 disabled:opacity-60"
              >
                {mine > 0 ? (
                  <Plus className="size-4" aria-hidden />
                ) : (
                  <Ticket className="size-4" aria-hidden />
                )}
                {action}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
