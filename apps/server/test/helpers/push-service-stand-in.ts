import {
  createECDH,
  createPublicKey,
  createDecipheriv,
  hkdfSync,
  randomBytes,
  randomUUID,
  verify,
} from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for a browser's push service (RFC 8030), written from the RFCs with node:crypto:
 * it holds each subscription's private key like a browser does, checks the VAPID JWT signature
 * (RFC 8292) and decrypts the aes128gcm payload (RFC 8188 + RFC 8291). A push that fails either
 * check is refused with 400/401 and never recorded, so a received message proves the encryption.
 */
export interface ReceivedPush {
  subscriptionId: string;
  /** The decrypted payload, parsed as JSON. */
  payload: { title: string; body: string; url: string; tag: string };
  /** The VAPID public key the JWT was verified with (the `k` of the Authorization header). */
  vapidPublicKey: string;
  claims: { aud: string; exp: number; sub: string };
  ttl: string | undefined;
}

interface StandInSubscription {
  id: string;
  ecdh: ReturnType<typeof createECDH>;
  publicKey: Buffer;
  authSecret: Buffer;
  /** The status this subscription answers with (201 normally; 410 once the browser left). */
  answer: number;
}

export interface PushServiceStandIn {
  origin: string;
  received: ReceivedPush[];
  /** A new browser subscription (the JSON of a PushSubscription) pointing at this stand-in. */
  createSubscription(): {
    id: string;
    endpoint: string;
    keys: { p256dh: string; auth: string };
  };
  /** Makes a subscription answer with `status` from now on (410 Gone, 500 ...). */
  answerWith(subscriptionId: string, status: number): void;
  /** Pushes refused, with why (for assertions that nothing was accepted unsigned). */
  refused: Array<{ subscriptionId: string; reason: string }>;
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function p256PublicKeyObject(raw: Buffer) {
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('not an uncompressed P-256 point');
  return createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
}

/** RFC 8292: `Authorization: vapid t=<JWT>, k=<public key>`, ES256 over header.claims. */
function verifyVapid(authorization: string | undefined, expectedAudience: string) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error('no vapid authorization');
  const [, token = '', key = ''] = match;
  const [header, claims, signature] = token.split('.');
  if (!header || !claims || !signature) throw new Error('malformed JWT');
  const parsedHeader = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as {
    alg?: string;
  };
  if (parsedHeader.alg !== 'ES256') throw new Error('JWT is not ES256');
  const valid = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: p256PublicKeyObject(Buffer.from(key, 'base64url')), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Error('VAPID signature does not verify');
  const parsed = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as {
    aud: string;
    exp: number;
    sub: string;
  };
  if (parsed.aud !== expectedAudience) throw new Error(`wrong audience ${parsed.aud}`);
  // RFC 8292 §2: exp no more than 24 hours ahead, and not past.
  const nowSeconds = Date.now() / 1000;
  if (!(parsed.exp > nowSeconds && parsed.exp <= nowSeconds + 24 * 3600)) {
    throw new Error('JWT expiry out of range');
  }
  if (!/^(mailto:|https:)/.test(parsed.sub)) throw new Error('JWT sub is not a contact');
  return { claims: parsed, publicKey: key };
}

/** RFC 8188 / RFC 8291: one aes128gcm record, keys from the browser's ECDH key and auth secret. */
function decryptAes128gcm(body: Buffer, subscription: StandInSubscription): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body[20] ?? 0;
  const senderPublicKey = body.subarray(21, 21 + keyIdLength);
  const record = body.subarray(21 + keyIdLength);
  if (keyIdLength !== 65) throw new Error('keyid is not the sender public key');
  if (record.length > recordSize) throw new Error('more than one record');
  const sharedSecret = subscription.ecdh.computeSecret(senderPublicKey);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    subscription.publicKey,
    senderPublicKey,
  ]);
  const ikm = Buffer.from(hkdfSync('sha256', sharedSecret, subscription.authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: aes128gcm\0', 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: nonce\0', 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([
    decipher.update(record.subarray(0, record.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('bad padding delimiter');
  return padded.subarray(0, end);
}

/**
 * `hostname`: the name endpoints (and the VAPID audience) use instead of 127.0.0.1; it listens on
 * loopback whatever it is called, so a name no real resolver knows (`push.stand-in.test`) is
 * reached only by a sender that connects to the address it was given.
 */
export async function startPushServiceStandIn(
  options: { hostname?: string } = {},
): Promise<PushServiceStandIn> {
  const subscriptions = new Map<string, StandInSubscription>();
  const received: ReceivedPush[] = [];
  const refused: Array<{ subscriptionId: string; reason: string }> = [];
  let origin = '';

  const server: Server = createServer((request, response) => {
    void (async () => {
      const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1] ?? '';
      const body = await readBody(request);
      const subscription = subscriptions.get(id);
      if (request.method !== 'POST' || !subscription) {
        response.writeHead(404).end();
        return;
      }
      if (subscription.answer !== 201) {
        response.writeHead(subscription.answer).end();
        return;
      }
      let vapid: ReturnType<typeof verifyVapid>;
      try {
        vapid = verifyVapid(request.headers.authorization, origin);
      } catch (error) {
        refused.push({ subscriptionId: id, reason: (error as Error).message });
        response.writeHead(401).end();
        return;
      }
      try {
        if (request.headers['content-encoding'] !== 'aes128gcm') {
          throw new Error('not aes128gcm');
        }
        const plaintext = decryptAes128gcm(body, subscription);
        received.push({
          subscriptionId: id,
          payload: JSON.parse(plaintext.toString('utf8')) as ReceivedPush['payload'],
          vapidPublicKey: vapid.publicKey,
          claims: vapid.claims,
          ttl: request.headers.ttl as string | undefined,
        });
        response.writeHead(201, { location: `/message/${randomUUID()}` }).end();
      } catch (error) {
        refused.push({ subscriptionId: id, reason: (error as Error).message });
        response.writeHead(400).end();
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://${options.hostname ?? '127.0.0.1'}:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    refused,
    createSubscription() {
      const ecdh = createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const id = randomUUID();
      subscriptions.set(id, { id, ecdh, publicKey, authSecret, answer: 201 });
      return {
        id,
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: publicKey.toString('base64url'), auth: authSecret.toString('base64url') },
      };
    },
    answerWith(subscriptionId, status) {
      const subscription = subscriptions.get(subscriptionId);
      if (subscription) subscription.answer = status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
