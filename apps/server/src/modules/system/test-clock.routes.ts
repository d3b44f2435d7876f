import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * E2E only (registered when E2E_TEST_HOOKS=true; never in production or the server tests): moves
 * the server's clock forward, so a journey can cancel "5 days before the show" by the clock every
 * rule reads (the fee table, deadlines, jobs), as server tests do with their manual clock.
 */
export const testClockRoutes: FastifyPluginAsyncZod<{
  setOffset: (ms: number) => void;
}> = async (app, { setOffset }) => {
  app.post(
    '/test-hooks/clock',
    {
      schema: {
        hide: true,
        body: z.object({
          offsetMs: z
            .number()
            .int()
            .min(0)
            .max(366 * 86_400_000),
        }),
      },
    },
    async (request) => {
      setOffset(request.body.offsetMs);
      return { success: true as const, data: { offsetMs: request.body.offsetMs } };
    },
  );
};
