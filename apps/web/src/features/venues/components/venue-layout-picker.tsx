import {
  checkVenueLayout,
  rectangleHallLayout,
  venueLayoutLimits,
  type GradePrice,
  type VenueLayout,
} from '@curtaincall/contracts';
import { useEffect, useId, useMemo } from 'react';
import { Link } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/state-panel';
import { formatNumber } from '@/lib/format';
import { useVenue, useVenues } from '../api/venues-api';
import { compactInputClass, compactLabelClass, panelClass } from './field-classes';
import { LayoutPreview } from './layout-preview';
import { NumberField } from './number-field';
import { VenueBuilder } from './venue-builder';

/**
 * Where a new concert's seats come from (issue 25, point 3): the quick plan (`totalSeats`
 * alone, the spec's form), a saved venue with per-concert prices, or a layout built inline.
 */
export type VenueLayoutSelection =
  | { source: 'quick' }
  | { source: 'venue'; venueId: number | null; gradePrices: GradePrice[] }
  | { source: 'inline'; seatLayout: VenueLayout };

/**
 * The fields of `POST /seller/concerts` for a selection: `{venueId, gradePrices?}`,
 * `{seatLayout}`, or nothing (the form sends `totalSeats`). Prices equal to the venue's are
 * left out, so the server keeps following the venue for them.
 */
export function concertLayoutFields(
  selection: VenueLayoutSelection,
): { venueId: number; gradePrices?: GradePrice[] } | { seatLayout: VenueLayout } | null {
  if (selection.source === 'inline') return { seatLayout: selection.seatLayout };
  if (selection.source === 'venue' && selection.venueId !== null) {
    return selection.gradePrices.length > 0
      ? { venueId: selection.venueId, gradePrices: selection.gradePrices }
      : { venueId: selection.venueId };
  }
  return null;
}

/** Places of a selection that is ready to send (null for the quick plan or a pending choice). */
export function isSelectionReady(selection: VenueLayoutSelection): boolean {
  if (selection.source === 'quick') return true;
  if (selection.source === 'venue') return selection.venueId !== null;
  return checkVenueLayout(selection.seatLayout).ok;
}

export function startingInlineLayout(): VenueLayout {
  return rectangleHallLayout({
    name: '새 좌석 배치',
    sections: 3,
    rowsPerSection: 10,
    seatsPerRow: 20,
  });
}

interface VenueLayoutPickerProps {
  value: VenueLayoutSelection;
  onChange: (selection: VenueLayoutSelection) => void;
  /** `seatLayout.*` refusals of the last submit, without the prefix ('sections[0].name: …'). */
  serverProblems?: string[];
  /** Whether the inline layout passes the checker (always true for the other sources). */
  onValidityChange?: (isValid: boolean) => void;
}

const sourceLabels = {
  quick: '빠른 배치 (좌석 수만 입력)',
  venue: '저장한 공연장 사용',
  inline: '좌석 배치 직접 만들기',
} as const;

function VenuePrices({
  venueId,
  gradePrices,
  onPricesChange,
}: {
  venueId: number;
  gradePrices: GradePrice[];
  onPricesChange: (prices: GradePrice[]) => void;
}) {
  const venue = useVenue(venueId);
  const layout = useMemo(() => {
    if (!venue.data) return null;
    const checked = checkVenueLayout(venue.data.layout);
    return checked.ok ? checked.layout : null;
  }, [venue.data]);
  if (venue.isPending) return <Spinner label="공연장을 불러오는 중입니다" />;
  if (venue.isError) {
    return (
      <ErrorState
        compact
        title="공연장을 불러오지 못했습니다."
        description={venue.error.message}
        onRetry={() => void venue.refetch()}
      />
    );
  }
  if (!layout) return <ErrorState compact title="저장된 좌석 배치를 읽을 수 없습니다." />;
  const priceOf = (code: string, fallback: number) =>
    gradePrices.find((price) => price.code === code)?.price ?? fallback;
  const withLayoutPrices = layout.grades.length > 0 && gradePrices.length === 0;
  // The prices shown in the preview are this concert's.
  const priced: VenueLayout = {
    ...layout,
    grades: layout.grades.map((grade) => ({ ...grade, price: priceOf(grade.code, grade.price) })),
  };
  return (
    <div className="flex flex-col gap-3">
      <fieldset className="grid grid-cols-2 gap-2 tablet:grid-cols-3">
        <legend className={`${compactLabelClass} mb-1`}>
          이 콘서트의 등급별 가격(원){withLayoutPrices ? ' · 공연장 가격 그대로' : ''}
        </legend>
        {layout.grades.map((grade) => (
          <NumberField
            key={grade.code}
            label={`${grade.name} 가격`}
            value={priceOf(grade.code, grade.price)}
            min={0}
            max={venueLayoutLimits.priceMax}
            onCommit={(price) => {
              const others = gradePrices.filter((entry) => entry.code !== grade.code);
              onPricesChange(
                price === grade.price ? others : [...others, { code: grade.code, price }],
              );
            }}
          />
        ))}
      </fieldset>
      <LayoutPreview layout={priced} height={320} />
    </div>
  );
}

