import type { Server } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** True once the server is stopping (SIGTERM): every answer then ends its connection. */
    draining: boolean;
  }
}

/**
 * Graceful stop behind a proxy that keeps connections to us alive (deploy/nginx.conf).
 *
 * node:http closes the connections that are idle when the server closes, but one busy then goes
 * back to idle after its answer and stays open until the proxy drops it (60 s), past the 10 s
 * the process gives itself. Closing it from our side later could cross a request the proxy is
 * just sending on it, which the proxy must not retry if it is a POST. So from the moment the
 * stop begins, every answer says `Connection: close`: the proxy reads that, opens its next
 * connection to the other instance, and this one ends cleanly after the answer.
 */
export function registerDrain(app: FastifyInstance): void {
  app.decorate('draining', false);
  // A callback hook, not an async one: it runs on every answer and should cost no promise.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (app.draining) reply.header('connection', 'close');
    done(null, payload);
  });
}

/** Called first when the server starts closing (before held polls are answered). */
export function startDraining(app: FastifyInstance): void {
  app.draining = true;
}

/** Whether the request's server is stopping (its answer must go through the onSend hooks). */
export function isDraining(request: FastifyRequest): boolean {
  return request.server.draining;
}

/**
 * node:http's close() also closes, at once, every connection idle at that moment. A proxy may be
 * sending a request on one of them in that same instant; for a POST it must then answer 502,
 * since it cannot know whether we read it. Behind a proxy (TRUST_PROXY set), the production start
 * (main.ts) therefore leaves them to the proxy, which drops its idle connections first (deploy/nginx.conf: after 4 s), and
 * closes what remains only after `delayMs` (clients connected without a proxy).
 */
export function deferIdleConnectionClose(server: Server, delayMs: number): void {
  const closeIdleNow = server.closeIdleConnections.bind(server);
  server.closeIdleConnections = () => {
    setTimeout(closeIdleNow, delayMs).unref();
  };
}
