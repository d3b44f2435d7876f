import {
  accountMessages,
  registerBodySchema,
  type CurrentUser,
  type FieldError,
  type LoginBody,
  type SocialSignupInfo,
} from '@curtaincall/contracts';
import type { CounterStorePort } from '../../adapters/counter-store/counter-store';
import type { SessionData } from '../../adapters/session-store/session-store';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { Clock } from '../../lib/clock';
import { uniqueViolationConstraint } from '../../lib/db-errors';
import type { UploadedPart } from '../../lib/multipart';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords';
import type { FilesService, StoredFile } from '../files/files.service';
import {
  findTakenIdentifiers,
  findSessionUserRow,
  findUserByUsername,
  insertSocialAccount,
  insertUser,
  type UserRow,
} from './auth.repo';
import { toRole, type AuthUser } from './auth.policy';

export interface AuthServiceDeps {
  db: Database;
  files: FilesService;
  counters: CounterStorePort;
  clock: Clock;
  login: { maxFailures: number; windowSeconds: number };
}

function toAuthUser(
  row: Pick<UserRow, 'id' | 'username' | 'nickname' | 'name' | 'email' | 'role'>,
): AuthUser {
  return {
    id: row.id,
    username: row.username,
    nickname: row.nickname,
    name: row.name,
    email: row.email,
    role: toRole(row.role),
  };
}

export function toCurrentUser(user: AuthUser): CurrentUser {
  return { userId: user.id, username: user.username, nickname: user.nickname, role: user.role };
}

/** Per-IP failures allowed before the IP is blocked, as a multiple of the per-username limit. */
const IP_FAILURE_MULTIPLIER = 4;

export function createAuthService(deps: AuthServiceDeps) {
  const { db, files, counters, clock } = deps;

  /** The user behind a session, read fresh so role changes show on the next request. */
  async function findSessionUser(userId: number): Promise<AuthUser | null> {
    const row = await findSessionUserRow(db, userId);
    return row ? toAuthUser(row) : null;
  }

  /**
   * Checks a username and password. Repeated failures for one username or one IP are refused
   * with 429 A009 for the rest of the window, even with the right password.
   */
  async function verifyLogin(options: { body: LoginBody; ip: string }): Promise<AuthUser> {
    const username = options.body.username.trim();
    const userKey = `login-fail:user:${username.toLowerCase()}`;
    const ipKey = `login-fail:ip:${options.ip}`;
    const [userFailures, ipFailures] = await Promise.all([
      counters.get(userKey),
      counters.get(ipKey),
    ]);
    if (
      userFailures >= deps.login.maxFailures ||
      ipFailures >= deps.login.maxFailures * IP_FAILURE_MULTIPLIER
    ) {
      throw new AppError('A009');
    }
    const row = await findUserByUsername(db, username);
    const passwordOk = row?.passwordHash
      ? await verifyPassword(row.passwordHash, options.body.password)
      : await verifyPassword(await dummyPasswordHash(), options.body.password).then(() => false);
    if (!row || !passwordOk) {
      await counters.incrementEach([userKey, ipKey], deps.login.windowSeconds);
      throw new AppError('A001');
    }
    await counters.reset(userKey);
    return toAuthUser(row);
  }

  /** Registers an account (api-contract.md §2.4); social completion links the pending provider. */
  async function register(options: {
    fields: Record<string, string>;
    profileImage: UploadedPart | undefined;
    socialSignup: SessionData['socialSignup'];
  }): Promise<AuthUser> {
    const isSocial = options.fields.isSocialUser === 'true';
    const pending = isSocial ? liveSocialSignup(options.socialSignup) : null;
    if (isSocial && !pending) throw new AppError('A010', accountMessages.socialExpired);
    const input = pending
      ? { ...options.fields, email: pending.email, name: options.fields.name || pending.name }
      : options.fields;

    const parsed = registerBodySchema.safeParse(input);
    if (!parsed.success) {
      const fieldErrors: FieldError[] = parsed.error.issues.map((issue) => ({
        field: issue.path.join('.') || 'body',
        message: issue.message,
      }));
      throw new AppError('C001', fieldErrors[0]?.message, fieldErrors);
    }
    const body = parsed.data;
    const email = body.email.toLowerCase();
    const username = body.username;
    const nickname = body.nickname;

    await assertIdentifiersFree({ username, email, nickname });

    const passwordHash = isSocial || !body.password ? null : await hashPassword(body.password);
    const stored: StoredFile | null = options.profileImage
      ? await files.storeProfileImage(options.profileImage)
      : null;
    try {
      const user = await db.transaction(async (tx) => {
        const created = await insertUser(tx, {
          username,
          email,
          nickname,
          passwordHash,
          name: body.name,
          phone: body.phone,
          address: body.address,
          profileImageKey: stored?.storageKey ?? null,
        });
        if (stored) await files.recordFile(tx, stored, created.id);
        if (pending) {
          await insertSocialAccount(tx, {
            userId: created.id,
            provider: pending.provider,
            providerUserId: pending.providerUserId,
            email: pending.email,
          });
        }
        return created;
      });
      return toAuthUser(user);
    } catch (error) {
      if (stored) await files.discardFile(stored);
      const constraint = uniqueViolationConstraint(error);
      if (constraint !== null) throw duplicateError(constraint);
      throw error;
    }
  }

  async function assertIdentifiersFree(values: {
    username: string;
    email: string;
    nickname: string;
  }): Promise<void> {
    const taken = await findTakenIdentifiers(db, values);
    if (taken.some((u) => u.username === values.username)) {
      throw new AppError('A008', accountMessages.duplicateUsername);
    }
    if (taken.some((u) => u.email === values.email)) {
      throw new AppError('A008', accountMessages.duplicateEmail);
    }
    if (taken.some((u) => u.nickname === values.nickname)) {
      throw new AppError('A008', accountMessages.duplicateNickname);
    }
  }

  /** What the register page pre-fills from the pending social sign-up (api-contract.md §2.5). */
  function socialSignupInfo(socialSignup: SessionData['socialSignup']): SocialSignupInfo {
    const pending = liveSocialSignup(socialSignup);
    if (!pending) throw new AppError('A006', '세션이 만료되었거나 정보가 없습니다.');
    if (!pending.email || !pending.name) {
      throw new AppError('C001', '소셜 유저 정보가 누락되었습니다.');
    }
    return { email: pending.email, name: pending.name };
  }

  function liveSocialSignup(socialSignup: SessionData['socialSignup']) {
    if (!socialSignup || socialSignup.expiresAt <= clock.now().getTime()) return null;
    return socialSignup;
  }

  return { findSessionUser, verifyLogin, register, socialSignupInfo };
}

/** A unique-index race that slipped past the pre-check still names the right field. */
function duplicateError(constraint: string): AppError {
  if (constraint.includes('email')) return new AppError('A008', accountMessages.duplicateEmail);
  if (constraint.includes('nickname')) {
    return new AppError('A008', accountMessages.duplicateNickname);
  }
  return new AppError('A008', accountMessages.duplicateUsername);
}

export type AuthService = ReturnType<typeof createAuthService>;
