import {
  concertMessages,
  sellerConcertMessages,
  ticketTypeKindLabels,
  ticketTypeLimits,
  ticketTypeMessages,
  type DiscountKind,
  type FieldError,
  type ParsedTicketTypeWrite,
  type PaymentSettings,
  type SellerTicketType,
  type TicketType,
  type TicketTypeKind,
} from '@curtaincall/contracts';
import type { Database, DbOrTx } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { Clock } from '../../lib/clock';
import { fromSeoulDateTime, toSeoulDateTime } from '../../lib/seoul-time';
import type { AuthUser } from '../auth/auth.policy';
import { isEarlyBirdOver, remainingOf } from './ticket-types.policy';
import {
  findActiveNames,
  findActiveTicketTypes,
  findGradeKeys,
  findTicketTypeConcert,
  insertTicketType,
  lockActiveTicketType,
  nextSortOrder,
  updateTicketType,
  type NewTicketTypeRow,
  type TicketTypeConcert,
  type TicketTypeRow,
} from './ticket-types.repo';

function toTicketType(row: TicketTypeRow): TicketType {
  return {
    id: row.id,
    kind: row.kind as TicketTypeKind,
    name: row.name,
    discountKind: row.discountKind as DiscountKind,
    discountValue: row.discountValue,
    gradeKeys: row.gradeKeys,
    remaining: remainingOf(row),
    proofRequired: row.proofRequired,
    companionAllowed: row.companionAllowed,
    earlyUntil: row.earlyUntil === null ? null : toSeoulDateTime(row.earlyUntil),
  };
}

function toSellerTicketType(row: TicketTypeRow): SellerTicketType {
  return { ...toTicketType(row), quota: row.quota, used: row.usedCount };
}

/**
 * 권종 (issue 27, point 2): the discounted ticket types a seller offers per performance, and the
 * list buyers choose from. A type is removed by `active = false`, so tickets sold with it keep
 * the name and discount written on their own rows; a change applies to later bookings only, for
 * the same reason. The booking transaction takes and gives back quota (ticket-types.pricing.ts).
 */
