import { sql } from 'drizzle-orm';
import { queryRows, type Database, type DbOrTx } from '../../db/client';

/**
 * The sandbox provider's books (issue 27): what each approved payment took and what was given
 * back, so it checks a refund as a real provider does: never more than remains, and a refund
 * repeated under the same idempotency key gives back once (answered with the first refund).
 * Issue 28 adds the 가상계좌 it issued: each account's amount, due time and deposit, so the test
 * bank page takes a deposit once, in full, before the due time, and a refund of money that came
 * by bank transfer asks where to send it.
 */
export interface SandboxVirtualAccount {
  paymentKey: string;
  orderId: string;
  bankCode: string;
  accountNumber: string;
  holder: string;
  amount: number;
  dueAt: Date;
  depositedAt: Date | null;
}

/** A payment as the books have it, with its 가상계좌 when it is one. */
export interface SandboxPaymentRecord {
  paymentKey: string;
  orderId: string;
  amount: number;
  refunded: number;
  recordedAt: Date;
  virtualAccount: SandboxVirtualAccount | null;
}

export type SandboxRefundRefusal =
  | 'UNKNOWN_PAYMENT'
  | 'OVER_REMAINING'
  /** Money that came by bank transfer goes back to an account the buyer names. */
  | 'REFUND_ACCOUNT_REQUIRED';

export type SandboxDepositRefusal =
  | 'UNKNOWN_ACCOUNT'
  | 'ALREADY_DEPOSITED'
  /** The order was cancelled before anything arrived: the account is closed. */
  | 'CANCELED'
  | 'EXPIRED'
  | 'WRONG_AMOUNT';

export interface SandboxBooks {
  /** An approved payment; recording the same payment key again changes nothing. */
  recordPayment(payment: { paymentKey: string; orderId: string; amount: number }): Promise<void>;
  refund(request: {
    paymentKey: string;
    amount: number;
    idempotencyKey: string;
    /** Used when this is a new refund; a repeated key answers with the first one's. */
    transactionKey: string;
    /** Whether the cancel named an account to send the money to (needed after a deposit). */
    refundAccountGiven: boolean;
  }): Promise<{ ok: true; transactionKey: string } | { ok: false; refusal: SandboxRefundRefusal }>;
  /**
   * Opens a 가상계좌 and records its payment. An order that has one already gets it back (a
   * repeated issue); `NUMBER_TAKEN` asks the caller to draw another account number.
   */
  openVirtualAccount(
    account: Omit<SandboxVirtualAccount, 'depositedAt'>,
  ): Promise<{ ok: true; account: SandboxVirtualAccount } | { ok: false; refusal: 'NUMBER_TAKEN' }>;
  findPayment(paymentKey: string): Promise<SandboxPaymentRecord | null>;
  findVirtualAccount(accountNumber: string): Promise<SandboxVirtualAccount | null>;
  /**
   * The test bank's transfer: the full amount, before the due time, once. Of two deposits into
   * one account, exactly one is taken.
   */
  deposit(request: {
    accountNumber: string;
    amount: number;
    now: Date;
  }): Promise<
    | { ok: true; account: SandboxVirtualAccount }
    | { ok: false; refusal: SandboxDepositRefusal; account: SandboxVirtualAccount | null }
  >;
}

interface VirtualAccountRow {
  payment_key: string;
  order_id: string;
  bank_code: string;
  account_number: string;
  holder: string;
  amount: number | string;
  due_at: Date | string;
  deposited_at: Date | string | null;
}

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

const accountOf = (row: VirtualAccountRow): SandboxVirtualAccount => ({
  paymentKey: row.payment_key,
  orderId: row.order_id,
  bankCode: row.bank_code,
  accountNumber: row.account_number,
  holder: row.holder,
  amount: Number(row.amount),
  dueAt: toDate(row.due_at),
  depositedAt: row.deposited_at === null ? null : toDate(row.deposited_at),
});

/** Why a deposit was not taken, read after the conditional update took nothing. */
function depositRefusalOf(
  account: SandboxVirtualAccount | null,
  cancelled: boolean,
  amount: number,
  now: Date,
): SandboxDepositRefusal {
  if (!account) return 'UNKNOWN_ACCOUNT';
  if (account.depositedAt) return 'ALREADY_DEPOSITED';
  if (cancelled) return 'CANCELED';
  if (account.dueAt.getTime() < now.getTime()) return 'EXPIRED';
  if (amount !== account.amount) return 'WRONG_AMOUNT';
  // Everything held, so another deposit took the account in between.
  return 'ALREADY_DEPOSITED';
}

