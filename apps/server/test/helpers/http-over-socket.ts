import http from 'node:http';
import net from 'node:net';

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

/**
 * Raw bytes over a new TCP connection, and everything the server writes until it closes it:
 * for requests no HTTP client sends (no Host header, CONNECT). Gives up after `timeoutMs`
 * with what arrived (an empty string when the server said nothing).
 */
export function exchangeRawBytes(port: number, bytes: string, timeoutMs = 5_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    const timer = setTimeout(() => socket.destroy(), timeoutMs);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(answer);
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // A reset after a complete answer still leaves the answer to check.
      if (error.code === 'ECONNRESET') return;
      clearTimeout(timer);
      reject(error);
    });
    socket.write(bytes);
  });
}

/** A raw HTTP/1.1 answer's status, headers (lower-case names) and body. */
export function parseRawAnswer(raw: string): {
  status: number;
  headers: Record<string, string>;
  body: string;
} {
  const at = raw.indexOf('\r\n\r\n');
  const head = at === -1 ? raw : raw.slice(0, at);
  const body = at === -1 ? '' : raw.slice(at + 4);
  const [statusLine = '', ...headerLines] = head.split('\r\n');
  const headers = Object.fromEntries(
    headerLines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
  return { status: Number(statusLine.split(' ')[1] ?? 0), headers, body };
}
