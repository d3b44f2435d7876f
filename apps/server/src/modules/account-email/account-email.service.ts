import { createHash, randomBytes } from 'node:crypto';
import {
  accountEmailMessages,
  accountMessages,
  MAIL_OUTBOX_LIST_LIMIT,
  type ConfirmEmailResult,
  type EmailStatus,
  type MailOutbox,
  type PasswordResetRequestBody,
} from '@curtaincall/contracts';
import type { CounterStorePort } from '../../adapters/counter-store/counter-store';
import type { MailerPort, MailMessage } from '../../adapters/mailer/mailer';
import type { SessionStorePort } from '../../adapters/session-store/session-store';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { Clock } from '../../lib/clock';
import { uniqueViolationConstraint } from '../../lib/db-errors';
import { hashPassword } from '../../lib/passwords';
import { toSeoulDateTime } from '../../lib/seoul-time';
import {
  emailChangeMail,
  emailChangedNoticeMail,
  passwordResetMail,
  usernameMail,
  verificationMail,
} from './account-mails';
import {
  changeVerifiedEmail,
  consumeToken,
  deleteSocialLinks,
  dropUnusedTokens,
  emailTakenByOther,
  findMailUser,
  findToken,
  findUserByUsernameAndEmail,
  findUsersByEmail,
  listOutbox,
  lockMailUser,
  markEmailVerified,
  replaceToken,
  setPasswordHash,
  type AccountTokenPurpose,
  type MailUserRow,
} from './account-email.repo';

/** A verification link lives a day (mail may be read the next morning); a reset link 30 min. */
export const VERIFY_LINK_HOURS = 24;
export const RESET_LINK_MINUTES = 30;

/**
 * Mail requests per fixed 10-minute window. Targets (an account, an address, a username) are
 * counted whether or not they exist, so a 429 says nothing about existence.
 */
const MAIL_WINDOW_SECONDS = 600;
const PER_TARGET_LIMIT = 3;
const PER_IP_LIMIT = 20;

export interface AccountEmailServiceDeps {
  db: Database;
  mailer: MailerPort;
  counters: CounterStorePort;
  sessions: Pick<SessionStorePort, 'destroyAllForUser'>;
  clock: Clock;
  /** Where the links in the mails point (the web app). */
  frontBaseUrl: string;
  log: { error(object: object, message: string): void };
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function createAccountEmailService(deps: AccountEmailServiceDeps) {
  const { db, mailer, counters, clock } = deps;
  const front = deps.frontBaseUrl.replace(/\/$/, '');

  /**
   * Mail work that runs after the answer: the answer to "mail me" must not wait for (or be
   * timed by) the lookup and the SMTP server, which would tell whether an account exists.
   */
  const inFlight = new Set<Promise<void>>();
  function inBackground(what: string, work: () => Promise<void>): void {
    const task: Promise<void> = Promise.resolve()
      .then(work)
      .catch((error: unknown) => deps.log.error({ err: error }, `account mail: ${what} failed`))
      .finally(() => inFlight.delete(task));
    inFlight.add(task);
  }
  /** Resolves when no mail work is left (tests; the app's close). */
  async function idle(): Promise<void> {
    while (inFlight.size > 0) await Promise.all([...inFlight]);
  }

  /** Counts one request against each (key, limit); 429 E001 when any is over. */
  async function limitRequests(kind: string, targets: Array<[string, number]>): Promise<void> {
    const now = clock.now().getTime();
    const length = MAIL_WINDOW_SECONDS * 1000;
    const window = Math.floor(now / length);
    const counts = await counters.incrementEach(
      targets.map(([key]) => `mail:${kind}:${window}:${key}`),
      MAIL_WINDOW_SECONDS,
    );
    if (counts.some((count, i) => count > (targets[i]?.[1] ?? 0))) {
      const minutes = Math.max(1, Math.ceil(((window + 1) * length - now) / 60_000));
      throw new AppError(
        'E001',
        accountEmailMessages.tooManyRequests(minutes),
        undefined,
        Math.ceil(((window + 1) * length - now) / 1000),
      );
    }
  }

  /** A new single-use link for the user; only its hash is stored, the older ones stop working. */
  async function issueLink(
    user: Pick<MailUserRow, 'id'>,
    purpose: AccountTokenPurpose,
    email: string,
    lifetimeMs: number,
  ): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = clock.now();
    await db.transaction(async (tx) => {
      await replaceToken(tx, {
        userId: user.id,
        purpose,
        tokenHash: hashToken(token),
        email,
        expiresAt: new Date(now.getTime() + lifetimeMs),
        createdAt: now,
      });
    });
    return token;
  }

