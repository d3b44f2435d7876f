import { z } from 'zod';
import './zod-setup';
import { formatPerformanceLabel } from './shows';

/**
 * Push and in-app notifications (api-contract.md §10, product-rules.md §11). The spec's
 * `playerId` is our subscription id: the URL-safe base64 SHA-256 of the push endpoint, so the
 * browser and the server name the same subscription without a round trip.
 */
export const notificationMessages = {
  /** buyer-side.md §8, the switch's messages. */
  permissionDenied: '브라우저 알림 권한을 먼저 허용해주세요.',
  unsupported: '이 브라우저는 푸시 알림을 지원하지 않습니다.',
  subscribeFailed: '알림 구독 처리 중 오류가 발생했습니다.',
  enabled: '푸시 알림이 설정되었습니다.',
  disabled: '푸시 알림이 해제되었습니다.',
  playerId: '구독 ID 형식이 올바르지 않습니다.',
  playerIdRequired: '구독 ID(playerId)를 보내주세요.',
  /**
   * A subscribe in the spec's bare form (`playerId` and `channel` only, a OneSignal client): we
   * send Web Push ourselves, so the browser's PushSubscription is what we cannot do without.
   */
  subscriptionMissing:
    '푸시 구독 정보(subscription)가 없습니다. 브라우저의 PushSubscription(endpoint, keys)을 함께 보내주세요.',
  channel: '알림 채널은 PUSH만 지원합니다.',
  endpoint: '푸시 구독 주소가 올바르지 않습니다.',
  endpointMismatch: '구독 ID가 푸시 구독 주소와 일치하지 않습니다.',
  keys: '푸시 구독 키 형식이 올바르지 않습니다.',
  ids: '알림 ID 목록이 올바르지 않습니다.',
  alertKind: '알림 종류가 올바르지 않습니다.',
  bookingOpenAlertOn: '예매 시작 5분 전에 알려드릴게요.',
  bookingOpenAlertOff: '예매 알림을 해제했습니다.',
  seatsReleasedAlertOn: '취소표가 나오면 알려드릴게요.',
  seatsReleasedAlertOff: '취소표 알림을 해제했습니다.',
  marked: '알림을 읽음으로 표시했습니다.',
} as const;

/**
 * The concert a message names (issue 26): with its 회차 when its show has more than one
 * performance ('노을 밴드 콘서트 2026.12.20(일) 18:00 회차'), the title alone for a plain concert,
 * whose messages stay as they were. `performance` is null for a plain concert.
 */
export function namePerformance(
  concertTitle: string,
  performance: { concertDate: string; startTime: string } | null,
): string {
  if (!performance) return concertTitle;
  return `${concertTitle} ${formatPerformanceLabel(performance.concertDate, performance.startTime)} 회차`;
}

/** What is sent (product-rules §11), title and body of each kind. */
export const notificationTexts = {
  bookingOpensSoonTitle: '예매 시작 5분 전입니다!',
  bookingOpensSoonBody: (concertTitle: string) => `${concertTitle} 예매가 곧 시작됩니다.`,
  bookingConfirmedTitle: '예매가 확정되었습니다.',
  bookingCancelledTitle: '예매가 취소되어 환불되었습니다.',
  concertCancelledTitle: '공연이 취소되어 전액 환불되었습니다.',
  bookingBody: (concertTitle: string, bookingNumber: string) =>
    `${concertTitle} · 예매번호 ${bookingNumber}`,
  seatsReleasedTitle: '취소표가 나왔어요!',
  seatsReleasedBody: (concertTitle: string) =>
    `${concertTitle}에 예매할 수 있는 좌석이 생겼습니다. 먼저 예매하는 분께 돌아가요.`,
  depositRequestedTitle: '가상계좌가 발급되었습니다. 기한 안에 입금해주세요.',
  depositRequestedBody: (account: string, amount: string, due: string) =>
    `${account} · ${amount} · ${due}까지 입금하지 않으면 예매가 취소됩니다.`,
  refundAccountNeededTitle: '환불받을 계좌를 등록해주세요.',
  refundAccountNeededBody: (concertTitle: string, bookingNumber: string) =>
    `${concertTitle} · 예매번호 ${bookingNumber}: 입금 기한이 지난 뒤 입금된 금액을 돌려드리려면 마이페이지에서 환불 계좌를 등록해주세요.`,
} as const;

