import { execSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { fakeOAuthEnv } from '../apps/server/test/helpers/fake-oauth-provider';

/**
 * Journeys in Debian's Chromium (never a downloaded browser) against the production build,
 * started exactly as `npm start` starts it, on a fresh DATA_DIR with demo data.
 */
function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    return execSync('command -v chromium || command -v chromium-browser', {
      encoding: 'utf8',
    }).trim();
  } catch {
    return '/usr/bin/chromium';
  }
}

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.E2E_PORT ?? 8181);
const baseURL = `http://localhost:${port}`;
/**
 * A second server for the waiting-room journeys: admission cap 1 and 15-second holds, so a
 * queue forms with two users and a hold expires within a test. Specs reach it via QUEUE_BASE_URL.
 */
const queuePort = Number(process.env.E2E_QUEUE_PORT ?? port + 1);
export const queueBaseURL = `http://localhost:${queuePort}`;
process.env.QUEUE_BASE_URL = queueBaseURL;
/**
 * deploy/nginx.conf in front of a server of its own (e2e/nginx.spec.ts): the server's public
 * address is nginx's, as in the deployment, so payment redirects come back through nginx.
 */
const nginxUpstreamPort = Number(process.env.E2E_NGINX_UPSTREAM_PORT ?? port + 2);
const nginxPort = Number(process.env.E2E_NGINX_PORT ?? port + 3);
export const nginxBaseURL = `http://localhost:${nginxPort}`;
process.env.NGINX_BASE_URL = nginxBaseURL;

/**
 * The fake Google/Kakao/Naver (apps/server/test/helpers/fake-oauth-provider.ts) for the social
 * login journeys; the main server is pointed at it. The queue server gets no provider, so it
 * shows the buttons of an unconfigured deployment.
 */
const oauthPort = Number(process.env.E2E_OAUTH_PORT ?? port + 4);
export const fakeOAuthBaseURL = `http://127.0.0.1:${oauthPort}`;
process.env.FAKE_OAUTH_BASE_URL = fakeOAuthBaseURL;

/**
 * For a scale-out run (DATABASE_URL and REDIS_URL in the environment, which the servers
 * inherit) both servers are instances of one deployment and must share their files:
 * E2E_SHARED_DATA_DIR gives them one DATA_DIR. Unset, each gets a fresh one.
 */
const sharedDataDir = process.env.E2E_SHARED_DATA_DIR;
function dataDir(prefix: string): string {
  return sharedDataDir ?? mkdtempSync(path.join(tmpdir(), prefix));
}

/**
 * The main server's DATA_DIR; specs read it (E2E_DATA_DIR) to check the storage directly. The
 * config is evaluated again in each worker, which inherits the runner's value: one directory.
 */
const mainDataDir = process.env.E2E_DATA_DIR ?? dataDir('cc-e2e-');
process.env.E2E_DATA_DIR = mainDataDir;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: 'artifacts/results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  use: {
    baseURL,
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
    // The app honours reduced motion (instant scrolls, 1 ms transitions): elements stand still
    // at once, so a loaded machine cannot keep a smooth scroll moving under a click.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: [
    {
      command: 'node --import tsx e2e/support/fake-oauth-server.ts',
      cwd: root,
      url: `${fakeOAuthBaseURL}/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: { FAKE_OAUTH_PORT: String(oauthPort) },
    },
    {
      command: 'node scripts/start.mjs',
      cwd: root,
      url: `${baseURL}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: {
        PORT: String(port),
        DATA_DIR: mainDataDir,
        LOG_LEVEL: 'warn',
        ...fakeOAuthEnv(fakeOAuthBaseURL),
        // push.spec.ts: the reminder job run at a chosen time, and pushes to the local push
        // service stand-in (loopback, any port). Test configuration only.
        E2E_TEST_HOOKS: 'true',
        PUSH_EXTRA_ENDPOINT_ORIGINS: 'http://127.0.0.1:*',
      },
    },
    {
      command: 'node scripts/start.mjs',
      cwd: root,
      url: `${queueBaseURL}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: {
        PORT: String(queuePort),
        DATA_DIR: dataDir('cc-e2e-queue-'),
        LOG_LEVEL: 'warn',
        QUEUE_CAPACITY: '1',
        HOLD_SECONDS: '15',
      },
    },
    {
      command: 'node scripts/start.mjs',
      cwd: root,
      url: `http://localhost:${nginxUpstreamPort}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: {
        PORT: String(nginxUpstreamPort),
        DATA_DIR: dataDir('cc-e2e-nginx-'),
        LOG_LEVEL: 'warn',
        PUBLIC_BASE_URL: nginxBaseURL,
        TRUST_PROXY: '1',
        // The operator's "no test login": social-login.spec.ts checks the disabled buttons here,
        // while the queue server stays the embedded default (sandbox consent page).
        OAUTH_SANDBOX: 'off',
      },
    },
    {
      command: 'node --import tsx e2e/support/nginx-front.ts',
      cwd: root,
      // A signal it can act on (the default is SIGKILL), so it removes nginx's temporary folder.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      // Through nginx to the server above: ready once both are.
      url: `${nginxBaseURL}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: {
        NGINX_PORT: String(nginxPort),
        NGINX_UPSTREAM_PORT: String(nginxUpstreamPort),
      },
    },
  ],
});
