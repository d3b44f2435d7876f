/**
 * The words of the 환불 계좌 form and card (issue 28). The rules' own messages (validation, saved,
 * deleted, required) live in contracts' `paymentMethodMessages` beside the schema.
 */
export const refundAccountTexts = {
  title: '환불 계좌',
  description:
    '가상계좌(무통장입금)로 결제한 예매를 취소하면 이 계좌로 환불됩니다. 계좌번호는 암호화해 보관하며 전체 번호는 다시 보여드리지 않습니다.',
  bank: '은행',
  bankPlaceholder: '은행을 선택하세요',
  accountNumber: '계좌번호',
  accountNumberHint: "숫자만 입력하세요. '-'는 빼고 저장됩니다.",
  holder: '예금주',
  holderHint: '통장에 적힌 이름 그대로 입력하세요.',
  save: '저장',
  register: '환불 계좌 등록',
  change: '변경',
  remove: '삭제',
  cancel: '취소',
  empty: '등록된 환불 계좌가 없습니다.',
  loading: '환불 계좌를 불러오는 중입니다',
  loadFailed: '환불 계좌를 불러오지 못했습니다.',
  saveFailed: '환불 계좌를 저장하지 못했습니다. 잠시 후 다시 시도해주세요.',
  deleteFailed: '환불 계좌를 삭제하지 못했습니다. 잠시 후 다시 시도해주세요.',
  deleteTitle: '환불 계좌를 삭제할까요?',
  deleteBody: '삭제하면 가상계좌로 결제한 예매를 취소하기 전에 환불 계좌를 다시 등록해야 합니다.',
  keep: '돌아가기',
  updatedAt: (when: string) => `${when} 저장`,
  /** The cancel dialog's step. */
  stepTitle: '환불받을 계좌',
  stepDescription: '가상계좌로 결제한 예매는 아래 계좌로 환불됩니다.',
  stepRequired: '취소하려면 먼저 환불받을 계좌를 등록해주세요.',
} as const;
