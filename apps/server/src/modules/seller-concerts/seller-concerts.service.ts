import {
  bookingInstant,
  concertTimeIssues,
  isAllowedStatusChange,
  limits,
  sellerConcertMessages,
  statusChangeMessage,
  type ConcertCreate,
  type ConcertStatus,
  type ConcertUpdate,
  type FieldError,
  type Page,
  type SellerConcert,
  type SellerConcertListQuery,
  type VenueLayout,
} from '@curtaincall/contracts';
import type { Database, DbOrTx } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { Clock } from '../../lib/clock';
import { toPage } from '../../lib/paging';
import { toSeoulDate, toSeoulDateTime } from '../../lib/seoul-time';
import type { AuthUser } from '../auth/auth.policy';
import type { BookingsService } from '../bookings/bookings.service';
import type { QueueService } from '../queue/queue.service';
import { layoutPlaces } from '../venues/layout-seats';
import { parseLayoutOrThrow, type VenuesService } from '../venues/venues.service';
import {
  createConcertWithSeats,
  replaceFreeSeatMap,
  type ConcertRow,
  type ConcertsService,
} from '../concerts/concerts.service';
import {
  lockShowBeforeConcert,
  sharedChangesOf,
  writeToOpenSiblings,
} from '../shows/show-shared-fields';
import { fullTime, newConcertDraft, pricedLayoutOrThrow } from './new-concert-draft';
import {
  countSellerConcerts,
  countSoldSeats,
  findSellerConcertPage,
  findSellerConcertsByStatus,
  hasLiveBookings,
  hasTakenSeats,
  lockConcert,
  updateConcertRow,
  findConcertRow,
} from './seller-concerts.repo';

/** The fields that place the show and its sale in time: frozen once a ticket is sold. */
const scheduleFields = [
  'concertDate',
  'startTime',
  'endTime',
  'bookingStartDate',
  'bookingEndDate',
] as const;

/**
 * A seller's own concerts (api-contract.md §11.2): list, register with a generated seat map,
 * edit under the rules that protect what buyers already hold, change the poster. The caller is
 * always the session's seller; `sellerId` in a request is only compared with it (§14.1).
 */
