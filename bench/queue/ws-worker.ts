import http from 'node:http';
import { WebSocket } from 'ws';

/**
 * One bench/queue client process: opens waiting-room sockets for its share of the buyers,
 * records when each RANK_UPDATE of an admission tick arrives, with the tick id the server put in
 * it, and, like a buyer who leaves the seat page at once,
 * gives back the access key of everyone admitted so the next tick admits someone else.
 */
interface Client {
  userId: number;
  cookie: string;
}
type Command =
  | { type: 'connect'; baseUrl: string; concertId: number; clients: Client[] }
  | { type: 'report' }
  | { type: 'close' };

const sockets: WebSocket[] = [];
/** [tick id, arrival ms] of every rank frame a tick sent (the frame at connection has none). */
const rankFrames: Array<[number, number]> = [];
let admits = 0;
let releaseFailures = 0;
let agent: http.Agent | null = null;

function release(baseUrl: string, concertId: number, cookie: string): void {
  const url = new URL(`${baseUrl}/api/access-keys?concertId=${concertId}`);
  const req = http.request(
    {
      agent: agent ?? undefined,
      host: url.hostname,
      port: url.port,
      method: 'DELETE',
      path: `${url.pathname}${url.search}`,
      headers: { cookie },
    },
    (res) => {
      if (res.statusCode !== 200) releaseFailures += 1;
      res.resume();
    },
  );
  req.on('error', () => {
    releaseFailures += 1;
  });
  req.end();
}

async function connectAll(baseUrl: string, concertId: number, clients: Client[]) {
  agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  const wsUrl = `${baseUrl.replace('http', 'ws')}/ws/waitqueue?concertId=${concertId}`;
  let failed = 0;
  let next = 0;
  // 64 handshakes at a time per process, as a crowd arriving over some seconds would.
  const worker = async () => {
    while (next < clients.length) {
      const client = clients[next];
      next += 1;
      if (!client) break;
      await new Promise<void>((resolve) => {
        const socket = new WebSocket(wsUrl, { headers: { cookie: client.cookie } });
        socket.on('open', () => {
          sockets.push(socket);
          resolve();
        });
        socket.on('message', (data: Buffer) => {
          const frame = JSON.parse(data.toString()) as { type: string; tick?: number };
          if (frame.type === 'RANK_UPDATE') {
            if (typeof frame.tick === 'number') rankFrames.push([frame.tick, Date.now()]);
          } else if (frame.type === 'ADMIT' || frame.type === 'REDIRECT_TO_RESERVE') {
            admits += 1;
            release(baseUrl, concertId, client.cookie);
          }
        });
        socket.on('error', () => {
          failed += 1;
          resolve();
        });
      });
    }
  };
  await Promise.all(Array.from({ length: 64 }, worker));
  return { connected: sockets.length, failed };
}

process.on('message', (command: Command) => {
  if (command.type === 'connect') {
    void connectAll(command.baseUrl, command.concertId, command.clients).then((result) =>
      process.send?.({ type: 'connected', ...result }),
    );
  } else if (command.type === 'report') {
    const open = sockets.filter((s) => s.readyState === WebSocket.OPEN).length;
    process.send?.({ type: 'report', rankFrames, admits, open, releaseFailures });
    rankFrames.length = 0;
  } else {
    for (const socket of sockets) socket.terminate();
    agent?.destroy();
    process.exit(0);
  }
});

process.on('exit', (code) => {
  if (code !== 0) console.error(`ws-worker ${process.pid} exited with ${code}`);
});
process.on('uncaughtException', (error) => {
  console.error(`ws-worker ${process.pid}:`, error);
  process.exit(2);
});
