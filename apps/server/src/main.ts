import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { deferIdleConnectionClose } from './http/drain';
import { DependencyStartError } from './lib/outage';

/** Past nginx's own idle timeout to us (4 s), well inside the 10 s a stop may take. */
const IDLE_CONNECTION_CLOSE_DELAY_MS = 5_000;

/** Starts the server: listen and signals only; everything else is in buildApp. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp(config);
  // Behind a proxy (TRUST_PROXY) idle connections are the proxy's to close; clients that reach
  // us directly have theirs closed at once, as node:http does.
  if (config.trustProxy > 0) deferIdleConnectionClose(app.server, IDLE_CONNECTION_CLOSE_DELAY_MS);
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, '종료 신호를 받았습니다. 진행 중인 요청을 마치고 종료합니다.');
    const forceExit = setTimeout(() => process.exit(1), 10_000);
    forceExit.unref();
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '0.0.0.0' ? 'localhost' : config.host;
  const address = `http://${shownHost}:${config.port}`;
  app.log.info({ address }, 'listening');
  // A banner for the person who ran `npm start`; the structured line above is for log tooling.
  process.stdout.write(
    [
      '',
      `  커튼콜이 시작되었습니다: ${address}`,
      `  API 문서: ${address}/api/docs`,
      `  데이터베이스: ${config.databaseUrl ? 'PostgreSQL' : `PGlite (${config.pgliteDir})`}`,
      `  Redis: ${config.redisUrl ? '사용' : '사용 안 함 (in-process)'}`,
      config.demoData
        ? '  데모 계정: admin / admin1234! (관리자), seller / seller1234! (판매자),\n            buyer / buyer1234!, buyer2 / buyer1234! (구매자)'
        : '  데모 데이터: 꺼짐 (DEMO_DATA=true 로 켤 수 있습니다)',
      '',
      '',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  // An unreachable DATABASE_URL or REDIS_URL is a setting to fix, like a malformed one: one line.
  console.error(error instanceof DependencyStartError ? error.message : error);
  process.exit(1);
});
