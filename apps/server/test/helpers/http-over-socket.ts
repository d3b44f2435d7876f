import http from 'node:http';

export interface SocketAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The request went over a connection an earlier request had used (keep-alive). */
  reusedSocket: boolean;
  localPort: number;
}

/**
 * One request over a real TCP connection (not app.inject): for what only a socket shows, such
 * as answers written straight to it and keep-alive reuse. Pass a keep-alive agent to reuse one.
 */
export function requestOverSocket(
  url: string,
  options: { agent?: http.Agent; headers?: Record<string, string>; method?: string } = {},
): Promise<SocketAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { agent: options.agent, headers: options.headers ?? {}, method: options.method ?? 'GET' },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body,
            reusedSocket: request.reusedSocket,
            localPort: request.socket?.localPort ?? 0,
          }),
        );
      },
    );
    request.on('error', reject);
    request.end();
  });
}
