import { startFakeOAuthProvider } from '../../apps/server/test/helpers/fake-oauth-provider';

/**
 * The fake Google/Kakao/Naver of the social login journeys, as a process of its own that
 * playwright.config.ts starts beside the app (tests only; the app is pointed at it by env).
 */
const port = Number(process.env.FAKE_OAUTH_PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error('FAKE_OAUTH_PORT is required');
const fake = await startFakeOAuthProvider({ port });
console.log(`fake OAuth provider on ${fake.baseUrl}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void fake.close().then(() => process.exit(0)));
}