  async function mailVerification(user: MailUserRow): Promise<void> {
    const token = await issueLink(user, 'verify_email', user.email, VERIFY_LINK_HOURS * 3_600_000);
    await mailer.send(
      verificationMail({
        to: user.email,
        username: user.username,
        link: `${front}/verify-email?token=${token}`,
        validHours: VERIFY_LINK_HOURS,
      }),
    );
  }

  /** After a sign-up: mails the link unless the address is already proven (social sign-up). */
  function sendSignupVerification(userId: number): void {
    inBackground('sign-up verification', async () => {
      const user = await findMailUser(db, userId);
      if (user && !user.emailVerifiedAt) await mailVerification(user);
    });
  }

  /** My page's 인증 메일 다시 보내기. */
  async function resendVerification(options: {
    userId: number;
    ip: string;
  }): Promise<'sent' | 'already'> {
    await limitRequests('verify', [
      [`user:${options.userId}`, PER_TARGET_LIMIT],
      [`ip:${options.ip}`, PER_IP_LIMIT],
    ]);
    const user = await findMailUser(db, options.userId);
    if (!user) throw new AppError('A007');
    if (user.emailVerifiedAt) return 'already';
    inBackground('verification', () => mailVerification(user));
    return 'sent';
  }

  /** My page: a new address is used only once its mailbox opens the link sent to it. */
  async function requestEmailChange(options: {
    userId: number;
    email: string;
    ip: string;
  }): Promise<void> {
    const email = options.email.trim().toLowerCase();
    await limitRequests('change-email', [
      [`user:${options.userId}`, PER_TARGET_LIMIT],
      [`ip:${options.ip}`, PER_IP_LIMIT],
    ]);
    const user = await findMailUser(db, options.userId);
    if (!user) throw new AppError('A007');
    if (user.email === email) {
      throw new AppError('C001', accountEmailMessages.sameEmail, [
        { field: 'email', message: accountEmailMessages.sameEmail },
      ]);
    }
    // As at sign-up (api-contract §2.4), a logged-in user is told the address is taken.
    if (await emailTakenByOther(db, email, user.id)) {
      throw new AppError('A008', accountMessages.duplicateEmail, [
        { field: 'email', message: accountMessages.duplicateEmail },
      ]);
    }
    inBackground('e-mail change', async () => {
      const token = await issueLink(user, 'change_email', email, VERIFY_LINK_HOURS * 3_600_000);
      await mailer.send(
        emailChangeMail({
          to: email,
          username: user.username,
          link: `${front}/verify-email?token=${token}`,
          validHours: VERIFY_LINK_HOURS,
        }),
      );
    });
  }

  /** Why a link was refused: unknown (or replaced), expired, or used. */
  async function refusal(tokenHash: string, purposes: AccountTokenPurpose[]): Promise<AppError> {
    const row = await findToken(db, tokenHash, purposes);
    if (!row) return new AppError('E002');
    if (row.usedAt) return new AppError('E004');
    return new AppError('E003');
  }

  /** The verification page: spends the link, then verifies (or changes to) its address. */
  async function confirmEmail(token: string): Promise<ConfirmEmailResult> {
    const tokenHash = hashToken(token);
    const purposes: AccountTokenPurpose[] = ['verify_email', 'change_email'];
    const now = clock.now();
    let outcome: { result: ConfirmEmailResult; notice: MailMessage | null } | null;
    try {
      outcome = await db.transaction(async (tx) => {
        const row = await consumeToken(tx, tokenHash, purposes, now);
        if (!row) return null;
        const user = await lockMailUser(tx, row.userId);
        if (!user) return null;
        if (row.purpose === 'verify_email') {
          // A link to an address the account no longer has proves nothing about the account.
          if (user.email !== row.email) throw new AppError('E002');
          await markEmailVerified(tx, user.id, now);
          return { result: { email: user.email, changed: false }, notice: null };
        }
        if (await emailTakenByOther(tx, row.email, user.id)) {
          throw new AppError('A008', accountMessages.duplicateEmail);
        }
        await changeVerifiedEmail(tx, user.id, row.email, now);
        // Reset links went to the old address: they no longer belong to this account's mailbox.
        await dropUnusedTokens(tx, user.id, ['reset_password', 'verify_email']);
        return {
          result: { email: row.email, changed: true },
          notice: emailChangedNoticeMail({
            to: user.email,
            username: user.username,
            newEmail: row.email,
            findPasswordLink: `${front}/find-password`,
          }),
        };
      });
    } catch (error) {
      if (uniqueViolationConstraint(error) !== null) {
        throw new AppError('A008', accountMessages.duplicateEmail);
      }
      throw error;
    }
    if (!outcome) throw await refusal(tokenHash, purposes);
    const notice = outcome.notice;
    if (notice) inBackground('e-mail change notice', () => mailer.send(notice));
    return outcome.result;
  }

