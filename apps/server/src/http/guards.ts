import type { FastifyRequest } from 'fastify';
import type { AuthUser, SessionUser } from '../modules/auth/auth.policy';
import { AppError } from './app-error';

/** The logged-in user, or 401 A006. */
export async function requireUser(request: FastifyRequest): Promise<AuthUser> {
  const user = await request.currentUser();
  if (!user) throw new AppError('A006');
  return user;
}

/**
 * The logged-in caller's id from the session alone, or 401 A006, without reading the users table.
 * For the routes that act only on who the caller is (waiting room, seats, polling): they run
 * thousands of times a second in an on-sale rush, and no role changes what they allow. Sound
 * because a live session only names an existing user: whatever removes a user or ends their
 * access also ends their sessions (SessionStorePort.destroyAllForUser).
 */
export function requireSessionUser(request: FastifyRequest): SessionUser {
  const userId = request.session?.userId;
  if (typeof userId !== 'number') throw new AppError('A006');
  return { id: userId };
}

/** An admin, or 401 A006 / 403 P001. */
export async function requireAdmin(request: FastifyRequest): Promise<AuthUser> {
  const user = await requireUser(request);
  if (user.role !== 'ROLE_ADMIN') throw new AppError('P001');
  return user;
}

/** A seller, or 401 A006 / 403 S002. */
export async function requireSeller(request: FastifyRequest): Promise<AuthUser> {
  const user = await requireUser(request);
  if (user.role !== 'ROLE_SELLER') throw new AppError('S002', '판매자만 이용할 수 있습니다.');
  return user;
}

/** Guards as route hooks: `{ preHandler: guard.user }`. The handler then calls `requireUser`. */
export const guard = {
  user: async (request: FastifyRequest) => {
    await requireUser(request);
  },
  /** Logged in, by the session alone (`requireSessionUser`). */
  session: async (request: FastifyRequest) => {
    requireSessionUser(request);
  },
  admin: async (request: FastifyRequest) => {
    await requireAdmin(request);
  },
  seller: async (request: FastifyRequest) => {
    await requireSeller(request);
  },
};
