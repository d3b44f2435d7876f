/** Where the back button of the booking detail leads: my page with its bookings tab open. */
export const myBookingsPath = '/mypage/profile?tab=bookings';

/** The state my page reads as "came from booking detail" (buyer-side.md §2). */
export const fromBookingDetailState = { from: 'bookingDetail' } as const;

export function bookingDetailPath(bookingNumber: string): string {
  return `/bookingDetail/${encodeURIComponent(bookingNumber)}`;
}

export function ticketsPath(bookingNumber: string): string {
  return `${bookingDetailPath(bookingNumber)}/tickets`;
}

/** A Naver Map search for the venue address: the default map service of Korean users. */
export function venueMapSearchUrl(address: string): string {
  return `https://map.naver.com/p/search/${encodeURIComponent(address.trim())}`;
}

/** A tel: link for a phone number as people write it ('02-410-1114'); null when unusable. */
export function telHref(phone: string | null | undefined): string | null {
  const digits = phone?.replace(/[^\d+]/g, '') ?? '';
  return /\d{3,}/.test(digits) ? `tel:${digits}` : null;
}
