import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'on', 'off', 'yes', 'no'])
  .transform((v) => ['true', '1', 'on', 'yes'].includes(v));

const urlWithoutTrailingSlash = z
  .url({ protocol: /^https?$/ })
  .transform((v) => v.replace(/\/+$/, ''));

/**
 * An OAuth endpoint: https, or plain http only on a loopback host (a local fake provider in
 * tests), so a typo cannot send codes and client secrets over the open network.
 */
const oauthEndpoint = urlWithoutTrailingSlash.refine(
  (value) => {
    const url = new URL(value);
    return url.protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  },
  { message: 'https URL이어야 합니다 (http는 localhost, 127.0.0.1에서만).' },
);
const optionalSecret = z.string().trim().min(1).optional();

/** The real providers' endpoints (the defaults; tests point them at a fake provider). */
export const socialProviderDefaults = {
  google: {
    authUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    userInfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
  },
  kakao: {
    authUrl: 'https://kauth.kakao.com/oauth/authorize',
    tokenUrl: 'https://kauth.kakao.com/oauth/token',
    userInfoUrl: 'https://kapi.kakao.com/v2/user/me',
  },
  naver: {
    authUrl: 'https://nid.naver.com/oauth2.0/authorize',
    tokenUrl: 'https://nid.naver.com/oauth2.0/token',
    userInfoUrl: 'https://openapi.naver.com/v1/nid/me',
  },
} as const;
/** An optional value where an empty one (`S3_ENDPOINT=` in a compose file) means unset. */
const emptyAsUnset = (value: unknown) => (value === '' ? undefined : value);
const unlessEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess(emptyAsUnset, schema.optional());

