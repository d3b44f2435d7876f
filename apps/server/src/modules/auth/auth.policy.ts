import type { Role } from '@curtaincall/contracts';

/** The logged-in user as the server sees them on this request (role read from the database). */
export interface AuthUser {
  id: number;
  username: string;
  nickname: string;
  name: string;
  email: string;
  role: Role;
}

/** Who is calling, and nothing more: what the session alone tells (see `requireSessionUser`). */
export type SessionUser = Pick<AuthUser, 'id'>;

export function isAdmin(user: AuthUser): boolean {
  return user.role === 'ROLE_ADMIN';
}

export function isSeller(user: AuthUser): boolean {
  return user.role === 'ROLE_SELLER';
}

/** Roles the database may hold; anything else is treated as an ordinary user. */
export function toRole(value: string): Role {
  return value === 'ROLE_ADMIN' || value === 'ROLE_SELLER' ? value : 'ROLE_USER';
}
