import http from 'node:http';

/**
 * The baseline of bench/polling: a bare node:http long-poll server. Every `GET /poll` is held in
 * a Set (and dropped when its connection closes); `POST /trigger?seatId=N` answers all of them
 * with a JSON body of the same shape and size as our poll answer, built per request. `GET /count`
 * says how many are held, `GET /health` and `GET /warm` answer at once.
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
  if (req.method === 'GET' && url.pathname === '/poll') {
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
  if (url.pathname === '/health' || url.pathname === '/warm')
    return sendJson(res, 200, { ok: true });
  sendJson(res, 404, { missing: url.pathname });
});
server.listen(Number(process.env.PORT), '127.0.0.1');
process.once('SIGTERM', () => {
  for (const poll of held) poll.destroy();
  server.close(() => process.exit(0));
});
