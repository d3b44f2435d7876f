import { virtualAccountSchema, type VirtualAccount } from '@curtaincall/contracts';
import { z } from 'zod';

/** Where a 가상계좌 booking lands: no window opens, the account is shown there (issue 28). */
export function depositResultPath(bookingNumber: string): string {
  return `/payment/result/deposit?${new URLSearchParams({ bookingNumber }).toString()}`;
}

/** What the seat page hands to the deposit page with the navigation: its first paint. */
export interface DepositResultState {
  virtualAccount: VirtualAccount;
}

const depositResultStateSchema = z.object({ virtualAccount: virtualAccountSchema });

/**
 * The account from the router state, or null (a reload, a shared link, anything malformed):
 * history state outlives the page and may be anything, so it is checked before it is shown.
 */
export function readDepositResultState(state: unknown): VirtualAccount | null {
  const parsed = depositResultStateSchema.safeParse(state);
  return parsed.success ? parsed.data.virtualAccount : null;
}
