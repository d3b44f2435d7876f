import { z } from 'zod';
import { dateSchema, timeSchema } from './common';
import './zod-setup';

/** Waiting room and access keys (api-contract.md §6). */
export const queueMessages = {
  immediate: '바로 입장할 수 있습니다. 좌석 선택 페이지로 이동합니다.',
  waiting: (rank: number) => `대기열에 등록되었습니다. 현재 대기 순번은 ${rank}번입니다.`,
  admitted: '입장이 허용되었습니다.',
  notInQueue: '대기열 정보가 없거나 만료되었습니다.',
  noLiveKey: '유효한 접근 권한이 없습니다. 대기열에 다시 입장해주세요.',
  released: '좌석 선택 권한이 반납되었습니다.',
  enterFailed: '대기열 입장 중 오류가 발생했습니다.',
  /** The websocket's ERROR frame when the concert is cancelled while the buyer waits. */
  closedByCancel: '공연이 취소되어 대기열이 종료되었습니다.',
  /** Issue 26: the waiting room of a performance that sold out while the fan waited. */
  soldOut: '선택하신 회차가 매진되었습니다.',
  switched: (rank: number) =>
    `선택한 회차의 대기열로 이동했습니다. 처음 대기를 시작한 시각 기준으로 현재 대기 순번은 ${rank}번입니다.`,
  switchedAdmitted: '이미 입장이 허용된 회차입니다. 좌석 선택 페이지로 이동합니다.',
  switchTarget: '이동할 회차를 선택해주세요.',
  switchNotSoldOut: '매진된 회차의 대기열에서만 다른 회차로 이동할 수 있습니다.',
  switchOtherShow: '같은 공연의 다른 회차로만 이동할 수 있습니다.',
  switchTargetNotOnSale: '이동하려는 회차는 지금 예매할 수 없습니다.',
  switchTargetSoldOut: '이동하려는 회차도 매진되었습니다. 다른 회차를 선택해주세요.',
} as const;

export const concertIdQuerySchema = z.object({
  concertId: z.coerce
    .number({ error: '콘서트 ID는 1 이상의 양수여야 합니다.' })
    .int({ error: '콘서트 ID는 1 이상의 양수여야 합니다.' })
    .min(1, { error: '콘서트 ID는 1 이상의 양수여야 합니다.' })
    .max(2_147_483_647, { error: '콘서트 ID는 1 이상의 양수여야 합니다.' }),
});

/** `POST /queue/enter`: never ADMITTED (the client alerts on anything but these three). */
export const queueEnterResultSchema = z.object({
  status: z.enum(['IMMEDIATE_ENTRY', 'WAITING', 'ERROR']),
  accessKey: z.string().optional(),
  rank: z.number().int().optional(),
  /** Going beyond the spec: the estimated wait from the measured admission rate. */
  etaSeconds: z.number().int().optional(),
  message: z.string().optional(),
});
export type QueueEnterResult = z.infer<typeof queueEnterResultSchema>;

/**
 * Another performance of the same show that a fan of a sold-out performance may move to
 * (issue 26): on sale now, with places left.
 */
export const performanceAlternativeSchema = z.object({
  concertId: z.number().int(),
  concertDate: dateSchema,
  startTime: timeSchema,
  /** Places a hold could take now, every grade together. */
  remainingSeats: z.number().int(),
  /** Fans waiting in its queue right now. */
  waiting: z.number().int(),
});
export type PerformanceAlternative = z.infer<typeof performanceAlternativeSchema>;

/** `GET /queue/status`. */
export const queueStatusResultSchema = z.object({
  status: z.enum(['ADMITTED', 'WAITING', 'EXPIRED_OR_NOT_IN_QUEUE']),
  accessKey: z.string().optional(),
  rank: z.number().int().optional(),
  etaSeconds: z.number().int().optional(),
  message: z.string().optional(),
  /**
   * Ours (issue 26), only while WAITING for a performance that sold out: true, with the show's
   * other performances on sale. Absent otherwise, so the spec's answers stay as they were.
   */
  soldOut: z.boolean().optional(),
  alternatives: z.array(performanceAlternativeSchema).optional(),
});
export type QueueStatusResult = z.infer<typeof queueStatusResultSchema>;

/** `POST /queue/switch?concertId=` (ours, issue 26): the performance to wait for instead. */
export const queueSwitchBodySchema = z.object({
  toConcertId: z
    .number({ error: queueMessages.switchTarget })
    .int({ error: queueMessages.switchTarget })
    .min(1, { error: queueMessages.switchTarget })
    .max(2_147_483_647, { error: queueMessages.switchTarget }),
});
export type QueueSwitchBody = z.infer<typeof queueSwitchBodySchema>;

/**
 * The place in the new performance's queue, by the fan's original entry time (WAITING), or the
 * key they already held there (ADMITTED).
 */
export const queueSwitchResultSchema = z.object({
  concertId: z.number().int(),
  status: z.enum(['WAITING', 'ADMITTED']),
  rank: z.number().int().optional(),
  etaSeconds: z.number().int().optional(),
  accessKey: z.string().optional(),
  message: z.string(),
});
export type QueueSwitchResult = z.infer<typeof queueSwitchResultSchema>;

export const extendResultSchema = z.object({ newTtlSeconds: z.number().int() });

/** Websocket frames, server to client only (api-contract.md §6.5). */
export type WaitQueueFrame =
  | { type: 'ADMIT'; accessKey: string }
  | { type: 'REDIRECT_TO_RESERVE'; accessKey: string }
  /**
   * `tick` (ours, beyond the spec): the admission tick that moved the rank, its start in epoch
   * ms; every frame of one tick carries the same id, so a client (or the benchmark) can tell
   * ticks apart. Absent on the frame sent at connection.
   */
  | { type: 'RANK_UPDATE'; rank: number; etaSeconds?: number; tick?: number }
  | { type: 'ERROR'; message: string }
  /**
   * Ours (issue 26; the spec's client logs unknown types): sent to the waiting sockets when the
   * performance sells out, again while it stays sold out as the alternatives change, and with
   * `soldOut: false` if seats come back.
   */
  | { type: 'PERFORMANCE_STATUS'; soldOut: boolean; alternatives: PerformanceAlternative[] };
