import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers/test-app';
import { createConcert, createLoggedInUser } from '../../test/helpers/factories';
import { compressMinBytes, negotiateEncoding } from './compression';

/** Text that compresses like real code: repetitive, well over the threshold. */
function bundleText(name: string, kb: number): string {
  const line = `export function ${name}(value){return value.map((item)=>item.price*2).join(',')}\n`;
  return line.repeat(Math.ceil((kb * 1024) / line.length));
}

const hashedJs = bundleText('hashed', 40);
const plainCss = `.card{color:#fafafa;padding:1rem}\n`.repeat(200);
const indexHtml = `<!doctype html><title>커튼콜</title><div id="root"></div>${'<!-- shell -->'.repeat(100)}`;
const tinyJs = 'console.log(1)';

let ctx: TestContext;
let concertId: number;
beforeAll(async () => {
  ctx = await createTestContext({
    configure: (config) => {
      // A stand-in web build: hashed JS and index.html with the .br/.gz `vite build` writes,
      // a CSS file built without them, and a file too small to compress.
      const webDistDir = path.join(config.dataDir, 'web');
      const assets = path.join(webDistDir, 'assets');
      mkdirSync(assets, { recursive: true });
      const withCompressed = (file: string, text: string) => {
        writeFileSync(file, text);
        writeFileSync(`${file}.br`, brotliCompressSync(text));
        writeFileSync(`${file}.gz`, gzipSync(text));
      };
      withCompressed(path.join(webDistDir, 'index.html'), indexHtml);
      withCompressed(path.join(assets, 'index-Ab12Cd34.js'), hashedJs);
      writeFileSync(path.join(assets, 'plain-Ef56Gh78.css'), plainCss);
      writeFileSync(path.join(assets, 'tiny-Ij90Kl12.js'), tinyJs);
      return { ...config, webDistDir };
    },
  });
  const sellerId = (await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_SELLER')).id;
  for (let i = 0; i < 6; i += 1) {
    const concert = await createConcert(ctx.database.db, {
      sellerId,
      description: `압축 확인용 공연 ${i}. ${'긴 설명입니다. '.repeat(40)}`,
    });
    concertId = concert.id;
  }
});
afterAll(async () => ctx?.close());

function decode(encoding: string | undefined, body: Buffer): Buffer {
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'gzip') return gunzipSync(body);
  expect(encoding).toBeUndefined();
  return body;
}

async function fetchAll(url: string) {
  const answers = new Map<string, { body: Buffer; headers: Record<string, unknown> }>();
  for (const acceptEncoding of ['br', 'gzip', 'identity']) {
    const response = await ctx.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': acceptEncoding },
    });
    expect(response.statusCode).toBe(200);
    const encoding = response.headers['content-encoding'];
    expect(encoding).toBe(acceptEncoding === 'identity' ? undefined : acceptEncoding);
    expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
    answers.set(acceptEncoding, {
      body: decode(encoding, response.rawPayload),
      headers: response.headers,
    });
  }
  return answers;
}

describe('negotiateEncoding', () => {
  it('prefers br, then gzip, by quality; * stands for codings not named; nothing is identity', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('br;q=0.5, gzip')).toBe('gzip');
    expect(negotiateEncoding('x-gzip')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('*;q=1, br;q=0')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0')).toBe('identity');
    expect(negotiateEncoding('identity')).toBe('identity');
    expect(negotiateEncoding('gzip;q=abc')).toBe('identity');
    expect(negotiateEncoding(undefined)).toBe('identity');
  });
});

describe('compressed static files', () => {
  it('a hashed asset: br, gzip and identity decode to the same bytes, cached for a year', async () => {
    const answers = await fetchAll('/assets/index-Ab12Cd34.js');
    for (const [encoding, answer] of answers) {
      expect(answer.body.toString(), encoding).toBe(hashedJs);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(answer.headers['content-type']).toContain('javascript');
    }
    // Each representation is its own file with its own ETag.
    const etags = [...answers.values()].map((answer) => answer.headers.etag);
    expect(new Set(etags).size).toBe(3);
  });

  it('the build-time .br is what is sent (not compressed again), and its ETag revalidates', async () => {
    const first = await ctx.app.inject({
      method: 'GET',
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.rawPayload.equals(brotliCompressSync(hashedJs))).toBe(true);
    expect(Number(first.headers['content-length'])).toBe(first.rawPayload.length);
    const again = await ctx.app.inject({
      method: 'GET',
      url: '/assets/index-Ab12Cd34.js',
      headers: {
        'accept-encoding': 'gzip, deflate, br',
        'if-none-match': String(first.headers.etag),
      },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('index.html, by path and by history fallback, is compressed and revalidated every time', async () => {
    for (const url of ['/', '/concerts/12']) {
      const answers = await fetchAll(url);
      for (const answer of answers.values()) {
        expect(answer.body.toString()).toBe(indexHtml);
        expect(answer.headers['cache-control']).toBe('no-cache');
        expect(answer.headers['content-type']).toContain('text/html');
      }
    }
  });

  it('a file built without .br/.gz is compressed on the fly, same bytes, and still revalidates', async () => {
    const answers = await fetchAll('/assets/plain-Ef56Gh78.css');
    for (const answer of answers.values()) {
      expect(answer.body.toString()).toBe(plainCss);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(String(answer.headers.etag)).toMatch(/^W\//);
    }
    const brotli = answers.get('br');
    expect(brotli?.headers['accept-ranges']).toBeUndefined();
    const again = await ctx.app.inject({
      method: 'GET',
      url: '/assets/plain-Ef56Gh78.css',
      headers: { 'accept-encoding': 'br', 'if-none-match': String(brotli?.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('a file under the threshold goes as it is', async () => {
    expect(Buffer.byteLength(tinyJs)).toBeLessThan(compressMinBytes);
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/assets/tiny-Ij90Kl12.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(tinyJs);
  });
});

describe('compressed API JSON', () => {
  it('the catalogue list (pre-built JSON) decodes to the same bytes in br, gzip and identity', async () => {
    const answers = await fetchAll('/api/concerts?page=0&size=20');
    const plain = answers.get('identity')?.body.toString() ?? '';
    expect(Buffer.byteLength(plain)).toBeGreaterThan(compressMinBytes);
    expect(JSON.parse(plain).success).toBe(true);
    for (const answer of answers.values()) expect(answer.body.toString()).toBe(plain);
  });

  it('a serialised route answer (concert detail) decodes to the same bytes', async () => {
    const answers = await fetchAll(`/api/concerts/${concertId}`);
    const plain = answers.get('identity')?.body.toString() ?? '';
    expect(JSON.parse(plain).data.concertId).toBe(concertId);
    for (const answer of answers.values()) expect(answer.body.toString()).toBe(plain);
  });

  it('a small answer (an error envelope) is not compressed', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/does-not-exist',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json().code).toBe('C005');
  });
});
