import type { AuthUser } from '../auth/auth.policy';

/**
 * A `userId` sent by the client (query or form field) never names whom a call is about; it is
 * only compared with the session user (api-contract.md §9, §14.1). Absent is fine.
 */
export function isOwnUserId(user: Pick<AuthUser, 'id'>, requestedUserId: number | undefined) {
  return requestedUserId === undefined || requestedUserId === user.id;
}

/**
 * An attempt that was never paid and is over (the booking CANCELED and its latest payment FAILED
 * or EXPIRED, or no payment at all) is left out of the my-page list (api-contract.md §9). A
 * booking AWAITING_DEPOSIT (issue 28) is live, its seats taken, and listed; a 가상계좌 left unpaid
 * past its deadline closes as CANCELED with its payment EXPIRED, and leaves the list.
 */
export function isClosedUnpaidAttempt(
  bookingStatus: string,
  latestPaymentStatus: string | null,
): boolean {
  if (bookingStatus !== 'CANCELED') return false;
  return (
    latestPaymentStatus === null ||
    latestPaymentStatus === 'FAILED' ||
    latestPaymentStatus === 'EXPIRED'
  );
}