/** Every environment variable the server reads, with defaults. Documented in README.md. */
const envSchema = z.object({
  /** Social login (product-rules §10): a provider works once its client id (and secret) is set. */
  GOOGLE_CLIENT_ID: optionalSecret,
  GOOGLE_CLIENT_SECRET: optionalSecret,
  GOOGLE_AUTH_URL: oauthEndpoint.default(socialProviderDefaults.google.authUrl),
  GOOGLE_TOKEN_URL: oauthEndpoint.default(socialProviderDefaults.google.tokenUrl),
  GOOGLE_USERINFO_URL: oauthEndpoint.default(socialProviderDefaults.google.userInfoUrl),
  KAKAO_CLIENT_ID: optionalSecret,
  KAKAO_CLIENT_SECRET: optionalSecret,
  KAKAO_AUTH_URL: oauthEndpoint.default(socialProviderDefaults.kakao.authUrl),
  KAKAO_TOKEN_URL: oauthEndpoint.default(socialProviderDefaults.kakao.tokenUrl),
  KAKAO_USERINFO_URL: oauthEndpoint.default(socialProviderDefaults.kakao.userInfoUrl),
  NAVER_CLIENT_ID: optionalSecret,
  NAVER_CLIENT_SECRET: optionalSecret,
  NAVER_AUTH_URL: oauthEndpoint.default(socialProviderDefaults.naver.authUrl),
  NAVER_TOKEN_URL: oauthEndpoint.default(socialProviderDefaults.naver.tokenUrl),
  NAVER_USERINFO_URL: oauthEndpoint.default(socialProviderDefaults.naver.userInfoUrl),
  /**
   * The sandbox identity provider for providers without credentials: `auto` (default) only in
   * embedded mode (no DATABASE_URL), `on` always, `off` never. A provider with credentials always
   * uses the real one.
   */
  OAUTH_SANDBOX: z.enum(['auto', 'on', 'off']).default('auto'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  /** PostgreSQL connection string; absent means embedded PGlite under DATA_DIR. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'postgres:// URL이어야 합니다.')
    .optional(),
  /** Redis connection string; absent means in-process sessions, counters and fan-out. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'redis:// URL이어야 합니다.')
    .optional(),
  /** Prefix of every Redis key, so several deployments (or test runs) can share one Redis. */
  REDIS_KEY_PREFIX: z.string().min(1).max(64).default('cc:'),
  /** Public origin of the API (payment callbacks, absolute file URLs). */
  PUBLIC_BASE_URL: urlWithoutTrailingSlash.optional(),
  /** Where OAuth and payment redirects send the browser; defaults to PUBLIC_BASE_URL. */
  FRONT_BASE_URL: urlWithoutTrailingSlash.optional(),
  SESSION_SECRET: z.string().min(32, '32자 이상이어야 합니다.').optional(),
  DEMO_DATA: booleanFromEnv.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Comma-separated origins allowed with credentials (only for split SPA/API origins). */
  CORS_ORIGINS: z.string().optional(),
  /** Number of proxy hops to trust for the client IP (X-Forwarded-For). */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /** Built SPA to serve; defaults to apps/web/dist. */
  WEB_DIST_DIR: z.string().optional(),
  /** Failed logins per (username, IP) within LOGIN_WINDOW_SECONDS (IP: 4x, username slowdown: 2x). */
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).max(1000).default(5),
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
  /** AI summaries: `openai` (any OpenAI-compatible endpoint), `local`, or `auto` (openai when OPENAI_BASE_URL is set). */
  AI_SUMMARIZER: z.enum(['auto', 'local', 'openai']).default('auto'),
  OPENAI_BASE_URL: urlWithoutTrailingSlash.optional(),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  OPENAI_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(120_000).default(20_000),
  /** How stale the in-memory public catalogue may get through other instances' writes. */
  CATALOG_MAX_AGE_SECONDS: z.coerce.number().min(0).max(300).default(2),
  /** Waiting room (product-rules §3): users on the seat page of one concert at once. */
  QUEUE_CAPACITY: z.coerce.number().int().min(1).max(100_000).default(100),
  QUEUE_TICK_MS: z.coerce.number().int().min(100).max(60_000).default(1_000),
  ACCESS_KEY_TTL_SECONDS: z.coerce.number().int().min(5).max(3_600).default(120),
  ACCESS_KEY_HARD_CAP_SECONDS: z.coerce.number().int().min(5).max(86_400).default(600),
  QUEUE_GRACE_SECONDS: z.coerce.number().int().min(5).max(86_400).default(300),
  /** Seat hold length (product-rules §4); shorter values are for tests and demos. */
  HOLD_SECONDS: z.coerce.number().int().min(5).max(3_600).default(300),
  /**
   * Issue 28, tests and demos only: a 가상계좌 deposit is due this many minutes after the
   * booking instead of 23:59 of the seller's day (the booking window and show caps still apply).
   */
  VIRTUAL_ACCOUNT_DUE_MINUTES: z.coerce.number().int().min(1).max(1_440).optional(),
  /** Queue entries, and seat holds/releases, allowed per account per minute (and 4x per IP). */
  QUEUE_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
  SEAT_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(120),
  /** Long-poll timeout bounds (contract: 5,000-60,000 ms, default 30,000). */
  POLL_MIN_TIMEOUT_MS: z.coerce.number().int().min(10).max(60_000).default(5_000),
  POLL_MAX_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(120_000).default(60_000),
  POLL_DEFAULT_TIMEOUT_MS: z.coerce.number().int().min(10).max(120_000).default(30_000),
  /** Waiting seat polls per concert per instance before 503. */
  POLL_MAX_PER_CONCERT: z.coerce.number().int().min(1).max(1_000_000).default(1_000),
  /** Card payments: `sandbox` (our own test checkout, the default) or `toss` (Toss Payments). */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'toss']).default('sandbox'),
  TOSS_CLIENT_KEY: z.string().trim().min(1).optional(),
  TOSS_SECRET_KEY: z.string().trim().min(1).optional(),
  TOSS_API_BASE_URL: urlWithoutTrailingSlash.default('https://api.tosspayments.com'),
  /**
   * Bearer token of `GET /metrics` (Prometheus). Absent: the path answers 404, so metrics are
   * never public by default.
   */
  METRICS_TOKEN: z.string().trim().min(16, '16자 이상이어야 합니다.').optional(),
  /** Session idle lifetime (sliding). */
  SESSION_IDLE_SECONDS: z.coerce.number().int().min(60).default(86_400),
  /** Uploaded files: `local` (DATA_DIR on this machine) or `s3` (any S3-compatible store). */
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: unlessEmpty(
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'S3 버킷 이름(소문자, 숫자, ., -; 3-63자)이어야 합니다.',
      ),
  ),
  S3_REGION: z.preprocess(emptyAsUnset, z.string().trim().min(1).default('us-east-1')),
  /** The S3 API's URL for MinIO, Cloudflare R2 and the like; absent means AWS S3 itself. */
  S3_ENDPOINT: unlessEmpty(urlWithoutTrailingSlash),
  S3_ACCESS_KEY_ID: unlessEmpty(z.string().trim().min(1)),
  S3_SECRET_ACCESS_KEY: unlessEmpty(z.string().trim().min(1)),
  /** Bucket in the path (`endpoint/bucket/key`); default true when S3_ENDPOINT is set. */
  S3_FORCE_PATH_STYLE: unlessEmpty(booleanFromEnv),
  /** Where browsers reach the bucket's objects; absent: streamed by this server under /uploads. */
  S3_PUBLIC_BASE_URL: unlessEmpty(urlWithoutTrailingSlash),
  /** Lifetime of a signed URL for a private file (seller licence documents). */
  S3_PRIVATE_URL_TTL_SECONDS: z.preprocess(
    emptyAsUnset,
    z.coerce.number().int().min(1).max(604_800).default(300),
  ),
  /** Web Push: the VAPID `sub` contact push services may write to about our pushes. */
  PUSH_CONTACT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, 'mailto: 또는 https:// 주소여야 합니다.')
    .default('mailto:push@curtaincall.invalid'),
  /**
   * The operator's push allow-list: origins posted to whatever address they resolve to, besides
   * public https push services on port 443 (comma-separated `scheme://host[:port]`, `:*` for any
   * port). For a push service of one's own inside the network, or a local stand-in in tests and
   * E2E; empty in an ordinary deployment, so no subscription can make the server post inside.
   */
  PUSH_EXTRA_ENDPOINT_ORIGINS: z
    .string()
    .optional()
    .refine(
      (value) =>
        (value ?? '')
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean)
          .every(
            (entry) =>
              /^https?:\/\/[^/?#@\s]+?(:(\d{1,5}|\*))?$/.test(entry) &&
              URL.canParse(entry.replace(/:\*$/, '')),
          ),
      { message: '쉼표로 구분한 출처(https://host:port, 모든 포트는 http://host:*)여야 합니다.' },
    ),
  /**
   * Account mail (verification, 아이디 찾기, 비밀번호 찾기) through this SMTP server, as a
   * nodemailer URL (`smtps://user:pass@smtp.example.com:465`); unset: kept in the outbox table the
   * admin reads at /admin/mail-outbox, so the embedded mode needs no mail server.
   */
  SMTP_URL: unlessEmpty(
    z
      .string()
      .trim()
      .regex(/^smtps?:\/\/\S+$/, 'smtp:// 또는 smtps:// 주소여야 합니다.'),
  ),
  /** The From of account mail. */
  MAIL_FROM: z.string().trim().min(3).max(200).default('커튼콜 <no-reply@curtaincall.invalid>'),
  /** E2E only: registers /api/test-hooks/* (run a job at a chosen time). Never in production. */
  E2E_TEST_HOOKS: booleanFromEnv.optional(),
});