  async function emailStatus(userId: number): Promise<EmailStatus> {
    const user = await findMailUser(db, userId);
    if (!user) throw new AppError('A007');
    return {
      email: user.email,
      emailVerified: user.emailVerifiedAt !== null,
      verifiedAt: user.emailVerifiedAt ? toSeoulDateTime(user.emailVerifiedAt) : null,
    };
  }

  /** 아이디 찾기: the same answer, at once, whether or not the address has an account. */
  async function findUsername(options: { email: string; ip: string }): Promise<void> {
    const email = options.email.trim().toLowerCase();
    await limitRequests('find-username', [
      [`email:${email}`, PER_TARGET_LIMIT],
      [`ip:${options.ip}`, PER_IP_LIMIT],
    ]);
    inBackground('아이디 찾기', async () => {
      const accounts = await findUsersByEmail(db, email);
      if (accounts.length === 0) return;
      await mailer.send(
        usernameMail({
          to: email,
          usernames: accounts.map((a) => a.username),
          loginLink: `${front}/login`,
        }),
      );
    });
  }

  /** 비밀번호 찾기: a reset link to the account's address when username and address match. */
  async function requestPasswordReset(options: {
    body: PasswordResetRequestBody;
    ip: string;
  }): Promise<void> {
    const username = options.body.username.trim();
    const email = options.body.email.trim().toLowerCase();
    await limitRequests('reset', [
      [`user:${username}`, PER_TARGET_LIMIT],
      [`email:${email}`, PER_TARGET_LIMIT],
      [`ip:${options.ip}`, PER_IP_LIMIT],
    ]);
    inBackground('비밀번호 찾기', async () => {
      const user = await findUserByUsernameAndEmail(db, username, email);
      if (!user) return;
      const token = await issueLink(user, 'reset_password', email, RESET_LINK_MINUTES * 60_000);
      await mailer.send(
        passwordResetMail({
          to: email,
          username: user.username,
          link: `${front}/reset-password?token=${token}`,
          validMinutes: RESET_LINK_MINUTES,
        }),
      );
    });
  }

  /**
   * The reset page: spends the link, sets the password and ends every session of the account.
   * The link proved the mailbox, so the address counts as verified from now on; an account that
   * was never verified loses the social logins linked to it, which whoever held the account
   * before the mailbox's owner may have added (account pre-hijacking).
   */
  async function confirmPasswordReset(options: {
    token: string;
    newPassword: string;
  }): Promise<void> {
    const tokenHash = hashToken(options.token);
    const purposes: AccountTokenPurpose[] = ['reset_password'];
    const passwordHash = await hashPassword(options.newPassword);
    const now = clock.now();
    const userId = await db.transaction(async (tx) => {
      const row = await consumeToken(tx, tokenHash, purposes, now);
      if (!row) return null;
      const user = await lockMailUser(tx, row.userId);
      if (!user || user.email !== row.email) throw new AppError('E002');
      await setPasswordHash(tx, user.id, passwordHash, now);
      if (!user.emailVerifiedAt) {
        await deleteSocialLinks(tx, user.id);
        await markEmailVerified(tx, user.id, now);
      }
      await dropUnusedTokens(tx, user.id, ['reset_password']);
      return user.id;
    });
    if (userId === null) throw await refusal(tokenHash, purposes);
    await deps.sessions.destroyAllForUser(userId);
  }

  async function outbox(to: string | undefined): Promise<MailOutbox> {
    if (mailer.delivery !== 'outbox') return { delivery: mailer.delivery, mails: [] };
    const rows = await listOutbox(db, { to: to || undefined, limit: MAIL_OUTBOX_LIST_LIMIT });
    return {
      delivery: 'outbox',
      mails: rows.map((row) => ({
        id: row.id,
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        createdAt: toSeoulDateTime(row.createdAt),
      })),
    };
  }

  return {
    sendSignupVerification,
    resendVerification,
    requestEmailChange,
    confirmEmail,
    emailStatus,
    findUsername,
    requestPasswordReset,
    confirmPasswordReset,
    outbox,
    idle,
  };
}

export type AccountEmailService = ReturnType<typeof createAccountEmailService>;
