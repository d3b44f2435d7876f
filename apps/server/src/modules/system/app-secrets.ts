import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import webPush from 'web-push';
import type { Database } from '../../db/client';
import { appMeta } from '../../db/schema/index';

const SESSION_SECRET_KEY = 'session-secret';

/**
 * The session-signing secret shared by every instance on one database: the first instance to
 * start generates it, the insert race is settled by the primary key, and everyone reads the winner.
 */
export async function readOrCreateSharedSessionSecret(db: Database): Promise<string> {
  await db
    .insert(appMeta)
    .values({ key: SESSION_SECRET_KEY, value: { secret: randomBytes(32).toString('hex') } })
    .onConflictDoNothing({ target: appMeta.key });
  const [row] = await db.select().from(appMeta).where(eq(appMeta.key, SESSION_SECRET_KEY));
  const secret = (row?.value as { secret?: unknown } | undefined)?.secret;
  if (typeof secret !== 'string' || secret.length < 32) {
    throw new Error('app_meta session-secret is missing or too short');
  }
  return secret;
}

const VAPID_KEYS_KEY = 'vapid-keys';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

function isVapidKeys(value: unknown): value is VapidKeys {
  const keys = value as Partial<VapidKeys> | null | undefined;
  return (
    typeof keys?.publicKey === 'string' &&
    typeof keys.privateKey === 'string' &&
    keys.publicKey.length > 80 &&
    keys.privateKey.length > 40
  );
}

/**
 * The Web Push VAPID key pair, generated once. Browsers bind each subscription to the public
 * key, so it must never change under them: embedded, it is a file under DATA_DIR (next to the
 * session secret); with DATABASE_URL every instance must sign with the same key, so it lives in
 * the shared database and the first instance's insert wins, as for the session secret.
 */
export async function readOrCreateVapidKeys(options: {
  db: Database;
  /** Embedded runs: the data directory; absent with DATABASE_URL. */
  dataDir?: string;
}): Promise<VapidKeys> {
  if (options.dataDir) {
    const file = path.join(options.dataDir, 'vapid-keys.json');
    if (existsSync(file)) {
      const stored: unknown = JSON.parse(readFileSync(file, 'utf8'));
      if (isVapidKeys(stored)) return stored;
    }
    mkdirSync(options.dataDir, { recursive: true });
    const created = webPush.generateVAPIDKeys();
    writeFileSync(file, JSON.stringify(created), { mode: 0o600 });
    return created;
  }
  await options.db
    .insert(appMeta)
    .values({ key: VAPID_KEYS_KEY, value: webPush.generateVAPIDKeys() })
    .onConflictDoNothing({ target: appMeta.key });
  const [row] = await options.db.select().from(appMeta).where(eq(appMeta.key, VAPID_KEYS_KEY));
  if (!isVapidKeys(row?.value)) throw new Error('app_meta vapid-keys is missing or malformed');
  return { publicKey: row.value.publicKey, privateKey: row.value.privateKey };
}
