import { z } from 'zod';
import './zod-setup';
import { errorEnvelopeSchema } from './common';

const componentSchema = z.object({
  status: z.enum(['up', 'down', 'disabled']),
  kind: z.string(),
  latencyMs: z.number().optional(),
});

/**
 * `GET /api/health` (readiness): the runtime and each backing service. `down` (HTTP 503) when a
 * service this mode needs does not answer: the database always, Redis in scale-out mode.
 */
export const healthSchema = z.object({
  status: z.enum(['up', 'down']),
  mode: z.enum(['embedded', 'scale-out']),
  database: componentSchema,
  redis: componentSchema,
  uptimeSeconds: z.number(),
});
export type Health = z.infer<typeof healthSchema>;

/**
 * The 503 answer of `GET /api/health`: the error envelope (C012), with the report as `data`. Any
 * other 503 of the route (the error handler's, for an outage met before the probes) has no report.
 */
export const healthDownSchema = errorEnvelopeSchema.extend({ data: healthSchema.optional() });

/** `GET /api/health/live` (liveness): the process answers; never touches a backing service. */
export const livenessSchema = z.object({
  status: z.literal('up'),
  uptimeSeconds: z.number(),
});
