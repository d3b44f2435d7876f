import {
  envelopeSchema,
  errorMessages,
  errorStatus,
  healthDownSchema,
  healthSchema,
  livenessSchema,
  type Health,
} from '@curtaincall/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { DatabaseHandle } from '../../db/client';

/** A probe slower than this counts as down: a load balancer must not wait on a stalled service. */
const PROBE_TIMEOUT_MS = 800;

async function probe(check: () => Promise<unknown>): Promise<{ ok: boolean; latencyMs: number }> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('probe timed out')), PROBE_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), deadline]);
    return { ok: true, latencyMs: Math.round((performance.now() - started) * 100) / 100 };
  } catch {
    return { ok: false, latencyMs: Math.round(performance.now() - started) };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `GET /api/health` (readiness): 200 when every service this mode needs answers (the database;
 * Redis too in scale-out mode), otherwise 503 with the same report. `GET /api/health/live`
 * (liveness): 200 while the process serves requests, whatever the services do, so an
 * orchestrator does not restart instances that only wait for a dependency to come back.
 */
export const healthRoutes: FastifyPluginAsyncZod<{
  database: DatabaseHandle;
  redis: Redis | null;
}> = async (app, { database, redis }) => {
  app.get(
    '/health',
    {
      // A load balancer's probe carries no session; reading one would make readiness depend on
      // the session store a second time, outside the probes and their time limit.
      config: { withoutSession: true },
      schema: {
        tags: ['system'],
        summary: '서버, 데이터베이스, Redis 상태 (준비 상태)',
        response: { 200: envelopeSchema(healthSchema), 503: healthDownSchema },
      },
    },
    async (_request, reply) => {
      const [db, cache] = await Promise.all([
        probe(() => database.ping()),
        redis ? probe(() => redis.ping()) : Promise.resolve(null),
      ]);
      const up = db.ok && (cache === null || cache.ok);
      const health: Health = {
        status: up ? 'up' : 'down',
        mode: redis ? 'scale-out' : 'embedded',
        database: { status: db.ok ? 'up' : 'down', kind: database.kind, latencyMs: db.latencyMs },
        redis: cache
          ? { status: cache.ok ? 'up' : 'down', kind: 'redis', latencyMs: cache.latencyMs }
          : { status: 'disabled', kind: 'in-process' },
        uptimeSeconds: Math.round(process.uptime()),
      };
      if (up) return reply.status(200).send({ success: true as const, data: health });
      return reply.status(503).send({
        success: false as const,
        status: errorStatus.C012,
        code: 'C012' as const,
        message: errorMessages.C012,
        data: health,
      });
    },
  );

  app.get(
    '/health/live',
    {
      config: { withoutSession: true },
      schema: {
        tags: ['system'],
        summary: '서버 프로세스 동작 여부 (의존 서비스는 확인하지 않음)',
        response: { 200: envelopeSchema(livenessSchema) },
      },
    },
    async () => ({
      success: true as const,
      data: { status: 'up' as const, uptimeSeconds: Math.round(process.uptime()) },
    }),
  );
};
