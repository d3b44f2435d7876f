import {
  layoutPath,
  layoutToCsv,
  placesPerGrade,
  venueLayoutSchema,
  venueLimits,
  venueMessages,
  type FieldError,
  type VenueDetail,
  type VenueLayout,
  type VenueSummary,
} from '@curtaincall/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { Clock } from '../../lib/clock';
import { toSeoulDateTime } from '../../lib/seoul-time';
import type { AuthUser } from '../auth/auth.policy';
import {
  countConcertsByVenue,
  countSellerVenues,
  deleteVenue,
  findSellerVenues,
  findVenue,
  insertVenue,
  updateVenue,
  type VenueRow,
} from './venues.repo';

/** At most this many layout problems in one answer: the first ones are what to fix first. */
const PROBLEMS_SHOWN = 50;

/**
 * The layout checked against the one schema (docs/venue-layout.md), or a C001 whose field errors
 * name each problem's path under `field` (`layout.sections[2].rows[0].seats[5].grade`).
 */
export function parseLayoutOrThrow(input: unknown, field: string): VenueLayout {
  const result = venueLayoutSchema.safeParse(input);
  if (result.success) return result.data;
  const errors: FieldError[] = result.error.issues.slice(0, PROBLEMS_SHOWN).map((issue) => ({
    field: issue.path.length > 0 ? `${field}.${layoutPath(issue.path)}` : field,
    message: issue.message,
  }));
  const first = errors[0];
  throw new AppError(
    'C001',
    first ? `${venueMessages.layoutInvalid} (${first.field}: ${first.message})` : undefined,
    errors,
  );
}

export interface VenueCounts {
  layoutName: string;
  totalPlaces: number;
  sectionCount: number;
  grades: VenueSummary['grades'];
}

/** What the list shows of a layout, computed once when it is saved. */
export function venueCounts(layout: VenueLayout): VenueCounts {
  const places = placesPerGrade(layout);
  const grades = layout.grades.map((grade) => ({
    code: grade.code,
    name: grade.name,
    price: grade.price,
    color: grade.color ?? null,
    places: places.get(grade.code) ?? 0,
  }));
  return {
    layoutName: layout.name,
    totalPlaces: grades.reduce((sum, grade) => sum + grade.places, 0),
    sectionCount: layout.sections.length,
    grades,
  };
}

export function createVenuesService(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;

  function toSummary(row: Omit<VenueRow, 'layout'>, concertCount: number): VenueSummary {
    const counts = row.summary as VenueCounts;
    return {
      id: row.id,
      name: row.name,
      address: row.address,
      layoutName: counts.layoutName,
      totalPlaces: counts.totalPlaces,
      sectionCount: counts.sectionCount,
      grades: counts.grades,
      concertCount,
      createdAt: toSeoulDateTime(row.createdAt),
      updatedAt: toSeoulDateTime(row.updatedAt),
    };
  }

  async function toDetail(row: VenueRow): Promise<VenueDetail> {
    const used = await countConcertsByVenue(db, [row.id]);
    return { ...toSummary(row, used.get(row.id) ?? 0), layout: row.layout };
  }

  /** The seller's own venue; another seller's is 403, none 404. */
  async function ownVenue(seller: AuthUser, venueId: number): Promise<VenueRow> {
    const row = await findVenue(db, venueId);
    if (!row) throw new AppError('C002', venueMessages.notFound);
    if (row.sellerId !== seller.id) throw new AppError('S002', venueMessages.notOwner);
    return row;
  }

  async function list(seller: AuthUser): Promise<VenueSummary[]> {
    const rows = await findSellerVenues(db, seller.id);
    const used = await countConcertsByVenue(
      db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => toSummary(row, used.get(row.id) ?? 0));
  }

  async function get(seller: AuthUser, venueId: number): Promise<VenueDetail> {
    return toDetail(await ownVenue(seller, venueId));
  }

  async function create(
    seller: AuthUser,
    body: { name: string; address: string | null; layout: unknown },
  ): Promise<VenueDetail> {
    const layout = parseLayoutOrThrow(body.layout, 'layout');
    if ((await countSellerVenues(db, seller.id)) >= venueLimits.perSeller) {
      throw new AppError('S006', venueMessages.tooMany);
    }
    const row = await insertVenue(db, {
      sellerId: seller.id,
      name: body.name,
      address: body.address,
      layout,
      summary: venueCounts(layout),
      now: clock.now(),
    });
    return { ...toSummary(row, 0), layout: row.layout };
  }

  /** Concerts made from the venue keep their own copy: an edit never changes a sold show. */
  async function update(
    seller: AuthUser,
    venueId: number,
    body: { name: string; address: string | null; layout: unknown },
  ): Promise<VenueDetail> {
    await ownVenue(seller, venueId);
    const layout = parseLayoutOrThrow(body.layout, 'layout');
    const row = await updateVenue(db, venueId, seller.id, {
      name: body.name,
      address: body.address,
      layout,
      summary: venueCounts(layout),
      now: clock.now(),
    });
    if (!row) throw new AppError('C002', venueMessages.notFound);
    return toDetail(row);
  }

  async function remove(seller: AuthUser, venueId: number): Promise<void> {
    await ownVenue(seller, venueId);
    if (!(await deleteVenue(db, venueId, seller.id))) {
      throw new AppError('C002', venueMessages.notFound);
    }
  }

  /** The layout document for download: JSON as stored, or CSV (UTF-8 with BOM) for Excel. */
  async function exportLayout(
    seller: AuthUser,
    venueId: number,
    format: 'json' | 'csv',
  ): Promise<{ body: string; contentType: string; fileName: string }> {
    const row = await ownVenue(seller, venueId);
    const layout = row.layout as VenueLayout;
    const base = `venue-${row.id}`;
    return format === 'csv'
      ? {
          body: layoutToCsv(layout),
          contentType: 'text/csv; charset=utf-8',
          fileName: `${base}.csv`,
        }
      : {
          body: JSON.stringify(layout, null, 2),
          contentType: 'application/json; charset=utf-8',
          fileName: `${base}.json`,
        };
  }

  /** The layout of the seller's venue, for a concert to copy (venueId on creation). */
  async function layoutForConcert(seller: AuthUser, venueId: number): Promise<VenueLayout> {
    const row = await ownVenue(seller, venueId);
    return row.layout as VenueLayout;
  }

  return { list, get, create, update, remove, exportLayout, layoutForConcert };
}

export type VenuesService = ReturnType<typeof createVenuesService>;
