import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client';

/**
 * The sandbox provider's books (issue 27): what each approved payment took and what was given
 * back, so it checks a refund as a real provider does: never more than remains, and a refund
 * repeated under the same idempotency key gives back once (answered with the first refund).
 */
export interface SandboxBooks {
  /** An approved payment; recording the same payment key again changes nothing. */
  recordPayment(payment: { paymentKey: string; orderId: string; amount: number }): Promise<void>;
  refund(request: {
    paymentKey: string;
    amount: number;
    idempotencyKey: string;
    /** Used when this is a new refund; a repeated key answers with the first one's. */
    transactionKey: string;
  }): Promise<
    | { ok: true; transactionKey: string }
    | { ok: false; refusal: 'UNKNOWN_PAYMENT' | 'OVER_REMAINING' }
  >;
}

/**
 * Books in the database (`sandbox_payments`, `sandbox_refunds`), shared by every instance. A
 * refund locks its payment's row first, so two refunds of one payment (or two attempts of one
 * key) are checked one after the other.
 */
export function createDatabaseSandboxBooks(db: Database): SandboxBooks {
  return {
    async recordPayment({ paymentKey, orderId, amount }) {
      await db.execute(
        sql`insert into sandbox_payments (payment_key, order_id, amount)
            values (${paymentKey}, ${orderId}, ${amount})
            on conflict (payment_key) do nothing`,
      );
    },
    refund: ({ paymentKey, amount, idempotencyKey, transactionKey }) =>
      db.transaction(async (tx) => {
        // Payments confirmed before the sandbox kept books (the demo's, a database from before
        // issue 27) enter them at their first refund, with the amount our payments row says.
        await tx.execute(
          sql`insert into sandbox_payments (payment_key, order_id, amount)
              select payment_key, order_id, amount from payments
               where payment_key = ${paymentKey} and provider = 'sandbox'
              on conflict (payment_key) do nothing`,
        );
        const [payment] = await queryRows<{ amount: number; refunded: number }>(
          tx,
          sql`select amount, refunded from sandbox_payments
               where payment_key = ${paymentKey} for update`,
        );
        if (!payment) return { ok: false as const, refusal: 'UNKNOWN_PAYMENT' as const };
        const [earlier] = await queryRows<{ transaction_key: string }>(
          tx,
          sql`select transaction_key from sandbox_refunds
               where idempotency_key = ${idempotencyKey}`,
        );
        if (earlier) return { ok: true as const, transactionKey: earlier.transaction_key };
        if (amount > Number(payment.amount) - Number(payment.refunded)) {
          return { ok: false as const, refusal: 'OVER_REMAINING' as const };
        }
        await tx.execute(
          sql`update sandbox_payments set refunded = refunded + ${amount}
               where payment_key = ${paymentKey}`,
        );
        await tx.execute(
          sql`insert into sandbox_refunds (idempotency_key, payment_key, amount, transaction_key)
              values (${idempotencyKey}, ${paymentKey}, ${amount}, ${transactionKey})`,
        );
        return { ok: true as const, transactionKey };
      }),
  };
}

/** The same books in this process, for a provider a unit test builds without a database. */
export function createMemorySandboxBooks(): SandboxBooks {
  const payments = new Map<string, { amount: number; refunded: number }>();
  const refunds = new Map<string, string>();
  return {
    async recordPayment({ paymentKey, amount }) {
      if (!payments.has(paymentKey)) payments.set(paymentKey, { amount, refunded: 0 });
    },
    async refund({ paymentKey, amount, idempotencyKey, transactionKey }) {
      const payment = payments.get(paymentKey);
      if (!payment) return { ok: false, refusal: 'UNKNOWN_PAYMENT' };
      const earlier = refunds.get(idempotencyKey);
      if (earlier) return { ok: true, transactionKey: earlier };
      if (amount > payment.amount - payment.refunded) {
        return { ok: false, refusal: 'OVER_REMAINING' };
      }
      payment.refunded += amount;
      refunds.set(idempotencyKey, transactionKey);
      return { ok: true, transactionKey };
    },
  };
}
