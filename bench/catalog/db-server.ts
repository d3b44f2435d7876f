import { publicConcertStatuses, type Concert, type ConcertListQuery } from '@curtaincall/contracts';
import { getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import Fastify, { type FastifyReply } from 'fastify';
import { openDatabase, queryRows } from '../../apps/server/src/db/client';
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
 * Issue 26: the lists answer one card per show, so the queries are those a database-backed
 * catalogue of shows would run: public performances numbered within their show (the first on
 * sale, else the first by date and time, is the card), ORDER BY the card's sort key with its id
 * as tie-break, LIMIT/OFFSET plus a count of shows for the page; search keeps the shows one of
 * whose public performances has the text in its title, artist or venue (ILIKE, `%` and `_`
 * literal, at most 1,000 cards by date). The page's rows are then read whole, and the summary of
 * each show of several non-cancelled performances is added as `show`. apps/ has no such queries
 * (its snapshot groups in memory), so they are written here against its schema; rows become the
 * wire shape through the service's own `toConcert` and `toPage`, so the answers are byte for byte
 * ours (run.ts checks that before measuring).
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
const publicStatuses = sql.join(
  publicConcertStatuses.map((status) => sql`${status}`),
  sql`, `,
);
const sortColumns: Record<ConcertListQuery['sortBy'], string[]> = {
  concertDate: ['concert_date', 'start_time'],
  title: ['title'],
  artist: ['artist'],
  createdAt: ['created_at'],
};
const { seatLayout: _layoutCopy, ...columnsButLayout } = getTableColumns(concerts);

/** `%` and `_` typed by a user are literal characters, not wildcards. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The card of every public show (of those `showFilter` keeps), in the given order. */
function cardIds(showFilter: SQL, order: SQL, limit: number, offset: number): SQL {
  return sql`with ranked as (
      select c.id, c.concert_date, c.start_time, c.title, c.artist, c.created_at,
             row_number() over (partition by c.show_id
               order by (c.status = 'ON_SALE') desc, c.concert_date, c.start_time, c.id) as rank
      from concerts c
      where c.status in (${publicStatuses}) and ${showFilter})
    select id from ranked where rank = 1 order by ${order} limit ${limit} offset ${offset}`;
}

/** The cards' concert objects in the order of `ids`, each with its show's summary if several. */
async function cardsOf(ids: number[]): Promise<Concert[]> {
  if (ids.length === 0) return [];
  const rows = await db.select(columnsButLayout).from(concerts).where(inArray(concerts.id, ids));
  const showIds = [...new Set(rows.map((row) => row.showId))];
  const summaries = await queryRows<{
    show_id: number;
    performance_count: number;
    first_date: string;
    last_date: string;
  }>(
    db,
    sql`select show_id, count(*)::int as performance_count,
               min(concert_date)::text as first_date, max(concert_date)::text as last_date
        from concerts
        where show_id in (${sql.join(
          showIds.map((id) => sql`${id}`),
          sql`, `,
        )}) and status <> 'CANCELLED'
        group by show_id having count(*) > 1`,
  );
  const summaryOf = new Map(
    summaries.map((s) => [
      Number(s.show_id),
      {
        showId: Number(s.show_id),
        performanceCount: Number(s.performance_count),
        firstDate: s.first_date,
        lastDate: s.last_date,
      },
    ]),
  );
  const rowOf = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = rowOf.get(id);
    if (!row) return [];
    const summary = summaryOf.get(row.showId);
    return [summary ? { ...toConcert(row), show: summary } : toConcert(row)];
  });
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
    const direction = request.query.sortDir === 'desc' ? 'desc' : 'asc';
    const columns = sortColumns[sortBy];
    if (!columns || !Number.isInteger(page) || !Number.isInteger(size) || size < 1) {
      return reply.status(400).send({ success: false });
    }
    const order = sql.raw([...columns, 'id'].map((c) => `${c} ${direction}`).join(', '));
    const [idRows, [totalRow]] = await Promise.all([
      queryRows<{ id: number }>(db, cardIds(sql`true`, order, size, page * size)),
      queryRows<{ total: number }>(
        db,
        sql`select count(distinct show_id)::int as total from concerts
            where status in (${publicStatuses})`,
      ),
    ]);
    const content = await cardsOf(idRows.map((r) => Number(r.id)));
    return sendJson(reply, {
      success: true,
      data: toPage(content, Number(totalRow?.total ?? 0), page, size),
    });
  },
);

app.get<{ Querystring: { query?: string } }>('/db/concerts/search', async (request, reply) => {
  const text = (request.query.query ?? '').trim();
  if (!text) return reply.status(400).send({ success: false });
  const pattern = likePattern(text);
  const matching = sql`c.show_id in (
      select m.show_id from concerts m
      where m.status in (${publicStatuses})
        and (m.title ilike ${pattern} or m.artist ilike ${pattern} or m.venue_name ilike ${pattern}))`;
  const idRows = await queryRows<{ id: number }>(
    db,
    cardIds(matching, sql`concert_date, start_time, id`, RESULT_LIMIT, 0),
  );
  return sendJson(reply, { success: true, data: await cardsOf(idRows.map((r) => Number(r.id))) });
});

app.get('/health', async () => ({ ok: true }));
// No SIGTERM handler: the data directory is a throw-away copy, deleted after the run.
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
