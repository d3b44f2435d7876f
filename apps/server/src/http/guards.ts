import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../modules/auth/auth.policy';
import { AppError } from './app-error';

/** The logged-in user, or 401 A006. */
export async function requireUser(request: FastifyRequest): Promise<AuthUser> {
  const user = await request.currentUser();
  if (!user) throw new AppError('A006');
  return user;
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
  admin: async (request: FastifyRequest) => {
    await requireAdmin(request);
  },
  seller: async (request: FastifyRequest) => {
    await requireSeller(request);
  },
};
