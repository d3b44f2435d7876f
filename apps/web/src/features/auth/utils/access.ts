import type { Role } from '@curtaincall/contracts';

/** Who is looking, as far as routes and menus care. */
export type Viewer = 'anonymous' | 'user' | 'seller' | 'admin';

/** The role is read from a `role` field or a `roles` list (buyer-side.md §6). */
export function getViewer(
  user: { role?: Role | undefined; roles?: readonly Role[] | undefined } | null,
): Viewer {
  if (!user) return 'anonymous';
  const roles = [user.role, ...(user.roles ?? [])];
  if (roles.includes('ROLE_ADMIN')) return 'admin';
  if (roles.includes('ROLE_SELLER')) return 'seller';
  return 'user';
}

/**
 * Route rules of seller-admin-side.md §2 and buyer-side.md §2:
 * - `anonymous-only`: /login, /register;
 * - `signed-in`: wait, reserve, my page, booking detail;
 * - `seller-area`: /seller, /seller/apply, /seller/status (any logged-in non-admin);
 * - `seller`: seller concert registration and management;
 * - `admin`: the admin area.
 */
export type AccessRule = 'anonymous-only' | 'signed-in' | 'seller-area' | 'seller' | 'admin';

/** Where a viewer who may not open a route of this rule is sent, or null when allowed. */
export function getAccessRedirect(rule: AccessRule, viewer: Viewer): string | null {
  switch (rule) {
    case 'anonymous-only':
      return viewer === 'anonymous' ? null : '/';
    case 'signed-in':
      return viewer === 'anonymous' ? '/login' : null;
    case 'seller-area':
      return viewer === 'anonymous' || viewer === 'admin' ? '/unauthorized' : null;
    case 'seller':
      return viewer === 'seller' ? null : '/unauthorized';
    case 'admin':
      return viewer === 'admin' ? null : '/unauthorized';
  }
}

/**
 * Where to go after logging in: the page that sent the visitor to /login (carried in the
 * navigation state as `from`), if it is a path of this site; otherwise home.
 */
export function getReturnPath(state: unknown): string {
  if (typeof state !== 'object' || state === null || !('from' in state)) return '/';
  const { from } = state;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return '/';
  if (from === '/login' || from.startsWith('/register')) return '/';
  return from;
}
