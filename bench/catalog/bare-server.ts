import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

/**
 * The baseline: bare Fastify answering, for each path our benchmark requests, the very bytes our
 * server answered, serialised once at start as our server serves its catalogue from a ready-made
 * snapshot (issue 24: a baseline that re-serialised on every request was slower than ours, and
 * the ratio read 1.22 × a "ceiling"). No plugins, no database: Node + Fastify writing bytes.
 */
const payloads = JSON.parse(readFileSync(process.env.BARE_PAYLOAD_FILE ?? '', 'utf8')) as Record<
  string,
  unknown
>;
const ready = new Map(
  Object.entries(payloads).map(([key, payload]) => [key, Buffer.from(JSON.stringify(payload))]),
);
const app = Fastify({ logger: false });
app.get<{ Params: { key: string } }>('/bare/:key', async (request, reply) => {
  const bytes = ready.get(request.params.key);
  if (!bytes) return reply.status(404).send({ missing: request.params.key });
  return reply.header('content-type', 'application/json; charset=utf-8').send(bytes);
});
app.get('/health', async () => ({ ok: true }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
