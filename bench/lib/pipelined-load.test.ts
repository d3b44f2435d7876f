import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { pipelinedLoad, rawRequest, ResponseStream } from './pipelined-load';

const text = (answers: Array<{ status: number; body: Buffer }>) =>
  answers.map((answer) => ({ status: answer.status, body: answer.body.toString('utf8') }));

const response = (status: number, body: string) =>
  `HTTP/1.1 ${status} OK\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;

describe('the pipelined driver’s response parser', () => {
  it('reads two answers from one chunk and one answer split across three', () => {
    const stream = new ResponseStream();
    const both = Buffer.from(response(200, '{"a":"순번"}') + response(403, '{}'));
    expect(text(stream.feed(both))).toEqual([
      { status: 200, body: '{"a":"순번"}' },
      { status: 403, body: '{}' },
    ]);
    const whole = Buffer.from(response(200, '{"rank":12}'));
    expect(stream.feed(whole.subarray(0, 10))).toEqual([]);
    expect(stream.feed(whole.subarray(10, 60))).toEqual([]);
    expect(text(stream.feed(whole.subarray(60)))).toEqual([{ status: 200, body: '{"rank":12}' }]);
  });

  it('joins a large answer once it is whole, and keeps the next one’s start', () => {
    const stream = new ResponseStream();
    const big = `{"data":"${'가'.repeat(100_000)}"}`;
    const bytes = Buffer.from(response(200, big) + response(200, '{}').slice(0, 20));
    const pieces = [];
    for (let at = 0; at < bytes.length; at += 16_384) pieces.push(bytes.subarray(at, at + 16_384));
    const answers = pieces.flatMap((piece) => stream.feed(piece));
    expect(text(answers)).toEqual([{ status: 200, body: big }]);
    expect(text(stream.feed(Buffer.from(response(200, '{}').slice(20))))).toEqual([
      { status: 200, body: '{}' },
    ]);
  });

  it('refuses a chunked answer rather than misreading it', () => {
    const stream = new ResponseStream();
    expect(() =>
      stream.feed(
        Buffer.from('HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n'),
      ),
    ).toThrow(/chunked/);
  });
});

describe('the pipelined driver', () => {
  it('keeps requests in flight on every connection and counts each answer once', async () => {
    let served = 0;
    const server = createServer((request, reply) => {
      served += 1;
      reply.setHeader('content-type', 'application/json');
      reply.end(JSON.stringify({ path: request.url }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const run = await pipelinedLoad({
        url: `http://127.0.0.1:${port}`,
        seconds: 0.5,
        connections: 4,
        depth: 8,
        request: (i) => rawRequest('POST', `/enter?i=${i}`, '127.0.0.1'),
        check: (i, answer) =>
          answer.status === 200 && answer.body.toString() === `{"path":"/enter?i=${i}"}`,
      });
      expect(run.answered).toBeGreaterThan(100);
      expect(run.failures).toBe(0);
      expect(run.answered).toBe(served);
    } finally {
      server.close();
    }
  });
});
