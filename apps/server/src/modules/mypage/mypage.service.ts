import {
  accountMessages,
  bookingStatusSchema,
  formatSeatLabel,
  mypageMessages,
  paymentMethodSchema,
  paymentStatusSchema,
  profileUpdateBodySchema,
  type BookingDetail,
  type BookingSummary,
  type ChangePasswordBody,
  type FieldError,
  type Profile,
} from '@curtaincall/contracts';
import type { SessionStorePort } from '../../adapters/session-store/session-store';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { Clock } from '../../lib/clock';
import { uniqueViolationConstraint } from '../../lib/db-errors';
import type { UploadedPart } from '../../lib/multipart';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { toSeoulDateTime } from '../../lib/seoul-time';
import type { SessionUser } from '../auth/auth.policy';
import type { FilesService, StoredFile } from '../files/files.service';
import { readBookingMoney } from '../payments/booking-money';
import { describePayment, virtualAccountOf } from '../payments/payment-details';
import { isClosedUnpaidAttempt, isOwnUserId } from './mypage.policy';
import {
  findLatestPayments,
  findPasswordHash,
  findProfileRow,
  findTicketSeats,
  findUserBookingByNumber,
  findUserBookings,
  isNicknameTakenByOther,
  updatePasswordHash,
  lockProfileImageKey,
  updateProfileRow,
  type LatestPaymentRow,
  type ProfileRow,
  type UserBookingRow,
} from './mypage.repo';

export interface MypageServiceDeps {
  db: Database;
  files: FilesService;
  /** Ends the user's other sessions after a password change. */
  sessions: Pick<SessionStorePort, 'destroyAllForUser'>;
  clock: Clock;
  /** Origin that root-relative poster paths (`/uploads/...`) are answered under. */
  publicBaseUrl: string;
}

/** `HH:mm[:ss]` -> `HH:mm:ss` (the client splits times on ':'). */
function toWireTime(value: string): string {
  return value.length === 5 ? `${value}:00` : value.slice(0, 8);
}

