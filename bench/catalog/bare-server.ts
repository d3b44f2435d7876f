import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

/**
 * The baseline: bare Fastify answering, for each path our benchmark requests, the very same
 * JSON our server answered (read once at start, serialised on every request as a plain route
 * does). No plugins, no database: what is left is Node + Fastify + JSON.
 */
const payloads = JSON.parse(readFileSync(process.env.BARE_PAYLOAD_FILE ?? '', 'utf8')) as Record<
  string,
  unknown
>;
const app = Fastify({ logger: false });
app.get<{ Params: { key: string } }>('/bare/:key', async (request, reply) => {
  const payload = payloads[request.params.key];
  return payload === undefined ? reply.status(404).send({ missing: request.params.key }) : payload;
});
app.get('/health', async () => ({ ok: true }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