export type Env = z.infer<typeof envSchema>;

/** One provider's OAuth client: credentials and endpoints. */
export interface SocialProviderConfig {
  clientId: string;
  /** Kakao's client secret is an optional feature of a Kakao app; Google and Naver need one. */
  clientSecret: string | null;
  authUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
}

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** `memory://` keeps PGlite in memory (tests); otherwise a directory. */
  pgliteDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Prefix for every Redis key, so several apps (or test runs) can share one Redis. */
  redisKeyPrefix: string;
  publicBaseUrl: string;
  frontBaseUrl: string;
  /** Absent only with DATABASE_URL and no SESSION_SECRET: then it is kept in the database. */
  sessionSecret: string | undefined;
  demoData: boolean;
  logLevel: Env['LOG_LEVEL'];
  corsOrigins: string[];
  trustProxy: number;
  webDistDir: string;
  secureCookies: boolean;
  login: { maxFailures: number; windowSeconds: number };
  sessionIdleSeconds: number;
  catalogMaxAgeMs: number;
  /** Bearer token of /metrics; undefined: /metrics answers 404. */
  metricsToken: string | undefined;
  queue: {
    capacity: number;
    tickMs: number;
    keyTtlMs: number;
    keyHardCapMs: number;
    waitingGraceMs: number;
  };
  holdSeconds: number;
  /** Issue 28: VIRTUAL_ACCOUNT_DUE_MINUTES (tests only); undefined: the calendar rule. */
  virtualAccountDueMinutes: number | undefined;
  polling: {
    minTimeoutMs: number;
    maxTimeoutMs: number;
    defaultTimeoutMs: number;
    maxPerConcert: number;
  };
  rateLimits: { queuePerMinute: number; seatPerMinute: number };
  payments:
    | { provider: 'sandbox' }
    | { provider: 'toss'; clientKey: string; secretKey: string; apiBaseUrl: string };
  push: { contact: string; extraEndpointOrigins: string[] };
  /** smtpUrl undefined: account mail is kept in the outbox table (embedded default). */
  mail: { smtpUrl: string | undefined; from: string };
  testHooks: boolean;
  summarizer:
    | { kind: 'local' }
    | { kind: 'openai'; baseURL: string; apiKey: string; model: string; timeoutMs: number };
  /** null: the provider has no credentials; its button is disabled and its routes say so. */
  social: Record<'google' | 'kakao' | 'naver', SocialProviderConfig | null>;
  /** Whether a provider without credentials gets the test consent page instead of a disabled button. */
  oauthSandbox: boolean;
  storage: StorageConfig;
}

