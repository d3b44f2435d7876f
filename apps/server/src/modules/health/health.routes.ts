import { envelopeSchema, healthSchema, type Health } from '@curtaincall/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { DatabaseHandle } from '../../db/client';

async function probe(check: () => Promise<unknown>): Promise<{ ok: boolean; latencyMs: number }> {
  const started = performance.now();
  try {
    await check();
    return { ok: true, latencyMs: Math.round((performance.now() - started) * 100) / 100 };
  } catch {
    return { ok: false, latencyMs: Math.round(performance.now() - started) };
  }
}

/** `GET /api/health`: 200 when the database answers, 503 otherwise; Redis is reported too. */
export const healthRoutes: FastifyPluginAsyncZod<{
  database: DatabaseHandle;
  redis: Redis | null;
}> = async (app, { database, redis }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: '서버, 데이터베이스, Redis 상태',
        response: { 200: envelopeSchema(healthSchema), 503: envelopeSchema(healthSchema) },
      },
    },
    async (_request, reply) => {
      const [db, cache] = await Promise.all([
        probe(() => database.ping()),
        redis ? probe(() => redis.ping()) : Promise.resolve(null),
      ]);
      const health: Health = {
        status: db.ok && (cache === null || cache.ok) ? 'up' : 'degraded',
        mode: redis ? 'scale-out' : 'embedded',
        database: { status: db.ok ? 'up' : 'down', kind: database.kind, latencyMs: db.latencyMs },
        redis: cache
          ? { status: cache.ok ? 'up' : 'down', kind: 'redis', latencyMs: cache.latencyMs }
          : { status: 'disabled', kind: 'in-process' },
        uptimeSeconds: Math.round(process.uptime()),
      };
      return reply.status(db.ok ? 200 : 503).send({ success: true as const, data: health });
    },
  );
};
