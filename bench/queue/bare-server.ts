import Fastify from 'fastify';

/**
 * The baseline of bench/queue: a bare Fastify POST route answering what a waiting-room entry
 * answers (same envelope and size), with no session, database or Redis behind it.
 */
const app = Fastify({ logger: false });
let rank = 0;
app.post('/enter', async () => {
  rank += 1;
  return {
    success: true,
    data: {
      status: 'WAITING',
      rank,
      etaSeconds: Math.ceil(rank / 3),
      message: `대기열에 등록되었습니다. 현재 대기 순번: ${rank}`,
    },
  };
});
app.get('/health', async () => ({ ok: true }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
// A normal exit on SIGTERM, so a profile asked for by BENCH_SERVER_NODE_ARGS is written.
process.on('SIGTERM', () => process.exit(0));