/**
 * Where uploaded files live. `s3`: one bucket, public files under `public/`, private ones under
 * `private/`; `publicBaseUrl` is where browsers fetch public files (`<publicBaseUrl>/<key>`).
 */
export type StorageConfig =
  | { driver: 'local' }
  | {
      driver: 's3';
      bucket: string;
      region: string;
      endpoint: string | undefined;
      accessKeyId: string | undefined;
      secretAccessKey: string | undefined;
      forcePathStyle: boolean;
      publicBaseUrl: string;
      /** No S3_PUBLIC_BASE_URL: this server streams public files from the bucket at /uploads. */
      servedByApp: boolean;
      privateUrlTtlSeconds: number;
    };

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`설정 값이 올바르지 않습니다:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/**
 * Parses the environment once; a bad value stops the start with every problem listed.
 * In embedded mode a missing SESSION_SECRET is generated once and kept in DATA_DIR.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  // Values that only go wrong together are checked on the raw strings, so they are listed
  // alongside the bad single values instead of after the next start.
  const problems = [
    ...(parsed.success
      ? []
      : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)),
    ...combinationProblems(env),
  ];
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const useOpenAi = e.AI_SUMMARIZER !== 'local' && Boolean(e.OPENAI_BASE_URL);
  // A secret without its client id (or Google/Naver's id without its secret) is half a setup:
  // say so at start rather than show a button that fails at the provider.
  const socialProblems = [
    ['GOOGLE', e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET, true],
    ['KAKAO', e.KAKAO_CLIENT_ID, e.KAKAO_CLIENT_SECRET, false],
    ['NAVER', e.NAVER_CLIENT_ID, e.NAVER_CLIENT_SECRET, true],
  ].flatMap(([name, id, secret, secretRequired]) => {
    if (!id && secret)
      return [`${name}_CLIENT_ID: ${name}_CLIENT_SECRET 에는 CLIENT_ID가 필요합니다.`];
    if (id && !secret && secretRequired) {
      return [`${name}_CLIENT_SECRET: ${name}_CLIENT_ID 에는 CLIENT_SECRET이 필요합니다.`];
    }
    return [];
  });
  if (socialProblems.length > 0) throw new ConfigError(socialProblems);

  // Embedded: generated once into DATA_DIR. With DATABASE_URL every instance must share it, so
  // buildApp() generates it once into the shared database instead (app_meta).
  const sessionSecret =
    e.SESSION_SECRET ?? (e.DATABASE_URL ? undefined : readOrCreateSecret(dataDir));

  const publicBaseUrl = e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    pgliteDir: path.join(dataDir, 'db'),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    publicBaseUrl,
    frontBaseUrl: e.FRONT_BASE_URL ?? publicBaseUrl,
    sessionSecret,
    demoData: e.DEMO_DATA ?? !e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    corsOrigins: (e.CORS_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    trustProxy: e.TRUST_PROXY,
    webDistDir: e.WEB_DIST_DIR
      ? path.resolve(e.WEB_DIST_DIR)
      : path.join(repoRoot, 'apps/web/dist'),
    secureCookies: publicBaseUrl.startsWith('https://'),
    login: { maxFailures: e.LOGIN_MAX_FAILURES, windowSeconds: e.LOGIN_WINDOW_SECONDS },
    sessionIdleSeconds: e.SESSION_IDLE_SECONDS,
    catalogMaxAgeMs: e.CATALOG_MAX_AGE_SECONDS * 1000,
    metricsToken: e.METRICS_TOKEN,
    queue: {
      capacity: e.QUEUE_CAPACITY,
      tickMs: e.QUEUE_TICK_MS,
      keyTtlMs: e.ACCESS_KEY_TTL_SECONDS * 1000,
      keyHardCapMs: e.ACCESS_KEY_HARD_CAP_SECONDS * 1000,
      waitingGraceMs: e.QUEUE_GRACE_SECONDS * 1000,
    },
    holdSeconds: e.HOLD_SECONDS,
    virtualAccountDueMinutes: e.VIRTUAL_ACCOUNT_DUE_MINUTES,
    polling: {
      minTimeoutMs: e.POLL_MIN_TIMEOUT_MS,
      maxTimeoutMs: e.POLL_MAX_TIMEOUT_MS,
      defaultTimeoutMs: e.POLL_DEFAULT_TIMEOUT_MS,
      maxPerConcert: e.POLL_MAX_PER_CONCERT,
    },
    payments:
      e.PAYMENT_PROVIDER === 'toss' && e.TOSS_CLIENT_KEY && e.TOSS_SECRET_KEY
        ? {
            provider: 'toss',
            clientKey: e.TOSS_CLIENT_KEY,
            secretKey: e.TOSS_SECRET_KEY,
            apiBaseUrl: e.TOSS_API_BASE_URL,
          }
        : { provider: 'sandbox' },
    rateLimits: { queuePerMinute: e.QUEUE_RATE_PER_MINUTE, seatPerMinute: e.SEAT_RATE_PER_MINUTE },
    push: {
      contact: e.PUSH_CONTACT,
      extraEndpointOrigins: (e.PUSH_EXTRA_ENDPOINT_ORIGINS ?? '')
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean)
        // The form a URL's `origin` has (`https://host:443` is `https://host`), so they compare.
        .map((o) => (o.endsWith(':*') ? o.toLowerCase() : new URL(o).origin)),
    },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    testHooks: e.E2E_TEST_HOOKS ?? false,
    oauthSandbox: e.OAUTH_SANDBOX === 'on' || (e.OAUTH_SANDBOX === 'auto' && !e.DATABASE_URL),
    summarizer:
      useOpenAi && e.OPENAI_BASE_URL
        ? {
            kind: 'openai',
            baseURL: e.OPENAI_BASE_URL,
            // Self-hosted OpenAI-compatible servers often need no key; the client needs a string.
            apiKey: e.OPENAI_API_KEY ?? 'none',
            model: e.OPENAI_MODEL,
            timeoutMs: e.OPENAI_TIMEOUT_MS,
          }
        : { kind: 'local' },
    social: {
      google: e.GOOGLE_CLIENT_ID
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET ?? null,
            authUrl: e.GOOGLE_AUTH_URL,
            tokenUrl: e.GOOGLE_TOKEN_URL,
            userInfoUrl: e.GOOGLE_USERINFO_URL,
          }
        : null,
      kakao: e.KAKAO_CLIENT_ID
        ? {
            clientId: e.KAKAO_CLIENT_ID,
            clientSecret: e.KAKAO_CLIENT_SECRET ?? null,
            authUrl: e.KAKAO_AUTH_URL,
            tokenUrl: e.KAKAO_TOKEN_URL,
            userInfoUrl: e.KAKAO_USERINFO_URL,
          }
        : null,
      naver: e.NAVER_CLIENT_ID
        ? {
            clientId: e.NAVER_CLIENT_ID,
            clientSecret: e.NAVER_CLIENT_SECRET ?? null,
            authUrl: e.NAVER_AUTH_URL,
            tokenUrl: e.NAVER_TOKEN_URL,
            userInfoUrl: e.NAVER_USERINFO_URL,
          }
        : null,
    },
    storage:
      e.STORAGE_DRIVER === 's3' && e.S3_BUCKET
        ? {
            driver: 's3',
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            // MinIO and most self-hosted stores have no wildcard DNS for bucket subdomains.
            forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
            publicBaseUrl: e.S3_PUBLIC_BASE_URL
              ? `${e.S3_PUBLIC_BASE_URL}/public`
              : `${publicBaseUrl}/uploads`,
            servedByApp: !e.S3_PUBLIC_BASE_URL,
            privateUrlTtlSeconds: e.S3_PRIVATE_URL_TTL_SECONDS,
          }
        : { driver: 'local' },
  };
}