/** My page (api-contract.md §9): the caller's profile, password and bookings. */
export function createMypageService(deps: MypageServiceDeps) {
  const { db, files, sessions, clock, publicBaseUrl } = deps;

  function toProfile(row: ProfileRow): Profile {
    return {
      id: row.id,
      email: row.email,
      username: row.username,
      name: row.name,
      nickname: row.nickname,
      phone: row.phone,
      address: row.address,
      profileImage: row.profileImageKey ? files.publicUrl(row.profileImageKey) : null,
    };
  }

  /** Our own posters are stored as root-relative paths and answered as absolute URLs. */
  function absoluteUrl(url: string | null): string | null {
    if (!url) return null;
    return url.startsWith('/') ? `${publicBaseUrl}${url}` : url;
  }

  function assertOwnUserId(user: SessionUser, requestedUserId: number | undefined): void {
    if (!isOwnUserId(user, requestedUserId)) throw new AppError('A003');
  }

  /** The caller's profile; every string non-null. */
  async function getProfile(options: { user: SessionUser }): Promise<Profile> {
    const row = await findProfileRow(db, options.user.id);
    if (!row) throw new AppError('A007');
    return toProfile(row);
  }

  /**
   * Updates name, nickname, phone and address with the registration rules, and the profile image
   * when one is sent (re-encoded like registration's); e-mail and username never change.
   */
  async function updateProfile(options: {
    user: SessionUser;
    fields: Record<string, string>;
    profileImage: UploadedPart | undefined;
  }): Promise<Profile> {
    const { user } = options;
    const parsed = profileUpdateBodySchema.safeParse(options.fields);
    if (!parsed.success) {
      const fieldErrors: FieldError[] = parsed.error.issues.map((issue) => ({
        field: issue.path.join('.') || 'body',
        message: issue.message,
      }));
      throw new AppError('C001', fieldErrors[0]?.message, fieldErrors);
    }
    const body = parsed.data;
    if (await isNicknameTakenByOther(db, body.nickname, user.id)) {
      throw new AppError('A008', accountMessages.duplicateNickname);
    }

    const stored: StoredFile | null = options.profileImage
      ? await files.storeProfileImage(options.profileImage)
      : null;
    try {
      let replacedKey: string | null = null;
      const row = await db.transaction(async (tx) => {
        if (stored) replacedKey = await lockProfileImageKey(tx, user.id);
        const updated = await updateProfileRow(tx, user.id, {
          name: body.name,
          nickname: body.nickname,
          phone: body.phone,
          address: body.address,
          ...(stored ? { profileImageKey: stored.storageKey } : {}),
          updatedAt: clock.now(),
        });
        if (!updated) throw new AppError('A007');
        if (stored) await files.recordFile(tx, stored, user.id);
        return updated;
      });
      if (replacedKey) await files.deleteReplacedFile(db, replacedKey);
      return toProfile(row);
    } catch (error) {
      if (stored) await files.discardFile(stored);
      // A race with another account taking the same nickname between the check and the update.
      if (uniqueViolationConstraint(error)?.includes('nickname')) {
        throw new AppError('A008', accountMessages.duplicateNickname);
      }
      throw error;
    }
  }

  /**
   * Checks the current password, stores the new one (argon2id, as registration) and ends every
   * session of the user. The caller re-establishes its own session afterwards.
   */
  async function changePassword(options: {
    user: SessionUser;
    body: ChangePasswordBody;
  }): Promise<void> {
    const { user, body } = options;
    assertOwnUserId(user, body.userId);
    const row = await findPasswordHash(db, user.id);
    if (!row) throw new AppError('A007');
    if (!row.passwordHash) throw new AppError('C001', mypageMessages.socialAccountPassword);
    if (!(await verifyPassword(row.passwordHash, body.currentPassword))) {
      throw new AppError('C001', mypageMessages.wrongCurrentPassword, [
        { field: 'currentPassword', message: mypageMessages.wrongCurrentPassword },
      ]);
    }
    const passwordHash = await hashPassword(body.newPassword);
    await updatePasswordHash(db, user.id, { passwordHash, updatedAt: clock.now() });
    await sessions.destroyAllForUser(user.id);
  }

  async function loadBookingParts(bookingIds: number[]): Promise<{
    latestPayment: Map<number, LatestPaymentRow>;
    seatLabels: Map<number, string[]>;
  }> {
    const [paymentRows, seatRows] = await Promise.all([
      findLatestPayments(db, bookingIds),
      findTicketSeats(db, bookingIds),
    ]);
    const latestPayment = new Map(paymentRows.map((row) => [row.bookingId, row]));
    const seatLabels = new Map<number, string[]>();
    for (const seat of seatRows) {
      const labels = seatLabels.get(seat.bookingId) ?? [];
      labels.push(formatSeatLabel(seat.seatInfo));
      seatLabels.set(seat.bookingId, labels);
    }
    return { latestPayment, seatLabels };
  }

  function toSummary(row: UserBookingRow, seatList: string[]): BookingSummary {
    return {
      bookingId: row.bookingId,
      bookingNumber: row.bookingNumber,
      concertTitle: row.concertTitle,
      concertDate: row.concertDate,
      ...(row.showPerformances > 1 && { startTime: toWireTime(row.startTime) }),
      venueName: row.venueName,
      venueAddress: row.venueAddress ?? '',
      bookingStatus: bookingStatusSchema.parse(row.status),
      totalAmount: row.totalAmount,
      posterImageUrl: absoluteUrl(row.posterImageUrl),
      seatList,
    };
  }

  /** The caller's bookings, newest first, without the closed attempts that were never paid. */
  async function listBookings(options: {
    user: SessionUser;
    userId?: number | undefined;
  }): Promise<BookingSummary[]> {
    assertOwnUserId(options.user, options.userId);
    const rows = await findUserBookings(db, options.user.id);
    const { latestPayment, seatLabels } = await loadBookingParts(rows.map((r) => r.bookingId));
    return rows
      .filter(
        (row) =>
          !isClosedUnpaidAttempt(row.status, latestPayment.get(row.bookingId)?.status ?? null),
      )
      .map((row) => {
        const summary = toSummary(row, seatLabels.get(row.bookingId) ?? []);
        // Issue 28: an order awaiting its deposit names the account to pay into.
        const payment = latestPayment.get(row.bookingId);
        const account =
          payment?.status === 'WAITING_FOR_DEPOSIT'
            ? virtualAccountOf(payment, publicBaseUrl)
            : null;
        return account ? { ...summary, virtualAccount: account } : summary;
      });
  }

  /**
   * One of the caller's bookings with its latest payment, its money (issue 27) and how it is
   * paid (issue 28); anyone else's is 404 B008.
   */
  async function getBookingDetail(options: {
    user: SessionUser;
    bookingNumber: string;
  }): Promise<BookingDetail> {
    const row = await findUserBookingByNumber(db, {
      userId: options.user.id,
      bookingNumber: options.bookingNumber,
    });
    if (!row) throw new AppError('B008');
    const [{ latestPayment, seatLabels }, money] = await Promise.all([
      loadBookingParts([row.bookingId]),
      readBookingMoney(db, row),
    ]);
    const payment = latestPayment.get(row.bookingId);
    // The buyer's choice is stored at booking; the spec's field names a method only once the
    // provider took the payment or issued its 가상계좌 (an in-flight one answers null, §9).
    const taken =
      payment &&
      (['DONE', 'PARTIAL_CANCELED', 'WAITING_FOR_DEPOSIT'].includes(payment.status) ||
        payment.approvedAt !== null ||
        payment.virtualAccountNumber !== null);
    const method = paymentMethodSchema.safeParse(taken ? payment.method : null);
    return {
      bookingId: row.bookingId,
      bookingNumber: row.bookingNumber,
      bookingStatus: bookingStatusSchema.parse(row.status),
      paymentStatus: payment ? paymentStatusSchema.parse(payment.status) : 'PENDING',
      paymentMethod: method.success ? method.data : null,
      totalAmount: row.totalAmount,
      bookedAt: toSeoulDateTime(row.bookedAt),
      concertTitle: row.concertTitle,
      artistName: row.artistName,
      concertDate: row.concertDate,
      startTime: toWireTime(row.startTime),
      endTime: toWireTime(row.endTime),
      posterImageUrl: absoluteUrl(row.posterImageUrl),
      venueName: row.venueName,
      venueAddress: row.venueAddress ?? '',
      seatList: seatLabels.get(row.bookingId) ?? [],
      money,
      // Issue 28: how it was (or is to be) paid; a 가상계좌 awaiting its deposit shows the account.
      payment: describePayment(payment, { cultureExpense: row.cultureExpense, publicBaseUrl }),
    };
  }

  return {
    getProfile,
    updateProfile,
    changePassword,
    listBookings,
    getBookingDetail,
  };
}

export type MypageService = ReturnType<typeof createMypageService>;
