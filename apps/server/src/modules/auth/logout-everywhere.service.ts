import type { SessionStorePort } from '../../adapters/session-store/session-store';
import type { Database } from '../../db/client';
import type { SessionUser } from './auth.policy';
import { bumpDeviceCookieGeneration } from './device-cookies.repo';

/**
 * 모든 기기에서 로그아웃: ends every session of the user, the caller's own included, and voids
 * every device cookie they hold (the next generation), so no browser keeps a session or a way
 * past the login limits. Cookies first: a login racing with this call gets a session that the
 * second step ends, never a session that outlives it with a still-valid device cookie.
 */
export function createLogoutEverywhereService(deps: {
  db: Database;
  sessions: Pick<SessionStorePort, 'destroyAllForUser'>;
}) {
  async function logOutEverywhere(user: SessionUser): Promise<void> {
    await bumpDeviceCookieGeneration(deps.db, user.id);
    await deps.sessions.destroyAllForUser(user.id);
  }
  return { logOutEverywhere };
}

export type LogoutEverywhereService = ReturnType<typeof createLogoutEverywhereService>;
