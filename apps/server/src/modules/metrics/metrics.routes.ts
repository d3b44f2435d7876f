import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/app-error';
import type { AppMetrics } from './app-metrics';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Times every request into the latency histogram, labelled by the route pattern Fastify matched
 * (`/api/concerts/:concertId`, never the raw URL) or `unmatched`. A synchronous hook: one
 * histogram observation per request, no promise.
 */
export function registerHttpMetrics(app: FastifyInstance, metrics: AppMetrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeHttp(
      request.routeOptions.url ?? 'unmatched',
      request.method,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
}

/**
 * `GET /metrics` (Prometheus text format), never public: without METRICS_TOKEN it answers 404
 * like any unknown path; with it, only `Authorization: Bearer <METRICS_TOKEN>` gets the metrics
 * (401 C013 otherwise). The token is compared by digest in constant time. The proxy in front
 * blocks the path from the outside as well (deploy/); Prometheus scrapes each instance directly.
 */
export function registerMetricsRoute(
  app: FastifyInstance,
  options: { metrics: AppMetrics; token: string | undefined },
): void {
  const expected = options.token ? digest(options.token) : null;
  app.get(
    '/metrics',
    // No session: a scraper has none, and metrics must answer while the session store is down.
    { config: { withoutSession: true }, schema: { hide: true } },
    async (request, reply) => {
      if (!expected) throw new AppError('C005');
      const header = request.headers.authorization ?? '';
      const presented = /^Bearer (.+)$/i.exec(header)?.[1]?.trim();
      if (!presented || !timingSafeEqual(digest(presented), expected)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw new AppError('C013');
      }
      reply.header('cache-control', 'no-store').type(options.metrics.registry.contentType);
      return options.metrics.registry.metrics();
    },
  );
}
