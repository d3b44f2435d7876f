import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, type IncomingMessage, createServer, request as httpRequest } from 'node:http';
import type { AddressInfo, LookupFunction } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import { checkSignatureV4 } from './sigv4-check';

/** s3rver's one built-in key pair; requests signed with anything else are refused. */
export const S3_TEST_ACCESS_KEY_ID = 'S3RVER';
export const S3_TEST_SECRET_ACCESS_KEY = 'S3RVER';

/** Virtual-hosted requests go to `<bucket>.s3.localhost:<port>` (see `loopbackAgent`). */
export const S3_TEST_SERVICE_HOST = 's3.localhost';

export interface S3TestServer {
  /** Path-style endpoint, e.g. `http://127.0.0.1:41234`. */
  endpoint: string;
  /** Virtual-host endpoint: `http://s3.localhost:<port>`; buckets become subdomains of it. */
  virtualHostEndpoint: string;
  bucket: string;
  /**
   * Emulates a bucket policy that lets anyone GET objects under `prefix` (null: none, the
   * default, a private bucket).
   */
  setPublicReadPrefix(prefix: string | null): void;
  close(): Promise<void>;
}

/**
 * A real S3 implementation (@20minutes/s3rver: the S3 REST API over a temporary folder,
 * signature V2/V4 checked, presigned URLs expire) on a loopback port, with one bucket.
 *
 * s3rver has no access control for unsigned requests: it serves any object to anyone, which no
 * real provider does for a private bucket. A few lines in front of it answer unsigned requests
 * the way AWS S3, MinIO and R2 do for a bucket without a public policy (403 AccessDenied), so a
 * test can tell "reachable only with a signature" from "reachable". Signed path-style requests
 * pass through untouched; s3rver itself checks their signature and expiry. Signed
 * virtual-hosted ones (`<bucket>.s3.localhost`) are checked by `checkSignatureV4` instead, as S3
 * does, and handed on path-style: s3rver's own check gets that style's canonical URI wrong.
 */
export async function startS3TestServer(bucket = 'curtaincall-test'): Promise<S3TestServer> {
  const directory = mkdtempSync(path.join(tmpdir(), 'cc-s3-'));
  const s3 = new S3rver({
    directory,
    silent: true,
    serviceEndpoint: 'localhost',
    configureBuckets: [{ name: bucket }],
  });
  await s3.configureBuckets();
  const handle = s3.getMiddleware();
  let publicReadPrefix: string | null = null;

  const server = createServer((request, response) => {
    const deny = (code: string, message: string) => {
      response.writeHead(403, { 'content-type': 'application/xml' });
      response.end(
        `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`,
      );
    };
    if (isSigned(request) && isVirtualHosted(request)) {
      const problem = checkSignatureV4(
        request,
        (id) => (id === S3_TEST_ACCESS_KEY_ID ? S3_TEST_SECRET_ACCESS_KEY : undefined),
        new Date(),
      );
      if (problem) return deny(problem.code, problem.message);
      asVerifiedPathStyle(request);
      return handle(request, response);
    }
    if (isSigned(request) || isPublicRead(request)) return handle(request, response);
    return deny('AccessDenied', 'Access Denied');
  });

  const hostName = (request: IncomingMessage) => (request.headers.host ?? '').split(':')[0] ?? '';
  const isVirtualHosted = (request: IncomingMessage) =>
    hostName(request).endsWith(`.${S3_TEST_SERVICE_HOST}`);

  /** The same request, path-style and without its (already checked) signature. */
  function asVerifiedPathStyle(request: IncomingMessage): void {
    const url = new URL(request.url ?? '/', 'http://x');
    for (const name of [...url.searchParams.keys()]) {
      if (name.toLowerCase().startsWith('x-amz-')) url.searchParams.delete(name);
    }
    const bucketName = hostName(request).slice(0, -(S3_TEST_SERVICE_HOST.length + 1));
    request.url = `/${bucketName}${url.pathname}${url.search}`;
    request.headers.host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
    delete request.headers.authorization;
  }

  function isSigned(request: IncomingMessage): boolean {
    const query = new URL(request.url ?? '/', 'http://x').searchParams;
    return (
      request.headers.authorization !== undefined ||
      query.has('X-Amz-Signature') ||
      query.has('Signature')
    );
  }

  /** Bucket and key of a path-style or virtual-hosted request. */
  function objectPath(request: IncomingMessage): string {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const host = hostName(request);
    return isVirtualHosted(request)
      ? `/${host.slice(0, -(S3_TEST_SERVICE_HOST.length + 1))}${pathname}`
      : pathname;
  }

  function isPublicRead(request: IncomingMessage): boolean {
    if (publicReadPrefix === null) return false;
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const target = objectPath(request);
    return target.startsWith(`/${bucket}/${publicReadPrefix}`) && !target.includes('/../');
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    virtualHostEndpoint: `http://${S3_TEST_SERVICE_HOST}:${port}`,
    bucket,
    setPublicReadPrefix(prefix) {
      publicReadPrefix = prefix;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * Resolves every `*.localhost` name to 127.0.0.1 (this machine's resolver does not), so a
 * virtual-hosted bucket name reaches the loopback server without touching DNS.
 */
const loopbackLookup: LookupFunction = (hostname, options, callback) => {
  if (hostname === 'localhost' || hostname.endsWith('.localhost')) {
    if (options.all) callback(null, [{ address: '127.0.0.1', family: 4 }]);
    else callback(null, '127.0.0.1', 4);
    return;
  }
  callback(
    Object.assign(new Error(`not a loopback name: ${hostname}`), { code: 'ENOTFOUND' }),
    '',
    4,
  );
};

export function loopbackAgent(): Agent {
  return new Agent({ lookup: loopbackLookup });
}

export interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET as a browser would send it (no credentials), to a loopback URL of either style. */
export function httpGet(url: string, headers: Record<string, string> = {}): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { headers, lookup: loopbackLookup }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}
