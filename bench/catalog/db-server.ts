import { publicConcertStatuses, type ConcertListQuery } from '@curtaincall/contracts';
import { and, asc, count, desc, ilike, inArray, or } from 'drizzle-orm';
import Fastify, { type FastifyReply } from 'fastify';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { openDatabase } from '../../apps/server/src/db/client';
import { concerts } from '../../apps/server/src/db/schema/index';
import { systemClock } from '../../apps/server/src/lib/clock';
import { toPage } from '../../apps/server/src/lib/paging';
import { createConcertsService } from '../../apps/server/src/modules/concerts/concerts.service';

/**
 * The second baseline of bench/catalog (issue 24, point 4): the database query path. Bare Fastify
 * (no sessions, hooks, validation or plugins) answering the public list and search by querying
 * PGlite on every request and serialising the rows on every request: what our server would do
 * without its in-memory snapshot. The snapshot exists to beat this, so ours / this >= 1.0 is the
 * goal; the ready-bytes server (bare-server.ts) stays the ceiling.
 *
 * The queries are the ones our list and search ran before the snapshot replaced them (commit
 * ca20440: findConcertPage, searchConcerts): public statuses, ORDER BY the sort key with the id as
 * tie-break, LIMIT/OFFSET plus a count for the page, ILIKE on title/artist/venue with `%` and `_`
 * taken literally, at most 1,000 results by date. apps/ no longer has them, so they are written
 * here against its schema; rows become the wire shape through the service's own `toConcert` and
 * `toPage`, so the answers are byte for byte ours (run.ts checks that before measuring).
 */
const database = await openDatabase({
  databaseUrl: undefined,
  pgliteDir: process.env.DB_QUERY_PGLITE_DIR ?? '',
});
const db = database.db;
// Only its row mapping is used: the service reads nothing until its catalogue is asked for.
const { toConcert } = createConcertsService({
  db,
  publicBaseUrl: process.env.PUBLIC_BASE_URL ?? 'http://localhost',
  clock: systemClock,
  catalogMaxAgeMs: 0,
});

/** Search and filter answer at most this many concerts (RESULT_LIMIT in concerts.service.ts). */
const RESULT_LIMIT = 1_000;
const publicOnly = inArray(concerts.status, [...publicConcertStatuses]);
const sortColumns: Record<ConcertListQuery['sortBy'], PgColumn[]> = {
  concertDate: [concerts.concertDate, concerts.startTime],
  title: [concerts.title],
  artist: [concerts.artist],
  createdAt: [concerts.createdAt],
};

/** `%` and `_` typed by a user are literal characters, not wildcards. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Serialised on every request: nothing is cached, that is the point of this baseline. */
const sendJson = (reply: FastifyReply, body: unknown) =>
  reply.type('application/json; charset=utf-8').send(JSON.stringify(body));

const app = Fastify({ logger: false });

app.get<{ Querystring: Record<string, string | undefined> }>(
  '/db/concerts',
  async (request, reply) => {
    const page = Number(request.query.page ?? 0);
    const size = Number(request.query.size ?? 20);
    const sortBy = (request.query.sortBy ?? 'concertDate') as ConcertListQuery['sortBy'];
    const direction = request.query.sortDir === 'desc' ? desc : asc;
    const columns = sortColumns[sortBy];
    if (!columns || !Number.isInteger(page) || !Number.isInteger(size) || size < 1) {
      return reply.status(400).send({ success: false });
    }
    const [rows, [totalRow]] = await Promise.all([
      db
        .select()
        .from(concerts)
        .where(publicOnly)
        .orderBy(...columns.map((column) => direction(column)), direction(concerts.id))
        .limit(size)
        .offset(page * size),
      db.select({ total: count() }).from(concerts).where(publicOnly),
    ]);
    return sendJson(reply, {
      success: true,
      data: toPage(rows.map(toConcert), totalRow?.total ?? 0, page, size),
    });
  },
);

app.get<{ Querystring: { query?: string } }>('/db/concerts/search', async (request, reply) => {
  const text = (request.query.query ?? '').trim();
  if (!text) return reply.status(400).send({ success: false });
  const pattern = likePattern(text);
  const rows = await db
    .select()
    .from(concerts)
    .where(
      and(
        publicOnly,
        or(
          ilike(concerts.title, pattern),
          ilike(concerts.artist, pattern),
          ilike(concerts.venueName, pattern),
        ),
      ),
    )
    .orderBy(asc(concerts.concertDate), asc(concerts.startTime), asc(concerts.id))
    .limit(RESULT_LIMIT);
  return sendJson(reply, { success: true, data: rows.map(toConcert) });
});

app.get('/health', async () => ({ ok: true }));
// No SIGTERM handler: the data directory is a throw-away copy, deleted after the run.
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