/** Settings that are valid alone but not together. */
function combinationProblems(env: NodeJS.ProcessEnv): string[] {
  const problems: string[] = [];
  const set = (name: string) => Boolean(env[name]?.trim());
  if (env.AI_SUMMARIZER === 'openai' && !set('OPENAI_BASE_URL')) {
    problems.push('OPENAI_BASE_URL: AI_SUMMARIZER=openai 에는 OPENAI_BASE_URL이 필요합니다.');
  }
  if (env.PAYMENT_PROVIDER === 'toss' && (!set('TOSS_CLIENT_KEY') || !set('TOSS_SECRET_KEY'))) {
    problems.push(
      'TOSS_CLIENT_KEY, TOSS_SECRET_KEY: PAYMENT_PROVIDER=toss 에는 두 키가 모두 필요합니다.',
    );
  }
  if (env.STORAGE_DRIVER === 's3' && !set('S3_BUCKET')) {
    problems.push('S3_BUCKET: STORAGE_DRIVER=s3 에는 S3_BUCKET이 필요합니다.');
  }
  if (set('S3_ACCESS_KEY_ID') !== set('S3_SECRET_ACCESS_KEY')) {
    problems.push(
      'S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: 두 값을 함께 지정하거나 둘 다 비워야 합니다(비우면 AWS 기본 자격 증명 사용).',
    );
  }
  return problems;
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
