import {
  concertMessages,
  sellerConcertMessages,
  type ConcertGradeAvailability,
  type GradePrice,
  type SellerSeat,
  type VenueLayout,
} from '@curtaincall/contracts';
import type { Database, DbOrTx } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { Clock } from '../../lib/clock';
import type { AuthUser } from '../auth/auth.policy';
import type { BookingsService } from '../bookings/bookings.service';
import type { ConcertsService } from '../concerts/concerts.service';
import {
  adjustTotalSeats,
  countConcertSeats,
  findConcertLayout,
  findConcertSeller,
  findGradeAvailability,
  findSellerSeats,
  killUnsoldSeats,
  releaseHeldSeats,
  saveConcertLayout,
  updateGradePrices,
  type ChangedSeat,
} from './concert-seats.repo';

export const concertSeatMessages = {
  noLayout: '좌석 배치도로 만든 콘서트가 아닙니다. (총 좌석 수로 만든 기본 배치)',
  released: (count: number) => `홀드석 ${count.toLocaleString('ko-KR')}석을 판매로 전환했습니다.`,
  killed: (count: number) => `${count.toLocaleString('ko-KR')}석을 판매 중지했습니다.`,
  pricesChanged: '등급 가격을 변경했습니다. 이미 예매된 좌석은 결제한 금액 그대로입니다.',
  notKillable:
    '선점 중이거나 결제 중, 예매된 좌석은 판매 중지할 수 없습니다. 비어 있는 좌석과 홀드석만 판매 중지할 수 있습니다.',
  unknownSeat: '이 콘서트의 좌석이 아닌 좌석 ID가 있습니다.',
  closed: '취소되었거나 종료된 콘서트의 좌석은 바꿀 수 없습니다.',
  unknownGrade: '이 콘서트에 없는 등급 코드입니다.',
} as const;

/** The seats of the copy as `section|row|number`, for marking changes in the drawn layout. */
const seatKey = (section: string, row: number, number: number) => `${section}|${row}|${number}`;

/**
 * The concert's copy of its layout with some seats' HELD tag removed (released) or replaced by
 * KILLED, so buyers' drawings and the seller's export agree with the seats' state.
 */
function markSeats(
  layout: VenueLayout,
  changed: readonly ChangedSeat[],
  mark: 'released' | 'killed',
): VenueLayout {
  const keys = new Set(changed.map((s) => seatKey(s.section, s.rowNumber, s.seatNumber)));
  return {
    ...layout,
    sections: layout.sections.map((section) =>
      section.kind === 'STANDING'
        ? section
        : {
            ...section,
            rows: section.rows.map((row) => ({
              ...row,
              seats: row.seats.map((seat) => {
                if (!keys.has(seatKey(section.name, row.row, seat.number))) return seat;
                const kept = (seat.tags ?? []).filter((tag) => tag !== 'HELD');
                const tags = mark === 'killed' ? [...kept, 'KILLED' as const] : kept;
                const { tags: _old, ...rest } = seat;
                return tags.length > 0 ? { ...rest, tags } : rest;
              }),
            })),
          },
    ),
  };
}

/**
 * A drawn concert's seats after creation (issue 25, point 6): public per-grade counts and the
 * drawing; for its seller, releasing promoter holds (on sale at once, polls woken, the 취소표
 * alert sent), killing unsold seats and changing prices. Nothing here can touch a seat someone
 * holds, is paying for or bought.
 */