export const notificationKindSchema = z.enum([
  'BOOKING_OPENS_SOON',
  'BOOKING_CONFIRMED',
  'BOOKING_CANCELLED',
  'CONCERT_CANCELLED',
  'SEATS_RELEASED',
  /** Issue 28: the 가상계좌 to pay into and its deadline. */
  'DEPOSIT_REQUESTED',
  /** Issue 28: a deposit to give back, and no refund account to send it to. */
  'REFUND_ACCOUNT_NEEDED',
]);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

/** URL-safe base64 of exactly `chars` characters (the length fixes the byte count), padding allowed. */
const base64Url = (chars: number, message: string) =>
  z
    .string({ error: message })
    .regex(new RegExp(`^[A-Za-z0-9_-]{${chars}}=*$`), { error: message })
    .max(chars + 2, { error: message });

export const playerIdSchema = z
  .string({ error: notificationMessages.playerId })
  .regex(/^[A-Za-z0-9_-]{43}$/, { error: notificationMessages.playerId });

/**
 * `POST /notifications/subscribe`: the contract's two fields plus the browser's PushSubscription.
 * `subscription` comes first so that, when it is missing, the answer's message says so (the
 * first field error is the message) rather than a format error of a OneSignal-style `playerId`.
 */
export const pushSubscribeBodySchema = z.object({
  subscription: z.object(
    {
      endpoint: z
        .string({ error: notificationMessages.endpoint })
        .max(2048, { error: notificationMessages.endpoint })
        .pipe(z.url({ protocol: /^https?$/, error: notificationMessages.endpoint })),
      expirationTime: z.number().nullable().optional(),
      keys: z.object(
        {
          // An uncompressed P-256 point (65 bytes) and a 16-byte auth secret (RFC 8291).
          p256dh: base64Url(87, notificationMessages.keys),
          auth: base64Url(22, notificationMessages.keys),
        },
        { error: notificationMessages.keys },
      ),
    },
    {
      error: (issue) =>
        issue.input === undefined
          ? notificationMessages.subscriptionMissing
          : notificationMessages.endpoint,
    },
  ),
  playerId: playerIdSchema,
  channel: z.literal('PUSH', { error: notificationMessages.channel }),
});
export type PushSubscribeBody = z.infer<typeof pushSubscribeBodySchema>;

/**
 * `POST /notifications/unsubscribe`: any id answers 200 (§10), a OneSignal id or one of another
 * format included: it names no subscription of the caller's, so nothing changes.
 */
export const pushUnsubscribeBodySchema = z.object({
  playerId: z
    .string({ error: notificationMessages.playerIdRequired })
    .trim()
    .min(1, { error: notificationMessages.playerIdRequired })
    .max(200, { error: notificationMessages.playerId }),
});
export type PushUnsubscribeBody = z.infer<typeof pushUnsubscribeBodySchema>;

export const pushStatusSchema = z.object({ subscribed: z.boolean() });
export type PushStatus = z.infer<typeof pushStatusSchema>;

export const vapidPublicKeySchema = z.object({ publicKey: z.string() });

/** One in-app notification (the header's bell). */
export const inboxItemSchema = z.object({
  id: z.number().int(),
  kind: notificationKindSchema,
  title: z.string(),
  body: z.string(),
  /** The app path a click opens. */
  url: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type InboxItem = z.infer<typeof inboxItemSchema>;

export const inboxSchema = z.object({
  items: z.array(inboxItemSchema),
  unreadCount: z.number().int(),
});
export type Inbox = z.infer<typeof inboxSchema>;

export const unreadCountSchema = z.object({ unreadCount: z.number().int() });

/** `POST /notifications/inbox/read`: the caller's notifications by id, or all when `ids` is absent. */
export const markReadBodySchema = z
  .object({
    ids: z
      .array(z.number({ error: notificationMessages.ids }).int().min(1).max(2_147_483_647), {
        error: notificationMessages.ids,
      })
      .min(1, { error: notificationMessages.ids })
      .max(100, { error: notificationMessages.ids })
      .optional(),
  })
  .optional();
export type MarkReadBody = z.infer<typeof markReadBodySchema>;

/** The two things a buyer may ask about one concert, as path segments. */
export const concertAlertKindSchema = z.enum(['booking-open', 'seats-released'], {
  error: notificationMessages.alertKind,
});
export type ConcertAlertKind = z.infer<typeof concertAlertKindSchema>;

export const concertAlertsSchema = z.object({
  bookingOpen: z.boolean(),
  seatsReleased: z.boolean(),
});
export type ConcertAlerts = z.infer<typeof concertAlertsSchema>;

/** What a push carries (the service worker shows it and opens `url` on click). */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
}

/** Minutes before `bookingStartDate` the reminder goes out. */
export const BOOKING_REMINDER_LEAD_MINUTES = 5;
