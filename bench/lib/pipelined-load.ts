import { connect, type Socket } from 'node:net';

/**
 * A closed-loop HTTP/1.1 load driver that pipelines: each connection keeps `depth` requests
 * written ahead of their answers. Node's http client costs ~40-60 µs of the client's core per
 * request, so one client process could not drive even a bare Fastify route (27-30 µs) to its
 * core's limit (issue 24: the baseline ran at ~0.7 of a core). Written bytes and a small parser
 * cost a few µs, so the server, not the client, is the ceiling; the saturation check proves it.
 */

export interface PipelinedAnswer {
  status: number;
  /** The body's bytes (not decoded: a check that needs text decodes it itself). */
  body: Buffer;
}

/**
 * Parses a stream of HTTP/1.1 responses framed by Content-Length (what Fastify and our server
 * send for JSON). A chunked response is reported as an error: it would need a chunk parser and
 * none of the benchmarked routes send one. Chunks are joined once a whole answer is there, not on
 * every arrival: a 200 KB search answer comes in several chunks, and joining each time made the
 * client, not the server, the ceiling.
 */
export class ResponseStream {
  private parts: Buffer[] = [];
  private size = 0;
  /** Bytes needed before parsing is worth trying again (0: try on every chunk). */
  private need = 0;

  feed(chunk: Buffer): PipelinedAnswer[] {
    this.parts.push(chunk);
    this.size += chunk.length;
    if (this.size < this.need) return [];
    let buffered = this.parts.length === 1 ? chunk : Buffer.concat(this.parts, this.size);
    const answers: PipelinedAnswer[] = [];
    this.need = 0;
    for (;;) {
      const headEnd = buffered.indexOf('\r\n\r\n');
      if (headEnd < 0) break;
      const head = buffered.toString('latin1', 0, headEnd);
      const status = Number(head.slice(9, 12));
      const lengthMatch = /\r\ncontent-length:\s*(\d+)/i.exec(head);
      if (!lengthMatch) {
        if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) {
          throw new Error('chunked response: the pipelined driver reads Content-Length only');
        }
        // No body (204, 304).
        answers.push({ status, body: Buffer.alloc(0) });
        buffered = buffered.subarray(headEnd + 4);
        continue;
      }
      const total = headEnd + 4 + Number(lengthMatch[1]);
      if (buffered.length < total) {
        this.need = total;
        break;
      }
      answers.push({ status, body: buffered.subarray(headEnd + 4, total) });
      buffered = buffered.subarray(total);
    }
    this.parts = buffered.length > 0 ? [buffered] : [];
    this.size = buffered.length;
    return answers;
  }
}

/** An HTTP/1.1 request as bytes, keep-alive. */
export function rawRequest(
  method: string,
  path: string,
  host: string,
  headers: Record<string, string> = {},
): Buffer {
  let text = `${method} ${path} HTTP/1.1\r\nhost: ${host}\r\n`;
  for (const [name, value] of Object.entries(headers)) text += `${name}: ${value}\r\n`;
  // A POST with no body says so: Fastify waits for a body otherwise.
  if (method !== 'GET' && method !== 'HEAD') text += 'content-length: 0\r\n';
  return Buffer.from(`${text}\r\n`, 'latin1');
}

export interface PipelinedRun {
  answered: number;
  /** Answers whose `check` returned false, and dropped connections' requests. */
  failures: number;
  seconds: number;
  rps: number;
}

/**
 * Drives `url` for `seconds` with `connections` sockets, `depth` requests in flight on each.
 * `request(i)` gives the i-th request's bytes; `check(i, answer)` says whether it was right.
 */
export async function pipelinedLoad(options: {
  url: string;
  seconds: number;
  connections: number;
  depth: number;
  request: (index: number) => Buffer;
  check: (index: number, answer: PipelinedAnswer) => boolean;
  /**
   * The client address of connection i (e.g. 127.0.0.2-65 on loopback): a rush comes from many
   * addresses, and a server limiting requests per address would refuse one address's flood.
   */
  localAddress?: (connection: number) => string;
}): Promise<PipelinedRun> {
  const target = new URL(options.url);
  const deadline = Date.now() + options.seconds * 1_000;
  const started = Date.now();
  let next = 0;
  let answered = 0;
  let failures = 0;

  const drive = (_: unknown, connection: number) =>
    new Promise<void>((resolve) => {
      const localAddress = options.localAddress?.(connection);
      const socket: Socket = connect({
        host: target.hostname,
        port: Number(target.port),
        ...(localAddress === undefined ? {} : { localAddress }),
      });
      socket.setNoDelay(true);
      const parser = new ResponseStream();
      const inFlight: number[] = [];
      let finished = false;
      const finish = () => {
        if (finished) return;
        finished = true;
        failures += inFlight.length;
        socket.destroy();
        resolve();
      };
      const send = (count: number) => {
        const parts: Buffer[] = [];
        for (let i = 0; i < count && Date.now() < deadline; i += 1) {
          const index = next;
          next += 1;
          inFlight.push(index);
          parts.push(options.request(index));
        }
        if (parts.length)
          socket.write(parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts));
      };
      socket.on('connect', () => send(options.depth));
      socket.on('data', (chunk: Buffer) => {
        let answers: PipelinedAnswer[];
        try {
          answers = parser.feed(chunk);
        } catch {
          finish();
          return;
        }
        for (const answer of answers) {
          const index = inFlight.shift();
          if (index === undefined) continue;
          answered += 1;
          if (!options.check(index, answer)) failures += 1;
        }
        if (Date.now() < deadline) send(answers.length);
        if (inFlight.length === 0) finish();
      });
      socket.on('error', finish);
      socket.on('close', finish);
    });

  await Promise.all(Array.from({ length: options.connections }, drive));
  const seconds = (Date.now() - started) / 1_000;
  return { answered, failures, seconds, rps: answered / seconds };
}
