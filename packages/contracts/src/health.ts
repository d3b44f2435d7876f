import { z } from 'zod';

const componentSchema = z.object({
  status: z.enum(['up', 'down', 'disabled']),
  kind: z.string(),
  latencyMs: z.number().optional(),
});

/** `GET /api/health`: the runtime and each backing service. */
export const healthSchema = z.object({
  status: z.enum(['up', 'degraded']),
  mode: z.enum(['embedded', 'scale-out']),
  database: componentSchema,
  redis: componentSchema,
  uptimeSeconds: z.number(),
});
export type Health = z.infer<typeof healthSchema>;
