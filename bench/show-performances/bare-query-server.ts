import Fastify from 'fastify';
import { openDatabase } from '../../apps/server/src/db/client';
import { systemClock } from '../../apps/server/src/lib/clock';
import { createConcertsService } from '../../apps/server/src/modules/concerts/concerts.service';
import { createPerformancesService } from '../../apps/server/src/modules/shows/performances.service';

/**
 * The baseline of bench/show-performances: bare Fastify (no sessions, hooks, validation or
 * plugins) answering `/bare/concerts/{id}/performances` by running the very statements our
 * service runs (the concert's show, its performances, every grade's places in one grouped
 * count) on a copy of the same PGlite files and serialising the answer on every request: our
 * service with its cache turned off (`maxAgeMs: 0`). run.ts checks it answers our bytes first.
 */
const database = await openDatabase({
  databaseUrl: undefined,
  pgliteDir: process.env.BARE_QUERY_PGLITE_DIR ?? '',
});
const concerts = createConcertsService({
  db: database.db,
  publicBaseUrl: 'http://localhost',
  clock: systemClock,
  catalogMaxAgeMs: 0,
});
const performances = createPerformancesService({
  db: database.db,
  clock: systemClock,
  concerts,
  maxAgeMs: 0,
});

const app = Fastify({ logger: false });
app.get<{ Params: { concertId: string } }>(
  '/bare/concerts/:concertId/performances',
  async (request, reply) =>
    reply
      .type('application/json; charset=utf-8')
      .send(await performances.performancesJson(Number(request.params.concertId))),
);
app.get('/health', async () => ({ ok: true }));
// No SIGTERM handler: the data directory is a throw-away copy, deleted after the run.
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
