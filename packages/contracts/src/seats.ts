import { z } from 'zod';
import './zod-setup';
import { dateTimeSchema } from './common';
import { seatStatusSchema } from './enums';

/**
 * Seats (api-contract.md §7). `seatId` is the concert-seat id; `seatInfo` is
 * `{section}-{row}-{number}` with integer row and number; other users' ids never appear.
 */
export const seatEntrySchema = z.object({
  concertId: z.number().int(),
  seatId: z.number().int(),
  seatInfo: z.string(),
  status: seatStatusSchema,
  isReservedByCurrentUser: z.boolean(),
  reservedAt: dateTimeSchema.nullable(),
  expiresAt: dateTimeSchema.nullable(),
  /** Whole seconds left on a RESERVED seat (never below 0); null for other statuses. */
  remainingSeconds: z.number().int().nullable(),
  /**
   * Ours, additive: present (true) only on the caller's own hold that an unpaid booking took
   * (`POST /bookings`): its `expiresAt` is then that booking's payment deadline, not the 5-minute
   * hold's, so the seat page can say which clock runs.
   */
  paymentPending: z.literal(true).optional(),
});
export type SeatEntry = z.infer<typeof seatEntrySchema>;

/**
 * `GET /seats/concerts/{id}/summary` (ours, key): a big venue's overview without its full status
 * (about 8 MB for 50,000 seats). `sections` in seat-map order; `available` counts the seats a
 * hold could take now (AVAILABLE, or held with the hold expired but not swept yet); `mine` is
 * the caller's live holds as seat entries, so the side panel shows them in any section.
 */
export const seatSummarySchema = z.object({
  sections: z.array(
    z.object({
      section: z.string(),
      totalSeats: z.number().int(),
      available: z.number().int(),
    }),
  ),
  mine: z.array(seatEntrySchema),
});
export type SeatSummary = z.infer<typeof seatSummarySchema>;

/** Texts the client matches by keyword (유저, 최대 2개, 만료): keep them exactly. */
export const seatMessages = {
  held: '좌석 선점 성공',
  alreadyHeldByYou: '이미 선점한 좌석입니다',
  released: '좌석 선점 해제 성공',
  heldByOther: '다른 유저가 선점 중인 좌석입니다.',
  booked: '이미 예매 완료된 좌석입니다.',
  limit: '좌석 선점은 최대 2개까지만 가능합니다.',
  notHeld: '선점하지 않은 좌석입니다.',
  holdExpired: '선점 시간이 만료되었습니다.',
  notFound: '좌석을 찾을 수 없습니다.',
  keyMissing: '접근 권한 증명(AccessKey)이 없습니다.',
  keyInvalid: 'AccessKey가 유효하지 않거나 만료되었습니다.',
  seatId: '좌석 ID는 1 이상의 양수여야 합니다.',
  notForSale: '판매하지 않는 좌석입니다.',
  companionFirst: '휠체어석의 동반석입니다. 휠체어석을 먼저 선택해주세요.',
  standingFull: '이 스탠딩 구역의 입장번호가 모두 선점되었거나 판매되었습니다.',
  standingUnknown: '스탠딩 구역을 찾을 수 없습니다.',
  standingInOrder:
    '스탠딩 입장번호는 구역별로 선택한 순서대로 배정됩니다. 구역의 입장번호 선택을 이용해주세요.',
} as const;

export const seatParamsSchema = z.object({
  concertId: z.coerce
    .number({ error: '콘서트 ID는 1 이상의 양수여야 합니다.' })
    .int({ error: '콘서트 ID는 1 이상의 양수여야 합니다.' })
    .min(1, { error: '콘서트 ID는 1 이상의 양수여야 합니다.' })
    .max(2_147_483_647, { error: '콘서트 ID는 1 이상의 양수여야 합니다.' }),
  seatId: z.coerce
    .number({ error: seatMessages.seatId })
    .int({ error: seatMessages.seatId })
    .min(1, { error: seatMessages.seatId })
    .max(2_147_483_647, { error: seatMessages.seatId }),
});

/**
 * The row of a standing zone's entry slots (issue 25): seated rows are 1 or more, so
 * `P-0-37` says "zone P, entry number 37" to any client that splits seatInfo.
 */
export const STANDING_ROW = 0;

/** `section-row-number` -> `A구역 3열 12번` (a standing slot: `P구역 입장번호 37번`). */
export function formatSeatLabel(seatInfo: string): string {
  const [section, row, number] = seatInfo.split('-');
  if (Number(row) === STANDING_ROW) return `${section}구역 입장번호 ${number}번`;
  return `${section}구역 ${row}열 ${number}번`;
}

/**
 * `GET /concerts/{id}/seat-map` (ours, public): the static layout of a venue, so the seat page
 * can draw sections and grade colours without a grade on each of up to 100,000 status entries.
 */
export const seatMapSchema = z.object({
  concertId: z.number().int(),
  totalSeats: z.number().int(),
  /**
   * Ours, additive: the rules the seat page states, as this server applies them: seats one
   * hold (and so one booking) may take, tickets one account may book for the concert, how long
   * a hold lasts and how long payment may take once 결제하기 made the booking.
   */
  rules: z
    .object({
      maxSeatsPerHold: z.number().int(),
      maxTicketsPerUser: z.number().int(),
      holdSeconds: z.number().int(),
      paymentSeconds: z.number().int(),
    })
    .optional(),
  /**
   * Ours, additive (issue 25): present for a concert made from a venue layout, whose seats
   * `GET /concerts/{id}/layout` draws; then each section also names its kind and grade code,
   * and `grades` lists the seller's grades in their order.
   */
  hasLayout: z.literal(true).optional(),
  grades: z
    .array(
      z.object({
        code: z.string(),
        name: z.string(),
        price: z.number().int(),
        color: z.string().nullable(),
      }),
    )
    .optional(),
  sections: z.array(
    z.object({
      section: z.string(),
      /** The grade most of the section's seats have (a drawn section may mix grades). */
      grade: z.string(),
      price: z.number().int(),
      rows: z.number().int(),
      seatCount: z.number().int(),
      kind: z.enum(['SEATED', 'STANDING']).optional(),
      gradeCode: z.string().optional(),
    }),
  ),
});
export type SeatMap = z.infer<typeof seatMapSchema>;
