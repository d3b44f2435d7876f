import {
  sellerConcertMessages,
  showLimits,
  showMessages,
  type Page,
  type PerformanceAdd,
  type SellerConcert,
  type SellerShow,
  type SellerShowListQuery,
  type ShowCreate,
  type ShowUpdate,
  type VenueLayout,
} from '@curtaincall/contracts';
import type { Database, DbOrTx } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { Clock } from '../../lib/clock';
import { toPage } from '../../lib/paging';
import type { AuthUser } from '../auth/auth.policy';
import { createConcertWithSeats, type ConcertsService } from '../concerts/concerts.service';
import {
  newConcertDraft,
  pricedLayoutOrThrow,
  type NewConcertSeats,
} from '../seller-concerts/new-concert-draft';
import type { SellerConcertsService } from '../seller-concerts/seller-concerts.service';
import { layoutPlaces } from '../venues/layout-seats';
import { sharedFieldsOf } from './show-shared-fields';
import {
  closedStatuses,
  findPerformanceLayout,
  findPerformancesOfShows,
  findSellerShowPage,
  findShow,
  insertShow,
  lockPerformancesOfShow,
  lockShow,
  setAiSummary,
  updateOpenPerformances,
  updateShow,
  type PerformanceRow,
  type ShowRow,
} from './shows.repo';

const isOpen = (performance: { status: string }) =>
  !(closedStatuses as readonly string[]).includes(performance.status);

/**
 * A seller's shows (issue 26, `/seller/shows`): a show of several performances registered in one
 * request, listed with each performance's sales, its shared fields edited once for every open
 * performance, a performance added later, the whole show cancelled. Each performance is a concert
 * with its own id, registered, answered and cancelled by the seller-concerts rules; cancelling
 * one performance stays `DELETE /seller/concerts/{id}`.
 */
