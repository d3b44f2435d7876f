import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyWebsocket from '@fastify/websocket';
import { limits } from '@curtaincall/contracts';
import proxyAddr from '@fastify/proxy-addr';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { CounterStorePort } from './adapters/counter-store/counter-store';
import { createMemoryCounterStore } from './adapters/counter-store/memory-counter-store';
import { createRedisCounterStore } from './adapters/counter-store/redis-counter-store';
import type { EventBusPort } from './adapters/event-bus/event-bus';
import { createMemoryEventBus } from './adapters/event-bus/memory-event-bus';
import { createRedisEventBus } from './adapters/event-bus/redis-event-bus';
import { createMemoryJobLock } from './adapters/job-lock/memory-job-lock';
import { createRedisJobLock } from './adapters/job-lock/redis-job-lock';
import { createMemoryQueueStore } from './adapters/queue-store/memory-queue-store';
import { createRedisQueueStore } from './adapters/queue-store/redis-queue-store';
import { openRedis } from './adapters/redis/redis-client';
import { createLocalSummarizer } from './adapters/summarizer/local-summarizer';
import {
  createOpenAiSummarizer,
  plainHttpSummarizerWarning,
} from './adapters/summarizer/openai-summarizer';
import type { SummarizerPort } from './adapters/summarizer/summarizer';
import { createDatabaseSessionStore } from './adapters/session-store/database-session-store';
import { createRedisSessionStore } from './adapters/session-store/redis-session-store';
import type { SessionStorePort } from './adapters/session-store/session-store';
import {
  createLocalFileStorage,
  createLocalPrivateFileStorage,
} from './adapters/storage/local-file-storage';
import { createS3FileStorages } from './adapters/storage/s3-file-storage';
import type { AppConfig } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { seedDemoData } from './demo/seed';
import { AppError } from './http/app-error';
import type { PaymentProviderPort } from './adapters/payment-provider/payment-provider';
import { createSandboxPaymentProvider } from './adapters/payment-provider/sandbox-payment-provider';
import { createTossPaymentProvider } from './adapters/payment-provider/toss-payment-provider';
import { answerClientError, registerHostHeaderRule } from './http/client-errors';
import { registerContentTypeCheck } from './http/content-types';
import { registerHostileInputGuard } from './http/hostile-input';
import { foreignRequestCheck, registerOriginCheck } from './http/origin-check';
import { registerSecurityHeaders } from './http/security-headers';
import { bookingsRoutes } from './modules/bookings/bookings.routes';
import { createBookingsService, PAYMENT_WINDOW_MINUTES } from './modules/bookings/bookings.service';
import { mypageRoutes } from './modules/mypage/mypage.routes';
import { adminSellersRoutes } from './modules/sellers/admin-sellers.routes';
import { sellersRoutes } from './modules/sellers/sellers.routes';
import { createSellersService } from './modules/sellers/sellers.service';
import { createMypageService } from './modules/mypage/mypage.service';
import { sandboxCheckoutRoutes } from './modules/payments/sandbox-checkout.routes';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { createPaymentsService } from './modules/payments/payments.service';
import { createFieldCrypto } from './lib/field-crypto';
import { sandboxBankRoutes } from './modules/payments/sandbox-bank.routes';
import { createRefundAccountsService } from './modules/refund-accounts/refund-accounts.service';
import { refundAccountsRoutes } from './modules/refund-accounts/refund-accounts.routes';
import { createPaymentSettingsService } from './modules/seller-concerts/payment-settings.service';
import { paymentSettingsRoutes } from './modules/seller-concerts/payment-settings.routes';
import { registerCompression } from './http/compression';
import { registerDrain, startDraining } from './http/drain';
import { registerErrorHandling, sendError } from './http/error-handler';
import {
  createRememberingSigner,
  createSessionCookieReader,
  registerSessions,
} from './http/session';
import { serverWithFastLanes, type FastLane } from './http/fast-lanes';
import { createQueueEntryFastLane } from './modules/queue/queue-entry-fast-lane';
import { registerWebApp } from './http/web-app';
import { concertFirstLoadHints } from './modules/concerts/concert-first-load';
import { registerJobs } from './jobs/jobs';
import { createScheduler, type Scheduler } from './jobs/scheduler';
import { systemClock, type Clock } from './lib/clock';
import { DependencyStartError } from './lib/outage';
import { authRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { createDeviceCookieSigner } from './modules/auth/device-cookies';
import { logoutEverywhereRoutes } from './modules/auth/logout-everywhere.routes';
import { createLogoutEverywhereService } from './modules/auth/logout-everywhere.service';
import { createFilesService } from './modules/files/files.service';
import { createAiSummaryService } from './modules/ai-summary/ai-summary.service';
import { communityRoutes } from './modules/community/community.routes';
import { createCommunityService } from './modules/community/community.service';
import { concertsRoutes } from './modules/concerts/concerts.routes';
import { performancesRoutes } from './modules/shows/performances.routes';
import { createPerformancesService } from './modules/shows/performances.service';
import { aiSummaryRoutes } from './modules/ai-summary/ai-summary.routes';
import { sellerConcertsRoutes } from './modules/seller-concerts/seller-concerts.routes';
import { posterUploadsRoutes } from './modules/poster-uploads/poster-uploads.routes';
import { promoCodesRoutes } from './modules/promo-codes/promo-codes.routes';
import { ticketTypesRoutes } from './modules/ticket-types/ticket-types.routes';
import { createTicketTypesService } from './modules/ticket-types/ticket-types.service';
import { createPromoCodesService } from './modules/promo-codes/promo-codes.service';
import { createPromoTryLimiter } from './modules/promo-codes/promo-tries';
import { createPosterUploadsService } from './modules/poster-uploads/poster-uploads.service';
import { createSellerConcertsService } from './modules/seller-concerts/seller-concerts.service';
import { showsRoutes } from './modules/shows/shows.routes';
import { createShowsService } from './modules/shows/shows.service';
import { concertSeatsRoutes } from './modules/venues/concert-seats.routes';
import { createConcertSeatsService } from './modules/venues/concert-seats.service';
import { venuesRoutes } from './modules/venues/venues.routes';
import { createVenuesService } from './modules/venues/venues.service';
import { createConcertsService } from './modules/concerts/concerts.service';
import { healthRoutes } from './modules/health/health.routes';
import { queueRoutes } from './modules/queue/queue.routes';
import { createQueueService } from './modules/queue/queue.service';
import { waitQueueRoutes } from './modules/queue/waitqueue.routes';
import { createWaitQueueSockets } from './modules/queue/waitqueue-sockets';
import { createSeatPollHub } from './modules/seats/seat-polling';
import { seatsRoutes } from './modules/seats/seats.routes';
import { createSeatsService } from './modules/seats/seats.service';
import { ticketsRoutes } from './modules/tickets/tickets.routes';
import { receiptsRoutes } from './modules/receipts/receipts.routes';
import { createReceiptsService } from './modules/receipts/receipts.service';
import { createAppMetrics } from './modules/metrics/app-metrics';
import { registerHttpMetrics, registerMetricsRoute } from './modules/metrics/metrics.routes';
import { adminOnSaleRoutes } from './modules/on-sale/admin-on-sale.routes';
import { dashboardsRoutes } from './modules/dashboards/dashboards.routes';
import { createDashboardsService } from './modules/dashboards/dashboards.service';
import { createOnSaleService } from './modules/on-sale/on-sale.service';
import { createTicketsService } from './modules/tickets/tickets.service';
import {
  createOAuthProviders,
  withSandboxProviders,
} from './adapters/oauth-provider/create-oauth-providers';
import { createSandboxOAuth } from './adapters/oauth-provider/sandbox-oauth-provider';
import { sandboxConsentRoutes } from './modules/social-auth/sandbox-consent.routes';
import type { OAuthProviderPort } from './adapters/oauth-provider/oauth-provider';
import { socialAccountsRoutes, socialAuthRoutes } from './modules/social-auth/social-auth.routes';
import { createSocialAuthService } from './modules/social-auth/social-auth.service';
import type { SocialProvider } from '@curtaincall/contracts';
import {
  readOrCreateSharedSessionSecret,
  readOrCreateVapidKeys,
} from './modules/system/app-secrets';
import { createWebPushSender } from './adapters/push-sender/web-push-sender';
import type { PushSenderPort } from './adapters/push-sender/push-sender';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { createNotificationsService } from './modules/notifications/notifications.service';
import { testHooksRoutes } from './modules/notifications/test-hooks.routes';
import type { MailerPort } from './adapters/mailer/mailer';
import { createOutboxMailer } from './adapters/mailer/outbox-mailer';
import { createSmtpMailer } from './adapters/mailer/smtp-mailer';
import { accountEmailRoutes } from './modules/account-email/account-email.routes';
import { createAccountEmailService } from './modules/account-email/account-email.service';

export interface AppOverrides {
  clock?: Clock;
  /** Reuse an open database (tests share one per file); it is then not closed with the app. */
  database?: DatabaseHandle;
  logger?: boolean;
  /** Start the scheduled jobs (default true); tests run them directly with their clock. */
  startJobs?: boolean;
  /** Another card-payment provider (tests: Toss against a fake Toss server). */
  paymentProvider?: PaymentProviderPort;
  /** Other social login adapters than the config's (none of the tests need it so far). */
  oauthProviders?: Partial<Record<SocialProvider, OAuthProviderPort>>;
  /** Another Web Push sender (tests that make the push service fail in a chosen way). */
  pushSender?: PushSenderPort;
  /** Another mailer (tests that hold mail back to show answers never wait for it). */
  mailer?: MailerPort;
}

export type App = FastifyInstance;

declare module 'fastify' {
  interface FastifyInstance {
    /** The scheduled jobs; `runNow(name)` runs one at once (tests use the manual clock). */
    scheduler: Scheduler;
    /** Every route as registered (method and URL), HEAD included: the security suite's inventory. */
    registeredRoutes: ReadonlyArray<{ method: string; url: string }>;
    /** The queue entry's fast lane; `answered()` counts the entries it answered itself (tests). */
    queueEntryLane: { answered(): number };
    /** Account mail is sent after the answer; `idle()` resolves when none is left (tests). */
    accountMail: { idle(): Promise<void> };
  }
}

const JSON_BODY_LIMIT = 1024 * 1024;
/** How old the live sale figures (metrics, admin page) may be: a scrape costs a few queries. */
const SALE_FIGURES_MAX_AGE_MS = 2_000;

/**
 * Builds the whole application from the config: adapters are chosen here and only here
 * (PGlite or PostgreSQL, in-process or Redis), then plugins, modules and the web app.
 */
export async function buildApp(config: AppConfig, overrides: AppOverrides = {}): Promise<App> {
  const clock = overrides.clock ?? systemClock;
  // The object store and Redis first: they answer (or fail) in milliseconds, before migrations
  // and the demo seed. A bucket that cannot be written is a setting to fix, like a database URL.
  const objectStore =
    config.storage.driver === 's3' ? await createS3FileStorages(config.storage, { clock }) : null;
  await objectStore?.checkWritable().catch((error: unknown) => {
    objectStore.close();
    throw new DependencyStartError('S3_BUCKET', error);
  });
  let redis: Redis | null;
  try {
    redis = config.redisUrl ? await openRedis(config.redisUrl) : null;
  } catch (error) {
    objectStore?.close();
    throw error;
  }
  let database: DatabaseHandle;
  try {
    database =
      overrides.database ??
      (await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir }));
  } catch (error) {
    redis?.disconnect();
    objectStore?.close();
    throw error;
  }

  const sessionStore: SessionStorePort = redis
    ? createRedisSessionStore({
        redis,
        keyPrefix: config.redisKeyPrefix,
        idleSeconds: config.sessionIdleSeconds,
      })
    : createDatabaseSessionStore({
        db: database.db,
        idleSeconds: config.sessionIdleSeconds,
        clock,
        // Only PGlite has a single writer (this process), so only there is a copy in memory exact.
        cacheInMemory: database.kind === 'pglite',
      });
  const counters: CounterStorePort = redis
    ? createRedisCounterStore(redis, config.redisKeyPrefix)
    : createMemoryCounterStore(clock);
  // Wrong promo codes per account and IP: the check route and the booking count the same tries.
  const promoTries = createPromoTryLimiter({ counters, clock });
  const bus: EventBusPort = redis
    ? await createRedisEventBus(redis, config.redisKeyPrefix)
    : createMemoryEventBus();
  const queueStore = redis
    ? createRedisQueueStore(redis, config.redisKeyPrefix, config.queue)
    : createMemoryQueueStore(config.queue, counters);
  const uploadsDir = path.join(config.dataDir, 'uploads');
  const storage =
    objectStore?.storage ??
    createLocalFileStorage({ rootDir: uploadsDir, publicBaseUrl: config.publicBaseUrl });
  // Seller documents: outside the uploads folder (or under the bucket's private prefix), so the
  // /uploads/ route cannot serve them.
  const privateStorage =
    objectStore?.privateStorage ??
    createLocalPrivateFileStorage({ rootDir: path.join(config.dataDir, 'private-files') });
  const files = createFilesService({ storage, privateStorage });
  const sessionSecret =
    config.sessionSecret ?? (await readOrCreateSharedSessionSecret(database.db));
  const auth = createAuthService({
    db: database.db,
    files,
    counters,
    clock,
    login: config.login,
    deviceCookies: createDeviceCookieSigner(sessionSecret),
    secureCookies: config.secureCookies,
  });

  const mypage = createMypageService({
    db: database.db,
    files,
    sessions: sessionStore,
    clock,
    publicBaseUrl: config.publicBaseUrl,
  });
  const sellers = createSellersService({
    db: database.db,
    files,
    clock,
    publicBaseUrl: config.publicBaseUrl,
  });
  const concerts = createConcertsService({
    db: database.db,
    publicBaseUrl: config.publicBaseUrl,
    clock,
    catalogMaxAgeMs: config.catalogMaxAgeMs,
    seatTiming: { holdSeconds: config.holdSeconds, paymentSeconds: PAYMENT_WINDOW_MINUTES * 60 },
  });
  const community = createCommunityService({ db: database.db, concerts, clock });
  const localSummarizer = createLocalSummarizer();
  const summarizer: SummarizerPort =
    config.summarizer.kind === 'openai'
      ? createOpenAiSummarizer({ ...config.summarizer, fallback: localSummarizer })
      : localSummarizer;
  const aiSummaries = createAiSummaryService({ db: database.db, summarizer, concerts, clock });
  const metrics = createAppMetrics({ database, redis, exposed: Boolean(config.metricsToken) });
  const seats = createSeatsService({
    db: database.db,
    bus,
    concerts,
    clock,
    holdSeconds: config.holdSeconds,
    metrics: metrics.sale,
  });
  const pollHub = createSeatPollHub({
    bus,
    seats,
    clock,
    maxPollersPerConcert: config.polling.maxPerConcert,
    // The longest poll plus a margin for the client's re-read between two polls.
    rememberMs: config.polling.maxTimeoutMs + 10_000,
  });
  const queue = createQueueService({
    db: database.db,
    store: queueStore,
    bus,
    concerts,
    counters,
    clock,
    ratePerMinute: config.rateLimits.queuePerMinute,
    initialRatePerSecond: config.queue.capacity / config.holdSeconds,
    metrics: metrics.sale,
  });
  const onSale = createOnSaleService({
    db: database.db,
    queue,
    clock,
    maxAgeMs: SALE_FIGURES_MAX_AGE_MS,
  });
  metrics.watchSales(onSale.overview);

  const apiBase = `${config.publicBaseUrl.replace(/\/$/, '')}/api`;
  // The sandbox keeps its books in the database, so every instance checks refunds against them.
  const sandboxPayments = createSandboxPaymentProvider({
    secret: sessionSecret,
    db: database.db,
    clock,
  });
  const paymentProvider: PaymentProviderPort =
    overrides.paymentProvider ??
    (config.payments.provider === 'toss'
      ? createTossPaymentProvider({
          clientKey: config.payments.clientKey,
          secretKey: config.payments.secretKey,
          baseUrl: config.payments.apiBaseUrl,
        })
      : sandboxPayments);
  // Embedded: the key pair is a file under DATA_DIR; scale-out: shared in the database.
  const vapidKeys = await readOrCreateVapidKeys({
    db: database.db,
    ...(config.databaseUrl ? {} : { dataDir: config.dataDir }),
  });
  const notifications = createNotificationsService({
    db: database.db,
    sender:
      overrides.pushSender ??
      createWebPushSender({
        ...vapidKeys,
        contact: config.push.contact,
        allowedOrigins: config.push.extraEndpointOrigins,
      }),
    clock,
    extraEndpointOrigins: config.push.extraEndpointOrigins,
  });
  // Issue 28: refund accounts and cash-receipt numbers are sealed with a key of their own,
  // derived from the application secret every instance shares.
  const fieldCrypto = createFieldCrypto(sessionSecret);
  // A late deposit waiting for its buyer's account is given back by the refund job, which a
  // saved account wakes (set once the jobs exist).
  let wakeRefunds = (): void => undefined;
  const refundAccounts = createRefundAccountsService({
    db: database.db,
    crypto: fieldCrypto,
    clock,
    onSaved: () => wakeRefunds(),
  });
  const payments = createPaymentsService({
    db: database.db,
    notifier: notifications,
    bus,
    concerts,
    provider: paymentProvider,
    clock,
    metrics: metrics.sale,
    fieldCrypto,
    refundAccounts,
    publicBaseUrl: config.publicBaseUrl,
  });
  const bookings = createBookingsService({
    db: database.db,
    notifier: notifications,
    bus,
    concerts,
    payments,
    provider: paymentProvider,
    clock,
    publicBaseUrl: config.publicBaseUrl,
    sandboxCheckoutUrl: `${apiBase}/v1/sandbox-payments/checkout`,
    metrics: metrics.sale,
    promoTries,
    depositTestMinutes: config.virtualAccountDueMinutes,
  });
  const tickets = createTicketsService({ db: database.db, secret: sessionSecret });
  const receipts = createReceiptsService({ db: database.db, clock });
  // A cancelled concert's refunds are the refund job's; a cancel wakes it (once jobs run).
  let wakeRefundJob = (): void => undefined;
  wakeRefunds = () => wakeRefundJob();
  const venues = createVenuesService({ db: database.db, clock });
  const sellerConcerts = createSellerConcertsService({
    db: database.db,
    concerts,
    bookings,
    queue,
    venues,
    clock,
    wakeRefundJob: () => wakeRefundJob(),
  });
  const shows = createShowsService({ db: database.db, concerts, sellerConcerts, clock });

  // Job locks double as short-lived "in progress" locks (one upload of the same poster at a time).
  const jobLock = redis
    ? createRedisJobLock(redis, config.redisKeyPrefix)
    : createMemoryJobLock(clock);
  const posterUploads = createPosterUploadsService({
    db: database.db,
    files,
    storage,
    lock: jobLock,
    sellerConcerts,
    clock,
  });

  if (config.demoData) {
    await seedDemoData({ db: database.db, storage, privateStorage, clock });
  }
  // Start-up work may wait for another instance's migration or seed; requests must not.
  database.limitQueryTime();

  // Trust exactly TRUST_PROXY hops of X-Forwarded-For (0: use the socket address).
  const trustProxy = (_address: string, hop: number) => hop < config.trustProxy;
  // Requests some routes answer before Fastify (http/fast-lanes.ts); filled once the app is built.
  const fastLanes: FastLane[] = [];
  const app = Fastify({
    serverFactory: serverWithFastLanes(fastLanes),
    logger: overrides.logger === false ? false : { level: config.logLevel },
    // Per-request access logs cost most of the throughput; errors are still logged with reqId.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy,
    bodyLimit: JSON_BODY_LIMIT,
    // A request that reaches a stopping instance on an open connection is still served (with
    // `Connection: close`), not refused with 503: nginx does not retry a POST it has already
    // sent, so a refusal would fail it during a rolling restart (deploy/nginx.conf).
    return503OnClosing: false,
    genReqId: () => randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
    // Router-level failures (a malformed URL, a path parameter over 100 characters) get the
    // envelope too; they happen before any route, so the error handler never sees them.
    frameworkErrors: (error, _request, reply) => {
      void sendError(
        reply,
        error.statusCode === 414
          ? new AppError('C008')
          : new AppError('C007', '요청 주소의 형식이 올바르지 않습니다.'),
      );
    },
    // Bytes node refuses before there is a request (headers over 16 KB, a broken request line).
    clientErrorHandler: answerClientError,
    // Node's own refusal of a Host-less HTTP/1.1 request is an empty 400; registerHostHeaderRule
    // answers it in the envelope instead.
    http: { requireHostHeader: false },
  }).withTypeProvider<ZodTypeProvider>();

  const summarizerWarning =
    config.summarizer.kind === 'openai'
      ? plainHttpSummarizerWarning(config.summarizer.baseURL)
      : null;
  if (summarizerWarning) app.log.warn({ setting: 'OPENAI_BASE_URL' }, summarizerWarning);
  // SMTP when configured; otherwise the outbox table the admin reads (nothing else to run).
  const mailer: MailerPort =
    overrides.mailer ??
    (config.mail.smtpUrl
      ? createSmtpMailer({ url: config.mail.smtpUrl, from: config.mail.from })
      : createOutboxMailer({ db: database.db, clock }));
  const accountEmail = createAccountEmailService({
    db: database.db,
    mailer,
    counters,
    sessions: sessionStore,
    clock,
    frontBaseUrl: config.frontBaseUrl,
    log: app.log,
  });
  app.decorate('accountMail', { idle: accountEmail.idle });

  // Providers without credentials get the sandbox's test consent page when allowed (OAUTH_SANDBOX).
  const sandboxOAuth = config.oauthSandbox
    ? createSandboxOAuth({
        consentBaseUrl: `${config.publicBaseUrl}/oauth2/sandbox`,
        secret: sessionSecret,
        now: () => clock.now().getTime(),
      })
    : null;
  const oauth = withSandboxProviders(
    overrides.oauthProviders ?? createOAuthProviders(config),
    sandboxOAuth,
  );
  const social = createSocialAuthService({
    db: database.db,
    clock,
    usedStates: counters,
    providers: oauth.providers,
    log: app.log,
  });

  // Recorded before any route exists, so the list also has routes hidden from the OpenAPI document.
  const registeredRoutes: Array<{ method: string; url: string }> = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) registeredRoutes.push({ method, url: route.url });
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerHostHeaderRule(app);
  // Timed only when /metrics can be read (METRICS_TOKEN): otherwise nobody sees the histogram.
  if (config.metricsToken) registerHttpMetrics(app, metrics);
  registerDrain(app);
  registerBodyParsers(app);
  registerHostileInputGuard(app);

  // With Toss, the web app loads Toss's SDK, which opens its payment window in a frame of its
  // own domains and posts forms there; the sandbox needs nothing beyond our own origin.
  const tossOrigins =
    paymentProvider.name === 'toss' ? ['https://*.tosspayments.com', 'https://*.toss.im'] : [];
  const securityHeaders = registerSecurityHeaders(app, {
    hsts: config.secureCookies,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...tossOrigins],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
        connectSrc: ["'self'", 'ws:', 'wss:', ...tossOrigins],
        frameSrc: ["'self'", ...tossOrigins],
        fontSrc: ["'self'", 'data:'],
        formAction: ["'self'", ...tossOrigins],
        // Upgrading would break plain-http local runs; only ask for it behind https.
        upgradeInsecureRequests: config.secureCookies ? [] : null,
      },
    },
  });
  // After the security headers, so refusals carry them; before any body is read.
  const ownOrigins = [config.publicBaseUrl, config.frontBaseUrl, ...config.corsOrigins];
  registerOriginCheck(app, ownOrigins);
  registerContentTypeCheck(app);
  registerCompression(app);
  await app.register(fastifyMultipart, {
    limits: { fileSize: limits.uploadMaxBytes, files: 3, fields: 40, fieldSize: 64 * 1024 },
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: '커튼콜 API',
        description: 'CurtainCall concert ticketing API, generated from the zod contracts.',
        version: '0.1.0',
      },
      servers: [{ url: config.publicBaseUrl }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(fastifyWebsocket, { options: { maxPayload: 4 * 1024 } });

  const sessionSigner = createRememberingSigner(sessionSecret);
  await registerSessions(app, {
    store: sessionStore,
    secret: sessionSecret,
    signer: sessionSigner,
    secure: config.secureCookies,
    idleSeconds: config.sessionIdleSeconds,
    findUser: auth.findSessionUser,
  });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database, redis });
      await api.register(logoutEverywhereRoutes, {
        logoutEverywhere: createLogoutEverywhereService({
          db: database.db,
          sessions: sessionStore,
        }),
      });
      await api.register(authRoutes, { auth, accountEmail });
      await api.register(accountEmailRoutes, { accountEmail });
      await api.register(socialAccountsRoutes, { social });
      await api.register(mypageRoutes, { mypage });
      await api.register(sellersRoutes, { sellers });
      await api.register(adminSellersRoutes, { sellers });
      await api.register(adminOnSaleRoutes, { onSale });
      await api.register(dashboardsRoutes, {
        dashboards: createDashboardsService({ db: database.db, clock }),
      });
      await api.register(concertsRoutes, { concerts });
      await api.register(performancesRoutes, {
        performances: createPerformancesService({
          db: database.db,
          clock,
          concerts,
          // A detail page's places stay within a second of the database; never staler than
          // the catalogue may be (0 there turns this cache off too).
          maxAgeMs: Math.min(1_000, config.catalogMaxAgeMs),
        }),
      });
      await api.register(sellerConcertsRoutes, { sellerConcerts });
      await api.register(showsRoutes, { shows });
      await api.register(venuesRoutes, { venues });
      await api.register(concertSeatsRoutes, {
        concertSeats: createConcertSeatsService({ db: database.db, clock, concerts, bookings }),
      });
      await api.register(posterUploadsRoutes, { posterUploads });
      await api.register(ticketTypesRoutes, {
        ticketTypes: createTicketTypesService({ db: database.db, clock, payments }),
      });
      await api.register(promoCodesRoutes, {
        promoCodes: createPromoCodesService({ db: database.db, clock, tries: promoTries }),
      });
      await api.register(aiSummaryRoutes, { aiSummaries });
      await api.register(communityRoutes, { community });
      await api.register(queueRoutes, { queue });
      await api.register(bookingsRoutes, { bookings });
      await api.register(paymentsRoutes, { payments, frontBaseUrl: config.frontBaseUrl });
      await api.register(refundAccountsRoutes, { refundAccounts });
      await api.register(paymentSettingsRoutes, {
        paymentSettings: createPaymentSettingsService({ db: database.db, clock }),
      });
      await api.register(ticketsRoutes, { tickets });
      await api.register(receiptsRoutes, { receipts });
      await api.register(notificationsRoutes, { notifications });
      // E2E only (E2E_TEST_HOOKS): never registered in a normal configuration.
      if (config.testHooks) await api.register(testHooksRoutes, { notifications, payments });
      if (paymentProvider.name === 'sandbox') {
        await api.register(sandboxCheckoutRoutes, {
          provider: sandboxPayments,
          successUrl: `${apiBase}/v1/payments/success`,
          failUrl: `${apiBase}/v1/payments/fail`,
          now: () => clock.now(),
          orderPrice: (orderId) => payments.orderPrice(orderId),
        });
        // Issue 28: the test bank, whose deposit notice takes the path Toss's webhook takes.
        await api.register(sandboxBankRoutes, {
          provider: sandboxPayments,
          frontBaseUrl: config.frontBaseUrl,
          clock,
          onDeposit: ({ orderId }) =>
            payments.handleProviderNotice({
              provider: 'sandbox',
              eventType: 'DEPOSIT_CALLBACK',
              orderId,
            }),
        });
      }
      await api.register(seatsRoutes, {
        seats,
        queue,
        seatRatePerMinute: config.rateLimits.seatPerMinute,
        pollHub,
        pollTimeoutMs: {
          min: config.polling.minTimeoutMs,
          max: config.polling.maxTimeoutMs,
          default: config.polling.defaultTimeoutMs,
        },
      });
    },
    { prefix: '/api' },
  );

  // The OAuth navigations live outside /api (api-contract.md §1.1), before the SPA's fallback.
  await app.register(socialAuthRoutes, {
    social,
    frontBaseUrl: config.frontBaseUrl,
    secret: sessionSecret,
    secureCookies: config.secureCookies,
  });
  if (sandboxOAuth && oauth.sandboxed.length > 0) {
    await app.register(sandboxConsentRoutes, {
      providers: oauth.sandboxed,
      issuer: sandboxOAuth,
      publicBaseUrl: config.publicBaseUrl,
      frontBaseUrl: config.frontBaseUrl,
    });
  }
  registerMetricsRoute(app, { metrics, token: config.metricsToken });

  const waitQueueSockets = createWaitQueueSockets({ queue, bus, log: app.log, clock });
  await app.register(waitQueueRoutes, {
    sockets: waitQueueSockets,
    assertConcertExists: (concertId: number) => concerts.assertConcertExists(concertId),
    allowedOrigins: ownOrigins.map((url) => new URL(url).origin),
  });

  await registerWebApp(app, {
    webDistDir: config.webDistDir,
    uploads: objectStore ? { storage } : { dir: uploadsDir },
    firstLoadHints: concertFirstLoadHints(concerts),
  });

  const scheduler = createScheduler({
    lock: jobLock,
    log: app.log,
    metrics: metrics.jobs,
    clock,
  });
  registerJobs(scheduler, {
    clock,
    log: app.log,
    concerts,
    aiSummaries,
    seats,
    queue,
    queueTickMs: config.queue.tickMs,
    sessionStore,
    bookings,
    posterUploads,
    notifications,
    payments,
  });
  notifications.setErrorReporter((error, context) => app.log.error({ err: error }, context));
  app.decorate('scheduler', scheduler);
  const wokenRuns = new Set<Promise<void>>();
  if (overrides.startJobs !== false) {
    app.addHook('onReady', async () => scheduler.start());
    wakeRefundJob = () => {
      const run = scheduler
        .runNow('cancelled-concert-refunds')
        .catch((error: unknown) => app.log.error({ err: error }, 'refund job wake-up failed'))
        .finally(() => wokenRuns.delete(run));
      wokenRuns.add(run);
    };
  }
  // Held polls are answered before the server stops waiting for open requests.
  app.addHook('preClose', async () => {
    startDraining(app);
    pollHub.closeAll();
    waitQueueSockets.closeAll();
  });
  // The rush's entry skips Fastify's per-request work; it is held to the same rules, and hands
  // everything else to the usual route (modules/queue/queue-entry-fast-lane.ts).
  const queueEntryLane = createQueueEntryFastLane({
    queue,
    readSession: createSessionCookieReader({ store: sessionStore, signer: sessionSigner }),
    ...(sessionStore.liveKey ? { sessionLiveKey: sessionStore.liveKey } : {}),
    isForeign: foreignRequestCheck(ownOrigins),
    securityHeaders,
    // With no proxy trusted, Fastify's proxy-addr answer is the socket's address: read it directly.
    clientIp:
      config.trustProxy === 0
        ? (request: IncomingMessage) => request.socket.remoteAddress ?? ''
        : (request: IncomingMessage) => proxyAddr.all(request, trustProxy).at(-1) ?? '',
    isDraining: () => app.draining,
    ...(config.metricsToken
      ? {
          observe: (statusCode: number, seconds: number) =>
            metrics.observeHttp('/api/queue/enter', 'POST', statusCode, seconds),
        }
      : {}),
  });
  fastLanes.push(queueEntryLane);
  app.decorate('queueEntryLane', queueEntryLane);
  app.addHook('onClose', async () => {
    await Promise.allSettled([...wokenRuns]);
    await scheduler.stop();
    await accountEmail.idle();
    await mailer.close();
    await bus.close();
    if (redis) await redis.quit().catch(() => undefined);
    objectStore?.close();
    if (!overrides.database) await database.close();
  });

  return app;
}

/**
 * JSON bodies may be empty (the client sends `Content-Type: application/json` on body-less
 * calls, api-contract.md §1.2); form-encoded bodies become objects, only on the routes whose
 * `consumes` names them (login, password change: http/content-types.ts).
 */
function registerBodyParsers(app: FastifyInstance): void {
  const defaultJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') {
      done(null, undefined);
      return;
    }
    defaultJson(request, typeof body === 'string' ? body : body.toString('utf8'), done);
  });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : '')));
    },
  );
}
