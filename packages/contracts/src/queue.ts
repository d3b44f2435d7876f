import { z } from 'zod';
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

/** `GET /queue/status`. */
export const queueStatusResultSchema = z.object({
  status: z.enum(['ADMITTED', 'WAITING', 'EXPIRED_OR_NOT_IN_QUEUE']),
  accessKey: z.string().optional(),
  rank: z.number().int().optional(),
  etaSeconds: z.number().int().optional(),
  message: z.string().optional(),
});
export type QueueStatusResult = z.infer<typeof queueStatusResultSchema>;

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
  | { type: 'ERROR'; message: string };