/**
 * The concert form's seat choice: the quick plan, one of the seller's saved venues (with this
 * concert's prices per grade), or a layout built here with the full builder.
 */
export function VenueLayoutPicker({
  value,
  onChange,
  serverProblems,
  onValidityChange,
}: VenueLayoutPickerProps) {
  const id = useId();
  const venues = useVenues(value.source === 'venue');
  useEffect(() => {
    if (value.source !== 'inline') onValidityChange?.(true);
  }, [value.source, onValidityChange]);

  const choose = (source: VenueLayoutSelection['source']) => {
    if (source === value.source) return;
    if (source === 'quick') onChange({ source });
    else if (source === 'venue') onChange({ source, venueId: null, gradePrices: [] });
    else onChange({ source, seatLayout: startingInlineLayout() });
  };

  return (
    <div className="flex flex-col gap-4">
      <fieldset className={panelClass}>
        <legend className="sr-only">좌석 배치</legend>
        <p className="mb-2 text-sm font-semibold text-zinc-100">좌석 배치</p>
        <div className="flex flex-col gap-2 tablet:flex-row tablet:gap-5">
          {(Object.keys(sourceLabels) as Array<keyof typeof sourceLabels>).map((source) => (
            <label key={source} className="flex items-center gap-2 text-sm text-zinc-200">
              <input
                type="radio"
                name={`${id}-source`}
                checked={value.source === source}
                onChange={() => choose(source)}
                className="accent-rose-500"
              />
              {sourceLabels[source]}
            </label>
          ))}
        </div>
      </fieldset>
      {value.source === 'venue' && (
        <div className="flex flex-col gap-3">
          {venues.isPending ? (
            <Spinner label="공연장 목록을 불러오는 중입니다" />
          ) : venues.isError ? (
            <ErrorState
              compact
              title="공연장 목록을 불러오지 못했습니다."
              onRetry={() => void venues.refetch()}
            />
          ) : venues.data.length === 0 ? (
            <p className="text-sm text-zinc-300">
              저장한 공연장이 없습니다.{' '}
              <Link to="/seller/venues/new" className="text-rose-300 underline">
                공연장 만들기
              </Link>
            </p>
          ) : (
            <div className="flex max-w-md flex-col gap-1">
              <label htmlFor={`${id}-venue`} className={compactLabelClass}>
                공연장
              </label>
              <select
                id={`${id}-venue`}
                className={compactInputClass}
                value={value.venueId ?? ''}
                onChange={(event) =>
                  onChange({
                    source: 'venue',
                    venueId: event.target.value === '' ? null : Number(event.target.value),
                    gradePrices: [],
                  })
                }
              >
                <option value="">공연장을 고르세요</option>
                {venues.data.map((venue) => (
                  <option key={venue.id} value={venue.id}>
                    {venue.name} ({formatNumber(venue.totalPlaces)}석)
                  </option>
                ))}
              </select>
            </div>
          )}
          {value.venueId !== null && (
            <VenuePrices
              venueId={value.venueId}
              gradePrices={value.gradePrices}
              onPricesChange={(gradePrices) => onChange({ ...value, gradePrices })}
            />
          )}
        </div>
      )}
      {value.source === 'inline' && (
        <VenueBuilder
          value={value.seatLayout}
          onChange={(seatLayout) => onChange({ source: 'inline', seatLayout })}
          serverProblems={serverProblems}
          onValidityChange={onValidityChange}
        />
      )}
    </div>
  );
}