/**
 * What a refund of this payment may give back: a deposited 가상계좌 needs the buyer's account;
 * one not yet paid into is closed whole (nothing arrived, so nothing can be split).
 */
function refundCheck(
  payment: { amount: number; refunded: number },
  virtualAccount: { depositedAt: Date | null } | null,
  amount: number,
  refundAccountGiven: boolean,
): SandboxRefundRefusal | null {
  const remaining = payment.amount - payment.refunded;
  if (amount > remaining) return 'OVER_REMAINING';
  if (virtualAccount && !virtualAccount.depositedAt && amount !== remaining) {
    return 'OVER_REMAINING';
  }
  if (virtualAccount?.depositedAt && !refundAccountGiven) return 'REFUND_ACCOUNT_REQUIRED';
  return null;
}

const virtualAccountColumns = sql`payment_key, order_id, bank_code, account_number, holder,
  amount, due_at, deposited_at`;

async function readVirtualAccount(
  db: DbOrTx,
  where: { accountNumber: string } | { orderId: string } | { paymentKey: string },
): Promise<SandboxVirtualAccount | null> {
  const condition =
    'accountNumber' in where
      ? sql`account_number = ${where.accountNumber}`
      : 'orderId' in where
        ? sql`order_id = ${where.orderId}`
        : sql`payment_key = ${where.paymentKey}`;
  const [row] = await queryRows<VirtualAccountRow>(
    db,
    sql`select ${virtualAccountColumns} from sandbox_virtual_accounts where ${condition}`,
  );
  return row ? accountOf(row) : null;
}