export function createConcertSeatsService(deps: {
  db: Database;
  clock: Clock;
  concerts: ConcertsService;
  bookings: BookingsService;
}) {
  const { db, clock, concerts, bookings } = deps;

  async function layoutOf(concertId: number): Promise<VenueLayout | null> {
    const row = await findConcertLayout(db, concertId);
    if (!row) throw new AppError('T003', concertMessages.notFound);
    return (row.seatLayout as VenueLayout | null) ?? null;
  }

  async function grades(concertId: number): Promise<ConcertGradeAvailability[]> {
    const rows = await findGradeAvailability(db, concertId, clock.now());
    if (rows.length === 0) await concerts.assertConcertExists(concertId);
    return rows;
  }

  /** The seller's own open concert made from a layout, locked for the change. */
  async function ownDrawnConcert(
    tx: DbOrTx,
    seller: AuthUser,
    concertId: number,
  ): Promise<VenueLayout> {
    const row = await findConcertLayout(tx, concertId, { lock: true });
    if (!row) throw new AppError('T003', concertMessages.notFound);
    if (row.sellerId !== seller.id) throw new AppError('S002', sellerConcertMessages.notOwner);
    if (row.status === 'CANCELLED' || row.status === 'COMPLETED') {
      throw new AppError('S006', concertSeatMessages.closed);
    }
    if (!row.seatLayout) throw new AppError('S006', concertSeatMessages.noLayout);
    return row.seatLayout as VenueLayout;
  }

  async function release(
    seller: AuthUser,
    concertId: number,
    body: { seatIds: number[]; all: boolean },
  ): Promise<{ count: number; message: string }> {
    const now = clock.now();
    const changed = await db.transaction(async (tx) => {
      const layout = await ownDrawnConcert(tx, seller, concertId);
      const seats = await releaseHeldSeats(tx, concertId, body.all ? 'all' : body.seatIds, now);
      if (seats.length > 0) {
        await saveConcertLayout(tx, concertId, markSeats(layout, seats, 'released'), now);
      }
      return seats;
    });
    if (changed.length > 0) {
      await bookings.announceFreedSeats(
        concertId,
        changed.map((seat) => seat.id),
      );
      concerts.invalidateCatalog();
    }
    return { count: changed.length, message: concertSeatMessages.released(changed.length) };
  }

  /** All or nothing: one seat someone holds or bought refuses the whole request. */
  async function kill(
    seller: AuthUser,
    concertId: number,
    seatIds: number[],
  ): Promise<{ count: number; message: string }> {
    const unique = [...new Set(seatIds)];
    const now = clock.now();
    const changed = await db.transaction(async (tx) => {
      const layout = await ownDrawnConcert(tx, seller, concertId);
      if ((await countConcertSeats(tx, concertId, unique)) !== unique.length) {
        throw new AppError('C001', concertSeatMessages.unknownSeat, [
          { field: 'seatIds', message: concertSeatMessages.unknownSeat },
        ]);
      }
      const seats = await killUnsoldSeats(tx, concertId, unique, now);
      if (seats.length !== unique.length) {
        throw new AppError('S006', concertSeatMessages.notKillable);
      }
      await saveConcertLayout(tx, concertId, markSeats(layout, seats, 'killed'), now);
      await adjustTotalSeats(tx, concertId, -seats.length);
      return seats;
    });
    await bookings.publishSeats(
      concertId,
      changed.map((seat) => seat.id),
    );
    concerts.invalidateCatalog();
    return { count: changed.length, message: concertSeatMessages.killed(changed.length) };
  }

  /**
   * New grade prices: they apply to places not yet sold; a booking keeps what was paid (its
   * amount and tickets are recorded), so no buyer is charged or refunded differently.
   */
  async function setPrices(
    seller: AuthUser,
    concertId: number,
    prices: GradePrice[],
  ): Promise<{ message: string }> {
    const now = clock.now();
    await db.transaction(async (tx) => {
      const layout = await ownDrawnConcert(tx, seller, concertId);
      const codes = new Set(layout.grades.map((grade) => grade.code));
      const errors = prices.flatMap((price, index) =>
        codes.has(price.code)
          ? []
          : [{ field: `prices[${index}].code`, message: concertSeatMessages.unknownGrade }],
      );
      if (errors.length > 0) throw new AppError('C001', errors[0]?.message, errors);
      await updateGradePrices(tx, concertId, prices);
      const priceOf = new Map(prices.map((price) => [price.code, price.price]));
      await saveConcertLayout(
        tx,
        concertId,
        {
          ...layout,
          grades: layout.grades.map((grade) => ({
            ...grade,
            price: priceOf.get(grade.code) ?? grade.price,
          })),
        },
        now,
      );
    });
    concerts.invalidateCatalog();
    return { message: concertSeatMessages.pricesChanged };
  }

  /** Every seat with its id and state, for the concert's own seller. */
  async function sellerSeats(seller: AuthUser, concertId: number): Promise<SellerSeat[]> {
    const row = await findConcertSeller(db, concertId);
    if (!row) throw new AppError('T003', concertMessages.notFound);
    if (row.sellerId !== seller.id) throw new AppError('S002', sellerConcertMessages.notOwner);
    const seats = await findSellerSeats(db, concertId);
    return seats.map((seat) => ({
      ...seat,
      status: seat.status as SellerSeat['status'],
      block: seat.block as SellerSeat['block'],
    }));
  }

  return { layoutOf, grades, release, kill, setPrices, sellerSeats };
}

export type ConcertSeatsService = ReturnType<typeof createConcertSeatsService>;
