import { createServer, request as httpRequest, Agent } from 'node:http';
import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferIdleConnectionClose, registerDrain, startDraining } from './drain';

afterEach(() => {
  vi.useRealTimers();
});

/** GET over a keep-alive agent, resolved with the status, Connection header and body. */
function get(url: string, agent: Agent) {
  return new Promise<{ status: number; connection: string | undefined; body: string }>(
    (resolve, reject) => {
      const req = httpRequest(url, { agent }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }),
        );
      });
      req.on('error', reject);
      req.end();
    },
  );
}

describe('graceful stop behind a proxy', () => {
  it('finishes a request in flight when the stop begins, with Connection: close, then closes', async () => {
    const app = Fastify({ return503OnClosing: false });
    registerDrain(app);
    app.addHook('preClose', async () => startDraining(app));
    // The request in flight ends once the stop has begun (after the hook above).
    app.addHook('preClose', async () => release());
    let arrived: () => void = () => undefined;
    const hasArrived = new Promise<void>((resolve) => (arrived = resolve));
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    app.get('/slow', async () => {
      arrived();
      await released;
      return { done: true };
    });
    app.get('/fast', async () => ({ fast: true }));
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const agent = new Agent({ keepAlive: true });
    try {
      const before = await get(`${url}/fast`, agent);
      expect(before.connection).toBe('keep-alive');

      const slow = get(`${url}/slow`, agent);
      await hasArrived;
      const closed = app.close();
      const answer = await slow;
      expect(answer).toEqual({ status: 200, connection: 'close', body: '{"done":true}' });
      await closed;
      expect(app.server.listening).toBe(false);
    } finally {
      agent.destroy();
    }
  });

  it('leaves idle connections open for the delay, then closes them', () => {
    vi.useFakeTimers();
    const server = createServer();
    const closeIdleNow = vi.fn();
    server.closeIdleConnections = closeIdleNow;
    deferIdleConnectionClose(server, 5_000);

    server.closeIdleConnections();
    vi.advanceTimersByTime(4_999);
    expect(closeIdleNow).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(closeIdleNow).toHaveBeenCalledTimes(1);
  });
});
