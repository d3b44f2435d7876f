import http, { type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';

/**
 * A fast lane answers one kind of request before Fastify sees it, or declines at once (false) and
 * Fastify answers it as usual. Having accepted, it may still hand the request to Fastify later
 * (`handOver`), as long as it has written nothing: whatever is not its plain happy path (a missing
 * session, an error to report) is answered by the usual route, hooks and error handler.
 */
export type FastLane = (
  request: IncomingMessage,
  response: ServerResponse,
  handOver: RequestListener,
) => boolean;

/** What Fastify passes to a server factory: its own options (those below are used here). */
interface FastifyServerOptions {
  http?: http.ServerOptions;
  keepAliveTimeout?: number;
  requestTimeout?: number;
  connectionTimeout?: number;
  maxRequestsPerSocket?: number;
}

/**
 * Fastify's `serverFactory`: the HTTP/1 server Fastify would create itself (lib/server.js: the
 * same `http` options and timeouts), whose requests go through `lanes` first. The list is read
 * on every request, so lanes added once the app is built (they need its hooks' settings) apply.
 * `app.inject()` calls Fastify's handler directly: injected requests never take a lane, and the
 * fast lanes' tests use a listening server.
 */
export function serverWithFastLanes(lanes: readonly FastLane[]) {
  return (handler: RequestListener, options: FastifyServerOptions): http.Server => {
    const server = http.createServer(options.http ?? {}, (request, response) => {
      for (const lane of lanes) {
        if (lane(request, response, handler)) return;
      }
      handler(request, response);
    });
    if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    if (options.connectionTimeout !== undefined) server.setTimeout(options.connectionTimeout);
    if (options.maxRequestsPerSocket && options.maxRequestsPerSocket > 0) {
      server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    }
    return server;
  };
}