export function createShowsService(deps: {
  db: Database;
  concerts: ConcertsService;
  sellerConcerts: SellerConcertsService;
  clock: Clock;
}) {
  const { db, concerts, sellerConcerts, clock } = deps;

  /** The show, checked: 404 T003 when unknown, 403 S002 when another seller's. */
  function assertOwnShow(seller: AuthUser, show: ShowRow | undefined): ShowRow {
    if (!show) throw new AppError('T003', showMessages.notFound);
    if (show.sellerId !== seller.id) throw new AppError('S002', sellerConcertMessages.notOwner);
    return show;
  }

  /**
   * The show as the seller's screens group it. Its title, poster and venue are its open
   * performances' (a cancelled or completed one keeps what it had), else its last one's.
   */
  function toSellerShow(show: ShowRow, performances: SellerConcert[]): SellerShow {
    const first = performances[0];
    const last = performances.at(-1);
    if (!first || !last) throw new Error(`show ${show.id} has no performance`);
    const source = performances.filter(isOpen).at(-1) ?? last;
    return {
      showId: show.id,
      title: source.title,
      artist: source.artist,
      venueName: source.venueName,
      posterImageUrl: source.posterImageUrl,
      maxTicketsPerShow: show.maxTicketsPerShow,
      firstDate: first.concertDate,
      lastDate: last.concertDate,
      performances,
    };
  }

  /** Shows with their performances, sold seats and refund progress read once for all. */
  async function toSellerShows(shows: ShowRow[]): Promise<SellerShow[]> {
    const rows = await findPerformancesOfShows(
      db,
      shows.map((show) => show.id),
    );
    const performances = await sellerConcerts.toSellerConcerts(rows);
    const byShow = new Map<number, SellerConcert[]>();
    for (const performance of performances) {
      const list = byShow.get(performance.showId) ?? [];
      list.push(performance);
      byShow.set(performance.showId, list);
    }
    return shows.map((show) => toSellerShow(show, byShow.get(show.id) ?? []));
  }

  async function answerShow(show: ShowRow): Promise<SellerShow> {
    const [answer] = await toSellerShows([show]);
    if (!answer) throw new Error(`show ${show.id} vanished`);
    return answer;
  }

  /** `GET /seller/shows`: the seller's shows, newest first, each with every performance. */
  async function list(seller: AuthUser, query: SellerShowListQuery): Promise<Page<SellerShow>> {
    sellerConcerts.assertSellerId(seller, query.sellerId);
    const { rows, total } = await findSellerShowPage(db, {
      sellerId: seller.id,
      page: query.page,
      size: query.size,
    });
    return toPage(await toSellerShows(rows), total, query.page, query.size);
  }

  async function get(
    seller: AuthUser,
    sellerId: number | undefined,
    showId: number,
  ): Promise<SellerShow> {
    sellerConcerts.assertSellerId(seller, sellerId);
    return answerShow(assertOwnShow(seller, await findShow(db, showId)));
  }

  /**
   * Registers a show and all its performances in one transaction: each a concert with its own
   * date, times, booking window (its own or the show's), and seats made from the one seat source
   * (the quick plan, the seller's venue or an inline layout, checked once) at the show's prices
   * or its own.
   */
  async function create(
    seller: AuthUser,
    sellerId: number | undefined,
    body: ShowCreate,
  ): Promise<SellerShow> {
    sellerConcerts.assertSellerId(seller, sellerId);
    const now = clock.now();
    const layout = await sellerConcerts.layoutSourceOf(seller, body);
    const seatsEach = layout ? layoutPlaces(layout) : (body.totalSeats ?? 0);
    if (seatsEach * body.performances.length > showLimits.seatsPerRequestMax) {
      throw new AppError('C001', showMessages.tooManySeats, [
        { field: 'performances', message: showMessages.tooManySeats },
      ]);
    }
    // The show's prices are checked once; a performance's own go over them (the grades it names)
    // and are checked where they are, so their errors name the performance.
    const showLayout = layout && pricedLayoutOrThrow(layout, body.gradePrices, 'gradePrices');
    const seatsOf = (gradePrices: ShowCreate['gradePrices'], index: number): NewConcertSeats => ({
      seatLayout:
        showLayout && gradePrices
          ? pricedLayoutOrThrow(showLayout, gradePrices, `performances[${index}].gradePrices`)
          : showLayout,
      totalSeats: seatsEach,
      venueId: body.venueId ?? null,
    });
    const performances = body.performances.map((performance, index) => ({
      fields: {
        ...body,
        concertDate: performance.concertDate,
        startTime: performance.startTime,
        endTime: performance.endTime,
        // Both present: the schema refused a performance with neither its own nor the show's.
        bookingStartDate: performance.bookingStartDate ?? body.bookingStartDate ?? '',
        bookingEndDate: performance.bookingEndDate ?? body.bookingEndDate ?? '',
        // A performance's own null (the spec's 3) overrides the show's, so `??` would not do.
        cancelDeadlineDays:
          performance.cancelDeadlineDays === undefined
            ? body.cancelDeadlineDays
            : performance.cancelDeadlineDays,
      },
      seats: seatsOf(performance.gradePrices, index),
    }));

    const show = await db.transaction(async (tx) => {
      const { id: showId } = await insertShow(tx, {
        sellerId: seller.id,
        maxTicketsPerShow: body.maxTicketsPerShow,
        createdAt: now,
      });
      for (const performance of performances) {
        await createConcertWithSeats(
          tx,
          newConcertDraft({ sellerId: seller.id, showId, ...performance, now }),
        );
      }
      return findShow(tx, showId);
    });
    concerts.invalidateCatalog();
    if (!show) throw new Error('the new show vanished');
    return answerShow(show);
  }

  /**
   * The show's own row and every performance, locked for a change of the whole show (the show
   * first, as every change of several performances takes them).
   */
  async function lockOwnShow(
    tx: DbOrTx,
    seller: AuthUser,
    showId: number,
  ): Promise<{ show: ShowRow; performances: PerformanceRow[] }> {
    const show = assertOwnShow(seller, await lockShow(tx, showId));
    return { show, performances: await lockPerformancesOfShow(tx, showId) };
  }

  /**
   * `PUT /seller/shows/{id}`: the shared fields written to every open performance, the show's
   * own limit to the show, in one transaction. Cancelled and completed performances keep theirs.
   */
  async function update(
    seller: AuthUser,
    sellerId: number | undefined,
    showId: number,
    body: ShowUpdate,
  ): Promise<SellerShow> {
    sellerConcerts.assertSellerId(seller, sellerId);
    const now = clock.now();
    const show = await db.transaction(async (tx) => {
      const { show: current, performances } = await lockOwnShow(tx, seller, showId);
      const open = performances.filter(isOpen);
      if (open.length === 0) {
        const allCancelled = performances.every((p) => p.status === 'CANCELLED');
        throw new AppError(
          'S006',
          allCancelled
            ? sellerConcertMessages.cancelledNotEditable
            : sellerConcertMessages.completedNotEditable,
        );
      }
      const perShow = body.maxTicketsPerShow;
      if (perShow !== undefined && perShow !== null) {
        const perUser = Math.max(...open.map((p) => p.maxTicketsPerUser));
        if (perShow < perUser) {
          throw new AppError('C001', showMessages.maxTicketsPerShowBelowPerUser, [
            { field: 'maxTicketsPerShow', message: showMessages.maxTicketsPerShowBelowPerUser },
          ]);
        }
      }
      // Every key present is written, changed or not: open performances that drifted apart
      // (none should) agree again. The cut-off too, though a performance may have its own
      // (PUT /seller/concerts/{id}): a show's PUT sets it for the whole run.
      const changes = {
        ...sharedFieldsOf(body),
        ...(body.cancelDeadlineDays !== undefined && {
          cancelDeadlineDays: body.cancelDeadlineDays,
        }),
      };
      if (Object.keys(changes).length > 0) {
        await updateOpenPerformances(tx, { showId, changes, updatedAt: now });
      }
      const showChanges = perShow === undefined ? {} : { maxTicketsPerShow: perShow };
      await updateShow(tx, showId, { ...showChanges, updatedAt: now });
      return { ...current, ...showChanges, updatedAt: now };
    });
    concerts.invalidateCatalog();
    return answerShow(show);
  }

  /**
   * `POST /seller/shows/{id}/performances`: one more performance with the show's shared fields
   * (from an open performance, else the last) and the seats of its last performance by date
   * and time: that one's layout copy with its prices, or the quick plan of its seat count.
   */
  async function addPerformance(
    seller: AuthUser,
    sellerId: number | undefined,
    showId: number,
    body: PerformanceAdd,
  ): Promise<SellerConcert> {
    sellerConcerts.assertSellerId(seller, sellerId);
    const now = clock.now();
    const row = await db.transaction(async (tx) => {
      const { performances } = await lockOwnShow(tx, seller, showId);
      const last = performances.at(-1);
      if (!last) throw new Error(`show ${showId} has no performance`);
      const source = performances.filter(isOpen).at(-1) ?? last;
      const startsAt = (p: { concertDate: string; startTime: string }) =>
        `${p.concertDate} ${p.startTime.slice(0, 5)}`;
      if (performances.some((p) => p.status !== 'CANCELLED' && startsAt(p) === startsAt(body))) {
        throw new AppError('C001', showMessages.performanceDuplicate, [
          { field: 'startTime', message: showMessages.performanceDuplicate },
        ]);
      }
      const copied = (await findPerformanceLayout(tx, last.id)) as VenueLayout | null;
      if (!copied && body.gradePrices) {
        throw new AppError('C001', sellerConcertMessages.gradePricesWithoutLayout, [
          { field: 'gradePrices', message: sellerConcertMessages.gradePricesWithoutLayout },
        ]);
      }
      const seatLayout = copied && pricedLayoutOrThrow(copied, body.gradePrices, 'gradePrices');
      const created = await createConcertWithSeats(
        tx,
        newConcertDraft({
          sellerId: seller.id,
          showId,
          fields: {
            ...source,
            ...body,
            cancelDeadlineDays:
              body.cancelDeadlineDays === undefined
                ? source.cancelDeadlineDays
                : body.cancelDeadlineDays,
          },
          seats: {
            seatLayout,
            totalSeats: seatLayout ? layoutPlaces(seatLayout) : last.totalSeats,
            venueId: last.venueId,
          },
          now,
        }),
      );
      // The summary of the show's reviews is the new performance's as well (a draft has none).
      if (source.aiSummary === null) return created;
      const summary = {
        aiSummary: source.aiSummary,
        aiSummaryReviewCount: source.aiSummaryReviewCount,
        aiSummaryChecksum: source.aiSummaryChecksum,
        aiSummaryGeneratedAt: source.aiSummaryGeneratedAt,
      };
      await setAiSummary(tx, created.id, summary);
      return { ...created, ...summary };
    });
    concerts.invalidateCatalog();
    const [answer] = await sellerConcerts.toSellerConcerts([row]);
    if (!answer) throw new Error('the new performance vanished');
    return answer;
  }

  /**
   * `POST /seller/shows/{id}/cancel`: every performance not yet cancelled or completed, each by
   * the concert cancel's own rules in one transaction (unpaid bookings and holds end at once),
   * then each one's waiting room closes and the refund job refunds its paid bookings. 409 S006
   * when none is left to cancel.
   */
  async function cancel(
    seller: AuthUser,
    sellerId: number | undefined,
    showId: number,
  ): Promise<SellerShow> {
    sellerConcerts.assertSellerId(seller, sellerId);
    const now = clock.now();
    const { show, freed } = await db.transaction(async (tx) => {
      const locked = await lockOwnShow(tx, seller, showId);
      const open = locked.performances.filter(isOpen);
      if (open.length === 0) throw new AppError('S006', showMessages.nothingToCancel);
      const freedSeats: Array<{ concertId: number; seats: number[] }> = [];
      for (const performance of open) {
        freedSeats.push({
          concertId: performance.id,
          seats: await sellerConcerts.cancelInTransaction(tx, performance, now),
        });
      }
      return { show: locked.show, freed: freedSeats };
    });
    for (const { concertId, seats } of freed) await sellerConcerts.afterCancel(concertId, seats);
    return answerShow(show);
  }

  return { today: sellerConcerts.today, list, get, create, update, addPerformance, cancel };
}

export type ShowsService = ReturnType<typeof createShowsService>;
