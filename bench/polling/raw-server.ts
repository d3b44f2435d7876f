import { randomBytes } from 'node:crypto';
import http from 'node:http';

/**
 * The baseline of bench/polling: a bare node:http long-poll server. Every GET of a path ending in
 * `/polling` (run.ts sends our poll's very path and headers, so both servers parse and keep the
 * same request bytes) is held in a Set (and dropped when its connection closes);
 * `POST /trigger?seatId=N` answers all of them with a JSON body of the same shape and size as our
 * poll answer, built per request. `POST /api/queue/enter` (the warm-up, as many as our admissions)
 * answers at once with a body shaped like our queue entry's and keeps nothing. `GET /count` says
 * how many are held, `GET /health` answers at once.
 */
const held = new Set<http.ServerResponse>();

function answerBody(seatId: number) {
  const now = new Date();
  return {
    status: 'update',
    hasUpdate: true,
    seatUpdates: [
      {
        concertId: 1,
        seatId,
        seatInfo: 'A-1-1',
        status: 'RESERVED',
        isReservedByCurrentUser: false,
        reservedAt: now.toISOString().slice(0, 19),
        expiresAt: now.toISOString().slice(0, 19),
        remainingSeconds: 299,
      },
    ],
    updateTime: now.toISOString().slice(0, 19),
  };
}

function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (req.method === 'GET' && url.pathname.endsWith('/polling')) {
    held.add(res);
    res.once('close', () => held.delete(res));
    return;
  }
  if (req.method === 'POST' && url.pathname === '/trigger') {
    const seatId = Number(url.searchParams.get('seatId') ?? 0);
    const waiting = [...held];
    held.clear();
    for (const poll of waiting) sendJson(poll, 200, answerBody(seatId));
    sendJson(res, 200, { answered: waiting.length });
    return;
  }
  if (url.pathname === '/count') return sendJson(res, 200, { held: held.size });
  if (url.pathname === '/api/queue/enter') {
    return sendJson(res, 200, {
      success: true,
      data: { status: 'IMMEDIATE_ENTRY', accessKey: randomBytes(16).toString('base64url') },
    });
  }
  if (url.pathname === '/health') return sendJson(res, 200, { ok: true });
  sendJson(res, 404, { missing: url.pathname });
});
server.listen(Number(process.env.PORT), '127.0.0.1');
process.once('SIGTERM', () => {
  for (const poll of held) poll.destroy();
  server.close(() => process.exit(0));
});
