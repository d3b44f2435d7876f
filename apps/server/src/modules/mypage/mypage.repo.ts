import { and, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bookings, concerts, payments, tickets, users } from '../../db/schema/index';
import type { PaymentMethodColumns } from '../payments/payment-details';

export interface ProfileRow {
  id: number;
  email: string;
  username: string;
  name: string;
  nickname: string;
  phone: string;
  address: string;
  profileImageKey: string | null;
}

const profileColumns = {
  id: users.id,
  email: users.email,
  username: users.username,
  name: users.name,
  nickname: users.nickname,
  phone: users.phone,
  address: users.address,
  profileImageKey: users.profileImageKey,
};

export async function findProfileRow(db: DbOrTx, userId: number): Promise<ProfileRow | undefined> {
  const [row] = await db.select(profileColumns).from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

/** Whether a user other than `exceptUserId` holds the nickname. */
export async function isNicknameTakenByOther(
  db: DbOrTx,
  nickname: string,
  exceptUserId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.nickname, nickname), ne(users.id, exceptUserId)))
    .limit(1);
  return row !== undefined;
}

/** The user's current picture key, row-locked so two saves cannot both think they replaced it. */
export async function lockProfileImageKey(db: DbOrTx, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ key: users.profileImageKey })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row?.key ?? null;
}

export async function updateProfileRow(
  db: DbOrTx,
  userId: number,
  values: {
    name: string;
    nickname: string;
    phone: string;
    address: string;
    /** Left unchanged when undefined. */
    profileImageKey?: string;
    updatedAt: Date;
  },
): Promise<ProfileRow | undefined> {
  const [row] = await db
    .update(users)
    .set(values)
    .where(eq(users.id, userId))
    .returning(profileColumns);
  return row;
}

export async function findPasswordHash(
  db: DbOrTx,
  userId: number,
): Promise<{ passwordHash: string | null } | undefined> {
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export async function updatePasswordHash(
  db: DbOrTx,
  userId: number,
  values: { passwordHash: string; updatedAt: Date },
): Promise<void> {
  await db.update(users).set(values).where(eq(users.id, userId));
}

export interface UserBookingRow {
  bookingId: number;
  bookingNumber: string;
  status: string;
  totalAmount: number;
  bookedAt: Date;
  concertTitle: string;
  artistName: string;
  concertDate: string;
  startTime: string;
  endTime: string;
  venueName: string;
  venueAddress: string | null;
  posterImageUrl: string | null;
  /** Performances of the concert's show, whatever their status (issue 26). */
  showPerformances: number;
  /** Issue 27: the promo code the booking used, and the concert's cancel cut-off (null: 3). */
  promoCode: string | null;
  cancelDeadlineDays: number | null;
  /** Issue 28: the seller marked the performance 문화비 소득공제 대상. */
  cultureExpense: boolean;
}

const bookingColumns = {
  bookingId: bookings.id,
  bookingNumber: bookings.bookingNumber,
  status: bookings.status,
  totalAmount: bookings.totalAmount,
  bookedAt: bookings.bookedAt,
  concertTitle: concerts.title,
  artistName: concerts.artist,
  concertDate: concerts.concertDate,
  startTime: concerts.startTime,
  endTime: concerts.endTime,
  venueName: concerts.venueName,
  venueAddress: concerts.venueAddress,
  posterImageUrl: concerts.posterImageUrl,
  showPerformances: sql<number>`(select count(*)::int from concerts sc
                                  where sc.show_id = "concerts"."show_id")`.mapWith(Number),
  promoCode: bookings.promoCode,
  cancelDeadlineDays: concerts.cancelDeadlineDays,
  cultureExpense: concerts.cultureExpense,
};

/** A user's bookings with their concerts, newest first. */
export async function findUserBookings(db: DbOrTx, userId: number): Promise<UserBookingRow[]> {
  return db
    .select(bookingColumns)
    .from(bookings)
    .innerJoin(concerts, eq(concerts.id, bookings.concertId))
    .where(eq(bookings.userId, userId))
    .orderBy(desc(bookings.bookedAt), desc(bookings.id));
}

/** One booking of a user by its number; another user's booking is not found. */
export async function findUserBookingByNumber(
  db: DbOrTx,
  options: { userId: number; bookingNumber: string },
): Promise<UserBookingRow | undefined> {
  const [row] = await db
    .select(bookingColumns)
    .from(bookings)
    .innerJoin(concerts, eq(concerts.id, bookings.concertId))
    .where(
      and(eq(bookings.bookingNumber, options.bookingNumber), eq(bookings.userId, options.userId)),
    )
    .limit(1);
  return row;
}

/** The latest payment with the columns that say how it was paid (issue 28: describePayment). */
export interface LatestPaymentRow extends PaymentMethodColumns {
  bookingId: number;
  /** Set once the provider took the payment: until then the spec shows no method. */
  approvedAt: Date | null;
}

/** The newest payment (highest id) of each booking; bookings without one are absent. */
export async function findLatestPayments(
  db: DbOrTx,
  bookingIds: readonly number[],
): Promise<LatestPaymentRow[]> {
  if (bookingIds.length === 0) return [];
  return db
    .selectDistinctOn([payments.bookingId], {
      bookingId: payments.bookingId,
      provider: payments.provider,
      method: payments.method,
      approvedAt: payments.approvedAt,
      amount: payments.amount,
      status: payments.status,
      cardCompany: payments.cardCompany,
      installmentMonths: payments.installmentMonths,
      easyPayProvider: payments.easyPayProvider,
      cashAmount: payments.cashAmount,
      virtualAccountBank: payments.virtualAccountBank,
      virtualAccountNumber: payments.virtualAccountNumber,
      virtualAccountHolder: payments.virtualAccountHolder,
      virtualAccountDueAt: payments.virtualAccountDueAt,
      cashReceiptType: payments.cashReceiptType,
      cashReceiptNumberMasked: payments.cashReceiptNumberMasked,
      cashReceiptIssueNumber: payments.cashReceiptIssueNumber,
    })
    .from(payments)
    .where(inArray(payments.bookingId, [...bookingIds]))
    .orderBy(payments.bookingId, desc(payments.id));
}

/**
 * Each booking's seats as `section-row-number`, in ticket order: those still held (a seat
 * cancelled on its own leaves its booking's list), every one of a cancelled booking's.
 */
export async function findTicketSeats(
  db: DbOrTx,
  bookingIds: readonly number[],
): Promise<Array<{ bookingId: number; seatInfo: string }>> {
  if (bookingIds.length === 0) return [];
  return db
    .select({ bookingId: tickets.bookingId, seatInfo: tickets.seatInfo })
    .from(tickets)
    .innerJoin(bookings, eq(bookings.id, tickets.bookingId))
    .where(
      and(
        inArray(tickets.bookingId, [...bookingIds]),
        or(eq(tickets.status, 'ACTIVE'), eq(bookings.status, 'CANCELED')),
      ),
    )
    .orderBy(tickets.bookingId, tickets.id);
}