export function createTicketTypesService(deps: {
  db: Database;
  clock: Clock;
  /** The payments service: the platform's booking fee per seat today. */
  payments: { getSettings(): Promise<PaymentSettings> };
}) {
  const { db, clock, payments } = deps;

  /** The concert, checked: 404 T003 when unknown, 403 S002 when another seller's. */
  async function ownConcert(
    tx: DbOrTx,
    seller: AuthUser,
    concertId: number,
    options: { lock?: boolean } = {},
  ): Promise<TicketTypeConcert> {
    const concert = await findTicketTypeConcert(tx, concertId, options);
    if (!concert) throw new AppError('T003', concertMessages.notFound);
    if (concert.sellerId !== seller.id) {
      throw new AppError('S002', sellerConcertMessages.notOwner);
    }
    return concert;
  }

  /** A cancelled or completed show's types are a record of what was sold: 409 S006. */
  async function changeableConcert(tx: DbOrTx, seller: AuthUser, concertId: number): Promise<void> {
    const concert = await ownConcert(tx, seller, concertId, { lock: true });
    if (concert.status === 'CANCELLED') {
      throw new AppError('S006', ticketTypeMessages.concertCancelled);
    }
    if (concert.status === 'COMPLETED') {
      throw new AppError('S006', ticketTypeMessages.concertCompleted);
    }
  }

  /**
   * The columns a write sets, after the rules a schema cannot judge alone: the grades must be
   * this concert's, no two types on offer under one name (a buyer, a ticket and a receipt tell
   * them apart by it; two of a kind are fine, say 1차 and 2차 조기예매), a quota no lower than what
   * is already taken, and a new 조기예매 end still ahead. Every problem is reported at once, next
   * to its field.
   */
  async function checkedColumns(
    tx: DbOrTx,
    concertId: number,
    body: ParsedTicketTypeWrite,
    current: TicketTypeRow | null,
  ): Promise<Omit<NewTicketTypeRow, 'concertId'>> {
    const errors: FieldError[] = [];
    const concertGradeKeys = await findGradeKeys(tx, concertId);
    body.gradeKeys.forEach((key, index) => {
      if (!concertGradeKeys.has(key)) {
        errors.push({ field: `gradeKeys[${index}]`, message: ticketTypeMessages.unknownGrade });
      }
    });
    const name = body.name || ticketTypeKindLabels[body.kind];
    if ((await findActiveNames(tx, concertId, current?.id)).includes(name)) {
      errors.push({ field: 'name', message: ticketTypeMessages.duplicateName });
    }
    if (current && body.quota !== null && body.quota < current.usedCount) {
      errors.push({
        field: 'quota',
        message: ticketTypeMessages.quotaBelowUsed(current.usedCount),
      });
    }
    const earlyUntil = body.earlyUntil === null ? null : fromSeoulDateTime(body.earlyUntil);
    const earlyUntilChanged = earlyUntil?.getTime() !== current?.earlyUntil?.getTime();
    if (earlyUntil && earlyUntilChanged && earlyUntil <= clock.now()) {
      errors.push({ field: 'earlyUntil', message: ticketTypeMessages.earlyUntilPast });
    }
    if (errors.length > 0) throw new AppError('C001', errors[0]?.message, errors);
    return {
      kind: body.kind,
      name,
      discountKind: body.discountKind,
      discountValue: body.discountValue,
      gradeKeys: [...new Set(body.gradeKeys)],
      quota: body.quota,
      proofRequired: body.proofRequired,
      companionAllowed: body.companionAllowed,
      earlyUntil,
    };
  }

  /** `GET /seller/concerts/{id}/ticket-types`: the types on offer with their quota and uses. */
  async function listForSeller(seller: AuthUser, concertId: number): Promise<SellerTicketType[]> {
    await ownConcert(db, seller, concertId);
    return (await findActiveTicketTypes(db, concertId)).map(toSellerTicketType);
  }

  /** `POST`: a new type, at most `ticketTypeLimits.perConcert` on offer at once (409 S006). */
  async function create(
    seller: AuthUser,
    concertId: number,
    body: ParsedTicketTypeWrite,
  ): Promise<SellerTicketType> {
    const now = clock.now();
    const row = await db.transaction(async (tx) => {
      // The concert's lock makes the count and the name check hold for this insert.
      await changeableConcert(tx, seller, concertId);
      if ((await findActiveNames(tx, concertId)).length >= ticketTypeLimits.perConcert) {
        throw new AppError('S006', ticketTypeMessages.tooMany);
      }
      const columns = await checkedColumns(tx, concertId, body, null);
      return insertTicketType(tx, {
        ...columns,
        concertId,
        sortOrder: await nextSortOrder(tx, concertId),
        createdAt: now,
        updatedAt: now,
      });
    });
    return toSellerTicketType(row);
  }

  /**
   * `PUT /{typeId}`: the whole type anew. Its uses stay (the quota may not go under them); a new
   * discount prices later bookings only, since each ticket keeps its own price lines.
   */
  async function update(
    seller: AuthUser,
    concertId: number,
    typeId: number,
    body: ParsedTicketTypeWrite,
  ): Promise<SellerTicketType> {
    const now = clock.now();
    const row = await db.transaction(async (tx) => {
      await changeableConcert(tx, seller, concertId);
      // Locked: a booking taking this type's quota waits, so the quota check sees its count.
      const current = await lockActiveTicketType(tx, concertId, typeId);
      if (!current) throw new AppError('C002', ticketTypeMessages.notFound);
      const columns = await checkedColumns(tx, concertId, body, current);
      return updateTicketType(tx, typeId, { ...columns, updatedAt: now });
    });
    return toSellerTicketType(row);
  }

  /**
   * `DELETE /{typeId}`: no longer offered. The row stays (inactive): tickets sold with it name
   * it, and a booking of it that ends unpaid still gives its use back.
   */
  async function remove(seller: AuthUser, concertId: number, typeId: number): Promise<void> {
    const now = clock.now();
    await db.transaction(async (tx) => {
      await changeableConcert(tx, seller, concertId);
      const current = await lockActiveTicketType(tx, concertId, typeId);
      if (!current) throw new AppError('C002', ticketTypeMessages.notFound);
      await updateTicketType(tx, typeId, { active: false, updatedAt: now });
    });
  }

  /**
   * `GET /concerts/{id}/ticket-types` (everyone): the types a booking may take now, with what is
   * left of each quota, and today's booking fee so a seat panel can price before booking. A
   * 조기예매 whose end has passed is left out: a booking would be refused it.
   */
  async function listForBuyers(
    concertId: number,
  ): Promise<{ bookingFeePerSeat: number; ticketTypes: TicketType[] }> {
    if (!(await findTicketTypeConcert(db, concertId))) {
      throw new AppError('T003', concertMessages.notFound);
    }
    const now = clock.now();
    const [rows, settings] = await Promise.all([
      findActiveTicketTypes(db, concertId),
      payments.getSettings(),
    ]);
    return {
      bookingFeePerSeat: settings.bookingFeePerSeat,
      ticketTypes: rows.filter((row) => !isEarlyBirdOver(row, now)).map(toTicketType),
    };
  }

  return { listForSeller, create, update, remove, listForBuyers };
}

export type TicketTypesService = ReturnType<typeof createTicketTypesService>;