export function createSellerConcertsService(deps: {
  db: Database;
  concerts: ConcertsService;
  bookings: BookingsService;
  queue: QueueService;
  venues: VenuesService;
  clock: Clock;
  /**
   * Starts the refund job now, in the background (app.ts; nothing when jobs do not run): a
   * cancel answers at once and leaves every refund to the job, whose next tick may be seconds
   * away.
   */
  wakeRefundJob?: () => void;
}) {
  const { db, concerts, bookings, queue, venues, clock } = deps;

  /**
   * The concert as the seller's screens show it: with its cancellation's refund progress and the
   * seats sold so far.
   */
  async function toSellerConcerts(
    rows: Array<Omit<ConcertRow, 'seatLayout'>>,
  ): Promise<SellerConcert[]> {
    const cancelled = rows.filter((row) => row.status === 'CANCELLED').map((row) => row.id);
    const [progress, sold] = await Promise.all([
      bookings.refundProgress(cancelled),
      countSoldSeats(
        db,
        rows.map((row) => row.id),
      ),
    ]);
    return rows.map((row) => ({
      ...concerts.toConcert(row),
      showId: row.showId,
      refundsPending: progress.get(row.id)?.pending ?? 0,
      refundsDone: progress.get(row.id)?.done ?? 0,
      soldSeats: sold.get(row.id) ?? 0,
      cancelDeadlineDays: row.cancelDeadlineDays ?? limits.cancelDaysBeforeConcert,
    }));
  }
  async function toSellerConcert(row: ConcertRow): Promise<SellerConcert> {
    const [concert] = await toSellerConcerts([row]);
    if (!concert) throw new Error('no concert to answer');
    return concert;
  }

  /**
   * In the transaction that cancels a concert (locked, not cancelled yet): a show that already
   * took place cannot be cancelled; otherwise the status becomes CANCELLED and every unpaid
   * booking and hold ends. Returns the freed seats.
   */
  async function cancelInTransaction(
    tx: DbOrTx,
    current: Pick<ConcertRow, 'id' | 'status'>,
    now: Date,
  ): Promise<number[]> {
    if (current.status === 'COMPLETED') {
      throw new AppError('S006', sellerConcertMessages.completedNotCancellable);
    }
    await updateConcertRow(tx, current.id, { status: 'CANCELLED', updatedAt: now });
    return bookings.closeUnpaidOfCancelled(tx, current.id, now);
  }

  /**
   * After the cancel committed: public pages drop the concert, the waiting room and its keys end,
   * open seat pages hear that seats changed. Nothing here grows with the number of bookings: the
   * paid ones are refunded by the refund job (durable: a CONFIRMED booking of a CANCELLED
   * concert is its work list, so a crash loses nothing), woken now; the seller watches
   * refundsDone / refundsPending.
   */
  async function afterCancel(concertId: number, freed: number[]): Promise<void> {
    concerts.invalidateCatalog();
    await queue.closeConcert(concertId);
    await bookings.publishSeats(concertId, freed);
    deps.wakeRefundJob?.();
  }

  /** Today in Seoul by the server's clock: "in the future" is measured against it. */
  function today(): string {
    return toSeoulDate(clock.now());
  }

  /** 403 S002 when the request names a seller other than the session's (§14.1). */
  function assertSellerId(seller: AuthUser, sellerId: number | undefined): void {
    if (sellerId !== undefined && sellerId !== seller.id) {
      throw new AppError('S002', sellerConcertMessages.notOwner);
    }
  }

  /** The concert, locked for this transaction: 404 T003 when unknown, 403 S002 when not theirs. */
  async function ownConcertForUpdate(
    tx: DbOrTx,
    seller: AuthUser,
    concertId: number,
  ): Promise<ConcertRow> {
    const row = await lockConcert(tx, concertId);
    if (!row) throw new AppError('T003');
    if (row.sellerId !== seller.id) throw new AppError('S002', sellerConcertMessages.notOwner);
    return row;
  }

  async function list(
    seller: AuthUser,
    query: SellerConcertListQuery,
  ): Promise<Page<SellerConcert>> {
    assertSellerId(seller, query.sellerId);
    const { rows, total } = await findSellerConcertPage(db, {
      sellerId: seller.id,
      sortBy: query.sortBy,
      sortDir: query.sortDir,
      page: query.page,
      size: query.size,
    });
    return toPage(await toSellerConcerts(rows), total, query.page, query.size);
  }

  async function listByStatus(
    seller: AuthUser,
    query: { sellerId?: number | undefined; status: ConcertStatus },
  ): Promise<SellerConcert[]> {
    assertSellerId(seller, query.sellerId);
    return toSellerConcerts(await findSellerConcertsByStatus(db, seller.id, query.status));
  }

  async function count(seller: AuthUser, sellerId: number | undefined): Promise<number> {
    assertSellerId(seller, sellerId);
    return countSellerConcerts(db, seller.id);
  }

  /** Registers a concert (a show of one performance) with its whole seat map in one transaction. */
  async function create(
    seller: AuthUser,
    sellerId: number | undefined,
    body: ConcertCreate,
  ): Promise<SellerConcert> {
    assertSellerId(seller, sellerId);
    const now = clock.now();
    const layout = await layoutSourceOf(seller, body);
    const seatLayout = layout && pricedLayoutOrThrow(layout, body.gradePrices, 'gradePrices');
    const draft = newConcertDraft({
      sellerId: seller.id,
      fields: body,
      seats: {
        seatLayout,
        totalSeats: seatLayout ? layoutPlaces(seatLayout) : (body.totalSeats ?? 0),
        venueId: body.venueId ?? null,
      },
      now,
    });
    const row = await db.transaction((tx) => createConcertWithSeats(tx, draft));
    concerts.invalidateCatalog();
    return toSellerConcert(row);
  }

  /**
   * The layout a new concert's seats are made from, checked, before its own prices (issue 25):
   * the seller's venue (`venueId`, copied so later edits of the venue never touch this concert)
   * or an inline `seatLayout`; null for the quick plan from `totalSeats`. A show reads it once
   * for all its performances.
   */
  async function layoutSourceOf(
    seller: AuthUser,
    body: { venueId?: number | undefined; seatLayout?: unknown },
  ): Promise<VenueLayout | null> {
    if (body.venueId !== undefined) return venues.layoutForConcert(seller, body.venueId);
    if (body.seatLayout !== undefined && body.seatLayout !== null) {
      return parseLayoutOrThrow(body.seatLayout, 'seatLayout');
    }
    return null;
  }

  /** Which schedule fields the body really changes (the edit form resends every key). */
  function changedScheduleFields(row: ConcertRow, body: ConcertUpdate): string[] {
    const current = {
      concertDate: row.concertDate,
      startTime: fullTime(row.startTime),
      endTime: fullTime(row.endTime),
      bookingStartDate: row.bookingStartAt.getTime(),
      bookingEndDate: row.bookingEndAt.getTime(),
    };
    const next = {
      concertDate: body.concertDate,
      startTime: body.startTime === undefined ? undefined : fullTime(body.startTime),
      endTime: body.endTime === undefined ? undefined : fullTime(body.endTime),
      bookingStartDate:
        body.bookingStartDate === undefined
          ? undefined
          : bookingInstant(body.bookingStartDate).getTime(),
      bookingEndDate:
        body.bookingEndDate === undefined
          ? undefined
          : bookingInstant(body.bookingEndDate).getTime(),
    };
    return scheduleFields.filter(
      (field) => next[field] !== undefined && next[field] !== current[field],
    );
  }

  /**
   * PUT rules (§11.2, §14.15): a cancelled or completed concert is frozen; an unchanged status is always
   * accepted, otherwise SCHEDULED <-> ON_SALE and any -> CANCELLED; the seat map changes only
   * while no seat is held, booked or ticketed; the show's time and the booking window stay
   * fixed once a ticket is sold. Everything else applies. One transaction, the concert row
   * locked, so a concurrent edit or cancel waits and sees the outcome.
   */
  async function update(
    seller: AuthUser,
    sellerId: number | undefined,
    concertId: number,
    body: ConcertUpdate,
  ): Promise<SellerConcert> {
    assertSellerId(seller, sellerId);
    const now = clock.now();
    let freed: number[] | null = null;
    const row = await db.transaction(async (tx) => {
      await lockShowBeforeConcert(tx, concertId);
      const current = await ownConcertForUpdate(tx, seller, concertId);
      const from = current.status as ConcertStatus;
      if (from === 'CANCELLED') {
        throw new AppError('S006', sellerConcertMessages.cancelledNotEditable);
      }
      // A show that took place is a record for its buyers (tickets, reviews): the manage page
      // disables 수정 for it, and the server says the same (issue 23).
      if (from === 'COMPLETED') {
        throw new AppError('S006', sellerConcertMessages.completedNotEditable);
      }
      const to = body.status ?? from;
      if (!isAllowedStatusChange(from, to)) {
        throw new AppError('S006', statusChangeMessage(from, to));
      }

      const scheduleChanges = changedScheduleFields(current, body);
      if (scheduleChanges.length > 0) {
        const merged = {
          concertDate: body.concertDate ?? current.concertDate,
          startTime: body.startTime ?? current.startTime,
          endTime: body.endTime ?? current.endTime,
          bookingStartDate: body.bookingStartDate ?? toSeoulDateTime(current.bookingStartAt),
          bookingEndDate: body.bookingEndDate ?? toSeoulDateTime(current.bookingEndAt),
        };
        // "In the future" applies to a new date only: an unchanged date of a show that is near
        // or over must not block fixing its title.
        const issues: FieldError[] = concertTimeIssues(
          merged,
          scheduleChanges.includes('concertDate') ? today() : null,
        );
        if (issues.length > 0) throw new AppError('C001', issues[0]?.message, issues);
        if (await hasLiveBookings(tx, concertId)) {
          throw new AppError('S006', sellerConcertMessages.scheduleLocked);
        }
      }

      const seatsChange = body.totalSeats !== undefined && body.totalSeats !== current.totalSeats;
      // A drawn hall is not a seat count: its seats change by release and kill (issue 25).
      if (seatsChange && current.seatLayout !== null) {
        throw new AppError('S006', sellerConcertMessages.layoutSeatsFixed);
      }
      if (seatsChange && body.totalSeats !== undefined) {
        if (await hasTakenSeats(tx, concertId)) {
          throw new AppError('S006', sellerConcertMessages.seatsLocked);
        }
        if (!(await replaceFreeSeatMap(tx, concertId, body.totalSeats))) {
          throw new AppError('S006', sellerConcertMessages.seatsLocked);
        }
      }

      if (to === 'CANCELLED') freed = await cancelInTransaction(tx, current, now);
      // Issue 26: the show's fields change on its other open performances too. An edit that
      // cancels this one (often with a note in the description) is about it alone.
      else await writeToOpenSiblings(tx, current, sharedChangesOf(current, body), now);

      return updateConcertRow(tx, concertId, {
        ...(body.title !== undefined && { title: body.title }),
        ...(body.artist !== undefined && { artist: body.artist }),
        ...(body.description !== undefined && { description: body.description }),
        ...(body.venueName !== undefined && { venueName: body.venueName }),
        ...(body.venueAddress !== undefined && { venueAddress: body.venueAddress }),
        ...(body.concertDate !== undefined && { concertDate: body.concertDate }),
        ...(body.startTime !== undefined && { startTime: fullTime(body.startTime) }),
        ...(body.endTime !== undefined && { endTime: fullTime(body.endTime) }),
        ...(body.totalSeats !== undefined && { totalSeats: body.totalSeats }),
        ...(body.bookingStartDate !== undefined && {
          bookingStartAt: bookingInstant(body.bookingStartDate),
        }),
        ...(body.bookingEndDate !== undefined && {
          bookingEndAt: bookingInstant(body.bookingEndDate),
        }),
        ...(body.minAge !== undefined && { minAge: body.minAge }),
        ...(body.maxTicketsPerUser !== undefined && { maxTicketsPerUser: body.maxTicketsPerUser }),
        // This performance's alone: a show's cut-off for all its performances is PUT /seller/shows.
        ...(body.cancelDeadlineDays !== undefined && {
          cancelDeadlineDays: body.cancelDeadlineDays,
        }),
        ...(body.posterImageUrl !== undefined && { posterImageUrl: body.posterImageUrl }),
        status: to,
        updatedAt: now,
      });
    });
    if (freed) await afterCancel(concertId, freed);
    else concerts.invalidateCatalog();
    return toSellerConcert((await findConcertRow(db, concertId)) ?? row);
  }

  /**
   * `DELETE /seller/concerts/{id}`: the soft cancel with refunds (see cancelInTransaction and
   * afterCancel). A second cancel is 409 S006 '이미 취소된 콘서트입니다.'.
   */
  async function cancel(
    seller: AuthUser,
    sellerId: number | undefined,
    concertId: number,
  ): Promise<SellerConcert> {
    assertSellerId(seller, sellerId);
    const now = clock.now();
    const freed = await db.transaction(async (tx) => {
      const current = await ownConcertForUpdate(tx, seller, concertId);
      if (current.status === 'CANCELLED') {
        throw new AppError('S006', sellerConcertMessages.alreadyCancelled);
      }
      return cancelInTransaction(tx, current, now);
    });
    await afterCancel(concertId, freed);
    const row = await findConcertRow(db, concertId);
    if (!row) throw new AppError('T003');
    return toSellerConcert(row);
  }

  /** `PATCH /seller/concerts/{id}/poster`: sets or clears the poster of an own concert. */
  async function setPoster(
    seller: AuthUser,
    sellerId: number | undefined,
    concertId: number,
    posterImageUrl: string | null,
  ): Promise<SellerConcert> {
    assertSellerId(seller, sellerId);
    const now = clock.now();
    const row = await db.transaction(async (tx) => {
      await lockShowBeforeConcert(tx, concertId);
      const current = await ownConcertForUpdate(tx, seller, concertId);
      if (current.status === 'CANCELLED') {
        throw new AppError('S006', sellerConcertMessages.cancelledNotEditable);
      }
      await writeToOpenSiblings(tx, current, sharedChangesOf(current, { posterImageUrl }), now);
      return updateConcertRow(tx, concertId, { posterImageUrl, updatedAt: now });
    });
    concerts.invalidateCatalog();
    return toSellerConcert(row);
  }

  /** A read check for calls naming a concert: 404 T003 when unknown, 403 S002 when not theirs. */
  async function assertOwnConcert(seller: AuthUser, concertId: number): Promise<void> {
    const row = await findConcertRow(db, concertId);
    if (!row) throw new AppError('T003');
    if (row.sellerId !== seller.id) throw new AppError('S002', sellerConcertMessages.notOwner);
  }

  /**
   * Deletes a poster file of an own concert (`DELETE /upload/poster/specific`): with the concert
   * locked, `removeFile` checks and removes the file in the same transaction, and the concert's
   * poster is cleared only when it is that file (api-contract §14 item 17).
   */
  async function detachPosterFile(
    seller: AuthUser,
    sellerId: number | undefined,
    concertId: number,
    fileUrl: string,
    removeFile: (tx: DbOrTx, concertId: number) => Promise<void>,
  ): Promise<void> {
    assertSellerId(seller, sellerId);
    const cleared = await db.transaction(async (tx) => {
      const current = await ownConcertForUpdate(tx, seller, concertId);
      const shown = current.posterImageUrl === fileUrl;
      // Checked before the file goes: a refusal must not leave the concert without its bytes.
      if (shown && current.status === 'CANCELLED') {
        throw new AppError('S006', sellerConcertMessages.cancelledNotEditable);
      }
      await removeFile(tx, current.id);
      if (!shown) return false;
      await updateConcertRow(tx, current.id, { posterImageUrl: null, updatedAt: clock.now() });
      return true;
    });
    if (cleared) concerts.invalidateCatalog();
  }

  return {
    today,
    list,
    listByStatus,
    count,
    create,
    update,
    setPoster,
    cancel,
    assertOwnConcert,
    detachPosterFile,
    // For the shows module (issue 26): a show's performances are concerts, answered, registered
    // and cancelled by the same rules.
    assertSellerId,
    toSellerConcerts,
    layoutSourceOf,
    cancelInTransaction,
    afterCancel,
  };
}

export type SellerConcertsService = ReturnType<typeof createSellerConcertsService>;
