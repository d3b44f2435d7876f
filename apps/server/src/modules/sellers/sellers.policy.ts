import type { SellerApprovalStatus, SellerApplication } from '@curtaincall/contracts';
import { sellerApprovalStatusSchema } from '@curtaincall/contracts';

/** The stored approval status as the contract's enum (anything unknown reads as never applied). */
export function toApprovalStatus(value: string | null): SellerApprovalStatus | null {
  const parsed = sellerApprovalStatusSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * Whether a user may send an application now: never applied, or the last one ended (rejected,
 * withdrawn, revoked). PENDING waits for the decision; APPROVED is a seller already.
 */
export function canApply(status: SellerApprovalStatus | null): boolean {
  return status === null || status === 'REJECTED' || status === 'WITHDRAWN' || status === 'REVOKED';
}

/**
 * A seller who may give the role up. The role is the truth: a seller made before applications
 * existed (or by an operator) has no APPROVED status yet is a seller all the same.
 */
export function isApprovedSeller(role: string): boolean {
  return role === 'ROLE_SELLER';
}

/** `ROLE_SELLER` -> `SELLER`: SellerStatus carries the role without its prefix (§11.1). */
export function toStatusRole(role: string): 'USER' | 'SELLER' | 'ADMIN' {
  if (role === 'ROLE_ADMIN') return 'ADMIN';
  if (role === 'ROLE_SELLER') return 'SELLER';
  return 'USER';
}

/** A decision's application status from the admin's choice. */
export function decisionOf(approve: boolean): {
  application: SellerApplication['status'];
  approval: SellerApprovalStatus;
  history: 'APPROVED' | 'REJECTED';
} {
  return approve
    ? { application: 'ACCEPTED', approval: 'APPROVED', history: 'APPROVED' }
    : { application: 'REJECTED', approval: 'REJECTED', history: 'REJECTED' };
}
