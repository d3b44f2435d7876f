import { createHash, createHmac } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * Checks an S3 request's Signature V4 (Authorization header or presigned query) the way S3 does
 * for a virtual-hosted request: the canonical URI is the path as sent, without the bucket (which
 * is in the Host header). s3rver gets this one case wrong (it puts the bucket into the canonical
 * URI), so the test server checks virtual-hosted requests here and hands them on path-style.
 * Returns null when the signature holds, else S3's error code and message.
 */
export function checkSignatureV4(
  request: IncomingMessage,
  secretOf: (accessKeyId: string) => string | undefined,
  now: Date,
): { code: string; message: string } | null {
  const [rawPath = '/', rawQuery = ''] = (request.url ?? '/').split('?', 2) as [string, string?];
  const query = rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const [name = '', value = ''] = pair.split('=', 2) as [string, string?];
      return [decode(name), decode(value)] as const;
    });
  const param = (name: string) => query.find(([key]) => key === name)?.[1];

  const presigned = param('X-Amz-Algorithm') !== undefined;
  let credential: string;
  let signedHeaders: string[];
  let signature: string;
  let amzDate: string;
  let payloadHash: string;
  if (presigned) {
    if (param('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256') return denied('unsupported algorithm');
    credential = param('X-Amz-Credential') ?? '';
    signedHeaders = (param('X-Amz-SignedHeaders') ?? '').split(';');
    signature = param('X-Amz-Signature') ?? '';
    amzDate = param('X-Amz-Date') ?? '';
    payloadHash = param('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD';
    if (Number.isNaN(parseAmzDate(amzDate))) return denied('X-Amz-Date must be yyyyMMddTHHmmssZ');
    const expires = Number(param('X-Amz-Expires'));
    if (!Number.isInteger(expires) || expires < 1 || expires > 604_800) {
      return denied('X-Amz-Expires must be 1-604800');
    }
    if (now.getTime() > parseAmzDate(amzDate) + expires * 1000) {
      return { code: 'AccessDenied', message: 'Request has expired' };
    }
  } else {
    const match =
      /^AWS4-HMAC-SHA256 Credential=([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]+)$/.exec(
        request.headers.authorization ?? '',
      );
    if (!match) return denied('malformed Authorization header');
    [, credential = '', , signature = ''] = match;
    signedHeaders = (match[2] ?? '').split(';');
    amzDate = header(request, 'x-amz-date');
    payloadHash = header(request, 'x-amz-content-sha256');
    if (!payloadHash) return denied('missing x-amz-content-sha256');
    if (Number.isNaN(parseAmzDate(amzDate))) return denied('x-amz-date must be yyyyMMddTHHmmssZ');
    if (Math.abs(now.getTime() - parseAmzDate(amzDate)) > 15 * 60_000) {
      return { code: 'RequestTimeTooSkewed', message: 'The request time is too skewed' };
    }
  }

  const [accessKeyId = '', day = '', region = '', service = '', terminal = ''] =
    credential.split('/');
  const secret = secretOf(accessKeyId);
  if (!secret) return { code: 'InvalidAccessKeyId', message: 'Unknown access key' };
  if (!amzDate.startsWith(day) || terminal !== 'aws4_request')
    return denied('bad credential scope');

  const canonicalQuery = query
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => [encode(name), encode(value)] as const)
    .sort(([a, x], [b, y]) => (a === b ? compare(x, y) : compare(a, b)))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const canonicalHeaders = signedHeaders
    .map((name) => `${name}:${header(request, name).trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  const canonicalRequest = [
    request.method,
    rawPath,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders.join(';'),
    payloadHash,
  ].join('\n');
  const scope = `${day}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  let key: Buffer = hmac(`AWS4${secret}`, day);
  for (const part of [region, service, 'aws4_request']) key = hmac(key, part);
  const expected = createHmac('sha256', key).update(stringToSign).digest('hex');
  return expected === signature
    ? null
    : { code: 'SignatureDoesNotMatch', message: 'The request signature does not match' };
}

function denied(message: string) {
  return { code: 'AccessDenied', message };
}

function header(request: IncomingMessage, name: string): string {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(',') : (value ?? '');
}

function parseAmzDate(value: string): number {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!match) return Number.NaN;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return Date.UTC(year, month - 1, day, hour, minute, second);
}

const decode = (value: string) => decodeURIComponent(value.replace(/\+/g, ' '));
const encode = (value: string) =>
  encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const hmac = (key: string | Buffer, value: string) =>
  createHmac('sha256', key).update(value).digest();
