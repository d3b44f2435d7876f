/**
 * Every error code the server may answer with, its HTTP status and its default Korean message.
 * Codes are the original server's (api-contract.md §1.9); codes marked (new) are ours.
 * The map is exhaustive over `ErrorCode`: adding a code without a status does not compile.
 */
export const errorCodes = [
  'C001', // validation failed; `errors[]` says which field
  'C002', // resource not found
  'C003', // unexpected server error
  'C004', // (new) request body over the size limit
  'C005', // (new) unknown API path
  'C006', // (new) unsupported content type
  'C007', // (new) method not allowed / malformed request
  'C008', // (new) request URL too long
  'A001', // wrong username or password
  'A003', // not the owner of the resource
  'A005', // seller application allowed only once at a time
  'A006', // not logged in
  'A007', // user not found
  'A008', // (new) duplicate username, e-mail or nickname
  'A009', // (new) too many login attempts
  'A010', // (new) pending social sign-up missing or expired
  'A011', // (new) social provider not configured
  'P001', // admin only
  'T001', // (new) tickets of a cancelled booking
  'T002', // (new) tickets of a booking not paid yet
  'T003', // concert not found
  'T004', // bad search keyword
  'T005', // filter start date after end date
  'T010', // bad sortBy
  'T011', // bad sortDir
  'Q002', // access key missing or invalid (seat routes only)
  'Q004', // too many queue attempts
  'Q005', // (new) a seat poll of this user is already waiting
  'Q006', // (new) too many waiting seat polls on this instance
  'B001', // concert not on sale now
  'B003', // seat held or booked by someone else
  'B004', // seat lock busy
  'B005', // seat hold expired
  'B006', // seat not found
  'B007', // some selected seats not found
  'B008', // booking not found
  'B009', // booking already cancelled
  'B010', // booking already attended
  'B011', // cancellation deadline passed
  'B012', // (new) more than two held seats
  'B013', // (new) releasing a seat the caller does not hold
  'R002', // review not found
  'R003', // expectation not found
  'S002', // not the seller of this concert / not a seller
  'S006', // (new) concert or seller state forbids the action
  'F002', // file too large
  'F003', // file type not allowed
  'M001', // amount mismatch
  'M003', // booking not payable
  'M004', // payment already processed
  'M005', // payment provider failure
  'AI001', // AI service unavailable
  'AI004', // not enough reviews for a summary
  'AI007', // (new) regenerated less than 30 s ago
  'F004', // (new) image wider or taller than limits.imageMaxSidePixels
  'B014', // (new) booking a seat the caller has already booked
  'B015', // (new) booking a seat whose hold is gone (released, or expired and swept)
  'C009', // (new) unsafe request from a page of a foreign origin (CSRF)
  'C010', // (new) request headers (or URL) over the server's size limit
  'C011', // (new) request not received in time
  'C012', // (new) database or Redis unreachable or too slow right now
  'S007', // (new) business number already on another live seller application
  'S008', // (new) seller application already decided (another admin was first)
  'S009', // (new) the user is not an approved seller (withdrawal, forced revoke)
  'F005', // (new) uploaded file name too long or with a forbidden character
  'F006', // (new) the same file is already being uploaded by this seller
  'F007', // (new) uploaded file not found
  'F008', // (new) uploaded file still used as a concert's poster
  // social login (issue 17)
  'A012', // (new) unlinking the last way to log in of an account
  'A013', // (new) social provider not linked to this account
  // Metrics (issue 18)
  'C013', // (new) /metrics without the right bearer token (METRICS_TOKEN)
  // Push and in-app notifications (issue 17)
  'N001', // (new) a concert alert the concert's state does not offer (not SCHEDULED / not on sale)
  // Verified e-mail, 아이디 찾기 and 비밀번호 찾기 (issue 22)
  'E001', // (new) too many mail requests (verification, 아이디 찾기, 비밀번호 찾기)
  'E002', // (new) a mailed link that is unknown or replaced by a newer one
  'E003', // (new) a mailed link past its expiry
  'E004', // (new) a mailed link already used
  // Promo codes (issue 27)
  'M006', // (new) too many wrong promo codes tried (enumeration defence)
  // Payment methods (issue 28)
  'M007', // (new) a deposit refund needs the buyer's refund account, and none is registered
  'M008', // (new) a payment notice (webhook) the provider does not confirm: nothing changed
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export const errorStatus = {
  C001: 400,
  C002: 404,
  C003: 500,
  C004: 413,
  C005: 404,
  C006: 415,
  C007: 400,
  C008: 414,
  A001: 401,
  A003: 403,
  A005: 400,
  A006: 401,
  A007: 404,
  A008: 409,
  A009: 429,
  A010: 400,
  A011: 503,
  P001: 403,
  T001: 409,
  T002: 409,
  T003: 404,
  T004: 400,
  T005: 400,
  T010: 400,
  T011: 400,
  Q002: 403,
  Q004: 429,
  Q005: 409,
  Q006: 503,
  B001: 409,
  B003: 409,
  B004: 503,
  B005: 409,
  B006: 404,
  B007: 400,
  B008: 404,
  B009: 409,
  B010: 409,
  B011: 403,
  B012: 400,
  B013: 409,
  R002: 404,
  R003: 404,
  S002: 403,
  S006: 409,
  F002: 400,
  F003: 400,
  M001: 400,
  M003: 409,
  M004: 409,
  M005: 502,
  AI001: 503,
  AI004: 400,
  AI007: 429,
  F004: 400,
  B014: 409,
  B015: 409,
  C009: 403,
  C010: 431,
  C011: 408,
  C012: 503,
  S007: 409,
  S008: 409,
  S009: 400,
  F005: 400,
  F006: 409,
  F007: 404,
  F008: 409,
  A012: 409,
  A013: 404,
  C013: 401,
  N001: 409,
  E001: 429,
  E002: 400,
  E003: 410,
  E004: 409,
  M006: 429,
  M007: 409,
  M008: 400,
} as const satisfies Record<ErrorCode, number>;

export const errorMessages = {
  C001: '입력 정보를 다시 확인해주세요.',
  C002: '요청한 리소스를 찾을 수 없습니다.',
  C003: '서버에 오류가 발생했습니다. 잠시 후 다시 시도해주세요.',
  C004: '요청 크기가 허용 한도를 초과했습니다.',
  C005: '요청한 API를 찾을 수 없습니다.',
  C006: '지원하지 않는 요청 형식입니다.',
  C007: '잘못된 요청입니다.',
  C008: '요청 주소가 너무 깁니다.',
  A001: '아이디 또는 비밀번호가 일치하지 않습니다.',
  A003: '본인만 접근할 수 있습니다.',
  A005: '판매자 권한 신청은 한 번만 가능합니다.',
  A006: '인증이 필요합니다. 로그인해주세요.',
  A007: '사용자를 찾을 수 없습니다.',
  A008: '이미 사용 중인 정보입니다.',
  A009: '로그인 시도가 너무 많습니다. 잠시 후 다시 시도해주세요.',
  A010: '소셜 로그인 정보가 만료되었습니다. 다시 시도해주세요.',
  A011: '이 소셜 로그인은 설정되지 않아 지금은 사용할 수 없습니다.',
  P001: '관리자만 접근할 수 있습니다.',
  T001: '취소된 예매는 티켓을 다운로드할 수 없습니다.',
  T002: '결제가 완료된 예매만 티켓을 받을 수 있습니다.',
  T003: '콘서트 정보를 찾을 수 없습니다.',
  T004: '검색어는 1자 이상 100자 이하로 입력해주세요.',
  T005: '시작일과 종료일을 다시 확인해주세요. 종료일이 시작일보다 앞설 수 없습니다.',
  T010: '정렬 기준이 올바르지 않습니다.',
  T011: '정렬 방향이 올바르지 않습니다.',
  Q002: 'AccessKey가 유효하지 않거나 만료되었습니다.',
  Q004: '접속 시도가 너무 많습니다. 잠시 후 다시 시도해주세요.',
  Q005: '이미 진행 중인 좌석 조회 요청이 있습니다.',
  Q006: '좌석 조회 요청이 너무 많습니다. 잠시 후 다시 시도해주세요.',
  B001: '현재 예매 가능한 공연이 아닙니다.',
  B003: '다른 유저가 선점 중인 좌석입니다.',
  B004: '좌석 선점에 실패했습니다.',
  B005: '좌석 선점 시간이 만료되었습니다. 다시 선택해주세요.',
  B006: '좌석을 찾을 수 없습니다.',
  B007: '선택한 좌석 중 일부를 찾을 수 없습니다.',
  B008: '요청한 예매 정보를 찾을 수 없습니다.',
  B009: '이미 취소된 예매입니다.',
  B010: '이미 관람 완료된 예매입니다.',
  B011: '예매 취소 가능 기간이 지났습니다. (공연 3일 전까지 취소 가능)',
  B012: '좌석 선점은 최대 2개까지만 가능합니다.',
  B013: '선점하지 않은 좌석입니다.',
  R002: '후기를 찾을 수 없습니다.',
  R003: '기대평을 찾을 수 없습니다.',
  S002: '해당 콘서트를 관리할 권한이 없습니다.',
  S006: '현재 상태에서는 처리할 수 없습니다.',
  F002: '파일 크기는 10MB를 초과할 수 없습니다.',
  F003: '지원하지 않는 파일 형식입니다.',
  M001: '주문 금액이 일치하지 않습니다.',
  M003: '결제할 수 없는 예매입니다.',
  M004: '이미 처리된 결제입니다.',
  M005: '외부 결제 시스템 연동 중 오류가 발생했습니다.',
  AI001: 'AI 서비스가 일시적으로 사용할 수 없습니다.',
  AI004: 'AI 요약 생성을 위한 리뷰가 없습니다. 먼저 리뷰를 작성해주세요.',
  AI007: 'AI 요약은 30초에 한 번만 다시 생성할 수 있습니다.',
  F004: '이미지 크기가 너무 큽니다. (최대 6000×6000 픽셀)',
  B014: '이미 예매한 좌석입니다.',
  B015: '선택한 좌석의 선점이 해제되었습니다. 좌석을 다시 선택해주세요.',
  C009: '허용되지 않은 출처의 요청입니다.',
  C010: '요청 헤더가 너무 큽니다.',
  C011: '요청 시간이 초과되었습니다.',
  C012: '일시적으로 서비스를 이용할 수 없습니다. 잠시 후 다시 시도해주세요.',
  S007: '이미 신청되었거나 등록된 사업자등록번호입니다.',
  S008: '이미 다른 관리자가 처리한 신청입니다. 목록을 새로고침해주세요.',
  S009: '판매자 권한이 없어 철회할 수 없습니다.',
  F005: '파일 이름은 255자 이하여야 하며 < > : " / \\ | ? * 문자를 포함할 수 없습니다.',
  F006: '같은 파일을 업로드하는 중입니다. 잠시 후 다시 시도해주세요.',
  F007: '파일을 찾을 수 없습니다.',
  F008: '콘서트 포스터로 사용 중인 파일은 삭제할 수 없습니다.',
  A012: '비밀번호가 없는 계정의 마지막 소셜 로그인 연결은 해제할 수 없습니다. 다른 소셜 계정을 먼저 연결해주세요.',
  A013: '연결되지 않은 소셜 계정입니다.',
  C013: '모니터링 토큰이 없거나 올바르지 않습니다.',
  N001: '지금은 이 공연의 알림을 신청할 수 없습니다.',
  E001: '요청이 너무 많습니다. 잠시 후 다시 시도해주세요.',
  E002: '유효하지 않은 링크입니다. 가장 최근에 받은 메일의 링크를 사용해주세요.',
  E003: '링크의 유효 시간이 지났습니다. 메일을 다시 요청해주세요.',
  E004: '이미 사용된 링크입니다.',
  M006: '할인 코드 입력 시도가 너무 많습니다. 잠시 후 다시 시도해주세요.',
  M007: '가상계좌로 결제한 예매는 환불받을 계좌를 먼저 등록해야 취소할 수 있습니다.',
  M008: '결제사에서 확인되지 않는 알림입니다.',
} as const satisfies Record<ErrorCode, string>;

/** One field problem inside a validation error (`errors[]` of the envelope). */
export interface FieldError {
  field: string;
  message: string;
}

/** The error envelope every non-2xx JSON answer carries (api-contract.md §1.3). */
export interface ErrorEnvelope {
  success: false;
  status: number;
  code: ErrorCode;
  message: string;
  errors?: FieldError[];
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (errorCodes as readonly string[]).includes(value);
}
