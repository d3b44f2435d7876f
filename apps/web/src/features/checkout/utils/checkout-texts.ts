/** The payment texts of buyer-side.md §8 "Queue, seats and payment", and the window's own. */
export const checkoutTexts = {
  cancelled: '결제가 취소되었습니다.',
  failed: (message: string) => `결제에 실패했습니다: ${message}`,
  windowTitle: '카드 결제',
  /** Issue 28: the sandbox's 간편결제 page (카카오페이, 네이버페이, …) in the same overlay. */
  easyPayWindowTitle: '간편결제',
  closeWindow: '결제창 닫기',
  windowLoading: '결제창을 불러오는 중입니다',
  sdkLoadFailed: '결제 모듈을 불러오지 못했습니다.',
  missingCheckoutUrl: '결제창 주소를 받지 못했습니다.',
  /** The seat page's countdown goes on here under the same name (issue 23). */
  paymentTimer: '결제 완료까지 남은 시간',
  paymentTimerNote: '결제를 마칠 때까지 선택한 좌석이 유지돼요.',
  /** The server's amount wins when it differs from what the seat page showed. */
  amountChanged: (amount: string) => `결제 금액이 ${amount}으로 확정되었습니다.`,
} as const;