/**
 * Books in the database (`sandbox_payments`, `sandbox_refunds`, `sandbox_virtual_accounts`),
 * shared by every instance. A refund and a deposit lock their payment's row first, so two
 * refunds of one payment (or two attempts of one key), two deposits, or a deposit and a cancel
 * are checked one after the other.
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
    refund: ({ paymentKey, amount, idempotencyKey, transactionKey, refundAccountGiven }) =>
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
        const refusal = refundCheck(
          { amount: Number(payment.amount), refunded: Number(payment.refunded) },
          await readVirtualAccount(tx, { paymentKey }),
          amount,
          refundAccountGiven,
        );
        if (refusal) return { ok: false as const, refusal };
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
    openVirtualAccount: (account) =>
      db.transaction(async (tx) => {
        // One statement decides between two issues of one order (the unique order_id), and a
        // drawn number that is taken (the unique account_number) inserts nothing either.
        const [opened] = await queryRows<VirtualAccountRow>(
          tx,
          sql`insert into sandbox_virtual_accounts
                (payment_key, order_id, bank_code, account_number, holder, amount, due_at)
              values (${account.paymentKey}, ${account.orderId}, ${account.bankCode},
                      ${account.accountNumber}, ${account.holder}, ${account.amount},
                      ${account.dueAt.toISOString()}::timestamptz)
              on conflict do nothing
              returning ${virtualAccountColumns}`,
        );
        if (opened) {
          await tx.execute(
            sql`insert into sandbox_payments (payment_key, order_id, amount)
                values (${account.paymentKey}, ${account.orderId}, ${account.amount})
                on conflict (payment_key) do nothing`,
          );
          return { ok: true as const, account: accountOf(opened) };
        }
        const existing = await readVirtualAccount(tx, { orderId: account.orderId });
        return existing
          ? { ok: true as const, account: existing }
          : { ok: false as const, refusal: 'NUMBER_TAKEN' as const };
      }),
    async findPayment(paymentKey) {
      const [payment] = await queryRows<{
        order_id: string;
        amount: number;
        refunded: number;
        created_at: Date | string;
      }>(
        db,
        sql`select order_id, amount, refunded, created_at from sandbox_payments
             where payment_key = ${paymentKey}`,
      );
      if (!payment) return null;
      return {
        paymentKey,
        orderId: payment.order_id,
        amount: Number(payment.amount),
        refunded: Number(payment.refunded),
        recordedAt: toDate(payment.created_at),
        virtualAccount: await readVirtualAccount(db, { paymentKey }),
      };
    },
    findVirtualAccount: (accountNumber) => readVirtualAccount(db, { accountNumber }),
    deposit: ({ accountNumber, amount, now }) =>
      db.transaction(async (tx) => {
        // The payment's row first, as a refund takes it: a cancel and a deposit of one order
        // are decided one after the other.
        const [payment] = await queryRows<{ refunded: number }>(
          tx,
          sql`select p.refunded from sandbox_payments p
                join sandbox_virtual_accounts v on v.payment_key = p.payment_key
               where v.account_number = ${accountNumber}
               for update of p`,
        );
        // The deposit is the one conditional update: of two deposits, only one finds the
        // account still unpaid, whatever ran between the lock and here.
        const [taken] = await queryRows<VirtualAccountRow>(
          tx,
          sql`update sandbox_virtual_accounts v set deposited_at = ${now.toISOString()}::timestamptz
               where v.account_number = ${accountNumber}
                 and v.deposited_at is null
                 and v.due_at >= ${now.toISOString()}::timestamptz
                 and v.amount = ${amount}
                 and not exists (select 1 from sandbox_payments p
                                  where p.payment_key = v.payment_key and p.refunded > 0)
               returning ${virtualAccountColumns}`,
        );
        if (taken) return { ok: true as const, account: accountOf(taken) };
        const account = await readVirtualAccount(tx, { accountNumber });
        const cancelled = Number(payment?.refunded ?? 0) > 0;
        return {
          ok: false as const,
          refusal: depositRefusalOf(account, cancelled, amount, now),
          account,
        };
      }),
  };
}

/** The same books in this process, for a provider a unit test builds without a database. */
export function createMemorySandboxBooks(): SandboxBooks {
  const payments = new Map<
    string,
    { orderId: string; amount: number; refunded: number; recordedAt: Date }
  >();
  const refunds = new Map<string, string>();
  const accounts = new Map<string, SandboxVirtualAccount>();
  const accountByPaymentKey = (paymentKey: string) =>
    [...accounts.values()].find((a) => a.paymentKey === paymentKey) ?? null;
  // Copies, so a caller cannot change the books by changing what it was given.
  const copy = (account: SandboxVirtualAccount | null) => (account ? { ...account } : null);
  return {
    async recordPayment({ paymentKey, orderId, amount }) {
      if (!payments.has(paymentKey)) {
        payments.set(paymentKey, { orderId, amount, refunded: 0, recordedAt: new Date() });
      }
    },
    async refund({ paymentKey, amount, idempotencyKey, transactionKey, refundAccountGiven }) {
      const payment = payments.get(paymentKey);
      if (!payment) return { ok: false, refusal: 'UNKNOWN_PAYMENT' };
      const earlier = refunds.get(idempotencyKey);
      if (earlier) return { ok: true, transactionKey: earlier };
      const refusal = refundCheck(
        payment,
        accountByPaymentKey(paymentKey),
        amount,
        refundAccountGiven,
      );
      if (refusal) return { ok: false, refusal };
      payment.refunded += amount;
      refunds.set(idempotencyKey, transactionKey);
      return { ok: true, transactionKey };
    },
    async openVirtualAccount(account) {
      const existing = [...accounts.values()].find((a) => a.orderId === account.orderId);
      if (existing) return { ok: true, account: { ...existing } };
      if (accounts.has(account.accountNumber)) return { ok: false, refusal: 'NUMBER_TAKEN' };
      const opened = { ...account, depositedAt: null };
      accounts.set(account.accountNumber, opened);
      payments.set(account.paymentKey, {
        orderId: account.orderId,
        amount: account.amount,
        refunded: 0,
        recordedAt: new Date(),
      });
      return { ok: true, account: { ...opened } };
    },
    async findPayment(paymentKey) {
      const payment = payments.get(paymentKey);
      if (!payment) return null;
      return {
        paymentKey,
        orderId: payment.orderId,
        amount: payment.amount,
        refunded: payment.refunded,
        recordedAt: payment.recordedAt,
        virtualAccount: copy(accountByPaymentKey(paymentKey)),
      };
    },
    async findVirtualAccount(accountNumber) {
      return copy(accounts.get(accountNumber) ?? null);
    },
    async deposit({ accountNumber, amount, now }) {
      // No await between the check and the mark: one deposit of two is taken.
      const account = accounts.get(accountNumber) ?? null;
      const cancelled = account ? (payments.get(account.paymentKey)?.refunded ?? 0) > 0 : false;
      const takes =
        account !== null &&
        account.depositedAt === null &&
        !cancelled &&
        account.dueAt.getTime() >= now.getTime() &&
        account.amount === amount;
      if (!takes || !account) {
        return {
          ok: false,
          refusal: depositRefusalOf(account, cancelled, amount, now),
          account: copy(account),
        };
      }
      account.depositedAt = now;
      return { ok: true, account: { ...account } };
    },
  };
}
