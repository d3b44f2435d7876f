import {
  bankName,
  maskDigits,
  maskName,
  type RefundAccount,
  type RefundAccountBody,
} from '@curtaincall/contracts';
import type { RefundReceiveAccount } from '../../adapters/payment-provider/payment-provider';
import type { Database } from '../../db/client';
import type { FieldCrypto } from '../../lib/field-crypto';
import type { Clock } from '../../lib/clock';
import { toSeoulDateTime } from '../../lib/seoul-time';
import {
  deleteRefundAccount,
  findRefundAccount,
  upsertRefundAccount,
  type RefundAccountRow,
} from './refund-accounts.repo';

export interface RefundAccountsServiceDeps {
  db: Database;
  /** Seals the account number and holder at rest (lib/field-crypto.ts). */
  crypto: FieldCrypto;
  clock: Clock;
  /**
   * Called after an account is saved: a deposit refund that was waiting for one (a late
   * deposit given back) can go now. Optional; nothing waits when it is absent.
   */
  onSaved?: (userId: number) => void;
}

/** Only the masked forms ever leave the server: a leaked answer names no account. */
function toRefundAccount(row: RefundAccountRow): RefundAccount {
  return {
    bankCode: row.bankCode,
    bankName: bankName(row.bankCode),
    maskedNumber: row.maskedNumber,
    maskedHolder: row.maskedHolder,
    updatedAt: toSeoulDateTime(row.updatedAt),
  };
}

/**
 * The buyer's 환불 계좌 (issue 28, point 3): where a payment that came by bank transfer (가상계좌)
 * is given back. Number and holder are stored encrypted; the buyer sees them masked; only the
 * payments service's provider call reads them in full (`readRefundReceiveAccount`).
 */
export function createRefundAccountsService(deps: RefundAccountsServiceDeps) {
  const { db, crypto, clock, onSaved } = deps;

  /** `GET /users/me/refund-account`: the caller's account, masked, or null. */
  async function getOwn(userId: number): Promise<RefundAccount | null> {
    const row = await findRefundAccount(db, userId);
    return row ? toRefundAccount(row) : null;
  }

  /** `PUT /users/me/refund-account`: stores (or replaces) the caller's account. */
  async function saveOwn(userId: number, body: RefundAccountBody): Promise<RefundAccount> {
    const saved = await upsertRefundAccount(db, {
      userId,
      bankCode: body.bank,
      accountNumberEncrypted: crypto.encrypt(body.accountNumber),
      holderEncrypted: crypto.encrypt(body.holder),
      maskedNumber: maskDigits(body.accountNumber),
      maskedHolder: maskName(body.holder),
      updatedAt: clock.now(),
    });
    onSaved?.(userId);
    return toRefundAccount(saved);
  }

  /** `DELETE /users/me/refund-account`: whether there was one. */
  async function deleteOwn(userId: number): Promise<boolean> {
    return deleteRefundAccount(db, userId);
  }

  /**
   * The account in full, for the provider's cancel call only (never for an answer). A value this
   * key cannot open (the application secret was replaced) counts as no account: the buyer is
   * asked to register it again (M007) instead of the refund failing at the provider.
   */
  async function readRefundReceiveAccount(userId: number): Promise<RefundReceiveAccount | null> {
    const row = await findRefundAccount(db, userId);
    if (!row) return null;
    try {
      return {
        bank: row.bankCode,
        accountNumber: crypto.decrypt(row.accountNumberEncrypted),
        holderName: crypto.decrypt(row.holderEncrypted),
      };
    } catch {
      return null;
    }
  }

  return { getOwn, saveOwn, deleteOwn, readRefundReceiveAccount };
}

export type RefundAccountsService = ReturnType<typeof createRefundAccountsService>;
