import { bookingMessages, ticketMessages } from '@curtaincall/contracts';

/** What the booking pages say (buyer-side.md §8 "Bookings"; the spec's texts verbatim). */
export const bookingTexts = {
  loadFailed: '예매 정보를 불러오는데 실패했습니다.',
  notFound: bookingMessages.notFound,
  cancelSuccess: '예매가 정상적으로 취소되었습니다.',
  alreadyCancelled: bookingMessages.alreadyCancelled,
  cancelFailed: '예매 취소 중 오류가 발생했습니다.',
  cancelledDownload: ticketMessages.cancelled,
  downloadDone: '티켓 PDF를 다운로드했습니다.',
  downloadFailed: '티켓을 다운로드하지 못했습니다. 잠시 후 다시 시도해주세요.',
  copySuccess: '예매번호가 복사되었습니다!',
  copyFailed: '복사에 실패했습니다.',
  shareFailed: '공유에 실패했습니다.',
  ticketsLoadFailed: '모바일 티켓을 불러오지 못했습니다.',
  noTickets: '표시할 티켓이 없습니다.',
  unpaidTickets: '결제가 완료되면 티켓을 이용할 수 있습니다.',
} as const;

/**
 * Issue 27: a booking that states its money has its seller's cut-off and the fee table instead
 * of the spec's first two notices (cancel 3 days before, refunded in full).
 */
export const moneyNotices = {
  cutoff: (days: number) => `공연 ${days}일 전까지 취소 가능합니다.`,
  fees: '취소수수료를 뺀 금액이 결제 수단으로 환불되며, 예매수수료는 예매 당일 취소 시에만 환불됩니다.',
  feeTableCaption: '취소수수료 안내',
  feeTableWhen: '취소 시점',
  feeTableFee: '취소수수료',
} as const;

/** The notices under the booking (buyer-side.md §9 "Booking notices", product-rules.md §7). */
export const bookingNotices = [
  '예매 취소는 공연일 3일 전까지만 가능합니다.',
  '취소하시면 결제하신 금액은 결제 수단으로 전액 환불됩니다.',
  '공연 당일 신분증과 예매 확인 내역(모바일 티켓)을 지참해주세요.',
  '공연 시작 이후에는 입장이 제한될 수 있습니다.',
  '취소된 예매의 티켓과 QR 코드는 사용할 수 없습니다.',
] as const;
