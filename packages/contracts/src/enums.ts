import { z } from 'zod';
import './zod-setup';

/** Enum values exactly as the wire carries them (api-contract.md §1.8). */
export const concertStatusSchema = z.enum([
  'SCHEDULED',
  'ON_SALE',
  'SOLD_OUT',
  'CANCELLED',
  'COMPLETED',
]);
export type ConcertStatus = z.infer<typeof concertStatusSchema>;

export const seatStatusSchema = z.enum(['AVAILABLE', 'RESERVED', 'BOOKED', 'UNAVAILABLE']);
export type SeatStatus = z.infer<typeof seatStatusSchema>;

export const bookingStatusSchema = z.enum([
  'PENDING_PAYMENT',
  /** Issue 28: a 가상계좌 was issued; the seats stay taken until the deposit or its deadline. */
  'AWAITING_DEPOSIT',
  'CONFIRMED',
  'CANCELED',
  'COMPLETED',
]);
export type BookingStatus = z.infer<typeof bookingStatusSchema>;

export const paymentStatusSchema = z.enum([
  'PENDING',
  /** Issue 28: the 가상계좌 is issued and the deposit not yet made (Toss's own status). */
  'WAITING_FOR_DEPOSIT',
  'DONE',
  'CANCELED',
  'PARTIAL_CANCELED',
  'FAILED',
  'EXPIRED',
]);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

/** The spec's CARD and EASY_PAY, and (issue 28) VIRTUAL_ACCOUNT: 가상계좌 (무통장입금). */
export const paymentMethodSchema = z.enum(['CARD', 'EASY_PAY', 'VIRTUAL_ACCOUNT']);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const queueStatusSchema = z.enum([
  'WAITING',
  'IMMEDIATE_ENTRY',
  'ADMITTED',
  'EXPIRED_OR_NOT_IN_QUEUE',
  'ERROR',
]);
export type QueueStatus = z.infer<typeof queueStatusSchema>;

/** `role` as `/auth/me` reports it. */
export const roleSchema = z.enum(['ROLE_USER', 'ROLE_SELLER', 'ROLE_ADMIN']);
export type Role = z.infer<typeof roleSchema>;

export const sellerApprovalStatusSchema = z.enum([
  'PENDING',
  'APPROVED',
  'REJECTED',
  'WITHDRAWN',
  'REVOKED',
]);
export type SellerApprovalStatus = z.infer<typeof sellerApprovalStatusSchema>;

export const sellerApplicationStatusSchema = z.enum([
  'SUBMITTED',
  'ACCEPTED',
  'REJECTED',
  'REVOKED',
  'WITHDRAWN',
]);
export type SellerApplicationStatus = z.infer<typeof sellerApplicationStatusSchema>;

export const approvalHistoryTypeSchema = z.enum([
  'REQUEST',
  'APPROVED',
  'REJECTED',
  'WITHDRAWN',
  'REVOKED',
]);
export type ApprovalHistoryType = z.infer<typeof approvalHistoryTypeSchema>;

export const socialProviderSchema = z.enum(['google', 'kakao', 'naver']);
export type SocialProvider = z.infer<typeof socialProviderSchema>;
