import { defineConfig } from 'vitest/config';

const serverTest = {
  environment: 'node' as const,
  pool: 'forks' as const,
  testTimeout: 30_000,
  hookTimeout: 120_000,
};

/**
 * Projects: contracts, bench (the benchmarks' verdict rules) and web (unit/component), server (integration through app.inject() on
 * PGlite), and server-scaleout (the same server suites plus the multi-process ones on the
 * machine's PostgreSQL and Redis; only when TEST_DATABASE_URL and TEST_REDIS_URL are set).
 */
const scaleOutEnabled = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contracts',
          include: ['packages/contracts/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'bench',
          include: ['bench/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          ...serverTest,
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          exclude: ['**/*.scaleout.test.ts', '**/node_modules/**'],
          env: { TEST_RUNTIME: 'embedded' },
        },
      },
      ...(scaleOutEnabled
        ? [
            {
              test: {
                ...serverTest,
                name: 'server-scaleout',
                include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
                // The start tests run the real program in processes of their own, on no runtime
                // of the suite's: once, in the embedded project, is enough.
                exclude: ['apps/server/test/start.test.ts', '**/node_modules/**'],
                env: { TEST_RUNTIME: 'scale-out' },
                // Each file gets its own database; two at a time keeps a 2-core machine responsive.
                maxWorkers: 2,
                // Runs after the embedded projects, as its own group.
                sequence: { groupOrder: 1 },
              },
            },
          ]
        : []),
      'apps/web/vite.config.ts',
    ],
  },
});
