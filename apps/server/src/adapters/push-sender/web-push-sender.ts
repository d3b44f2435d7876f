import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import webPush from 'web-push';
import {
  addressVerdict,
  endpointTextRefusal,
  originAllowed,
  type EndpointRefusal,
} from './endpoint-policy';
import type { PushOutcome, PushSenderPort, PushTarget } from './push-sender';

const REQUEST_TIMEOUT_MS = 10_000;

/** Every address a host name resolves to (node:dns lookup: the hosts file, then DNS). */
export type ResolveHost = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

const resolveWithSystem: ResolveHost = (hostname) =>
  dnsLookup(hostname, { all: true, verbatim: true });

/** A lookup that answers only the address we checked: the socket cannot go anywhere else. */
function pinnedLookup(address: string, family: 4 | 6): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

type Destination =
  | { kind: 'connect'; address: string; family: 4 | 6 }
  | { kind: 'refused'; reason: EndpointRefusal }
  | { kind: 'unresolved'; error: string };

/**
 * Where one push may go: the endpoint's host resolved once (all its addresses), every address
 * checked, and the first one returned for the connection. An allow-listed origin (the operator's
 * own push service, or a test stand-in) skips the checks but is pinned the same way.
 */
async function destinationOf(
  url: URL,
  allowedOrigins: readonly string[],
  resolveHost: ResolveHost,
): Promise<Destination> {
  const allowListed = originAllowed(url, allowedOrigins);
  if (!allowListed) {
    const refusal = endpointTextRefusal(url);
    if (refusal) return { kind: 'refused', reason: refusal };
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: Array<{ address: string; family: number }>;
  if (isIP(host) !== 0) {
    addresses = [{ address: host, family: isIP(host) }];
  } else {
    try {
      addresses = await resolveHost(host);
    } catch (error) {
      return { kind: 'unresolved', error: error instanceof Error ? error.message : String(error) };
    }
  }
  const [first] = addresses;
  if (!first) return { kind: 'unresolved', error: `no address for ${host}` };
  if (!allowListed) {
    // Every address, not just the first: the resolver's order is not ours to trust.
    for (const { address } of addresses) {
      const verdict = addressVerdict(address);
      if (verdict) return { kind: 'refused', reason: verdict };
    }
  }
  return { kind: 'connect', address: first.address, family: first.family === 6 ? 6 : 4 };
}

/**
 * The `web-push` library builds the request (payload encryption, VAPID JWT); we send it with
 * node:http(s) and a pinned lookup, so the connection goes to the address that was checked and a
 * DNS answer that changes between the check and the connect (rebinding) changes nothing. Plain
 * http only for allow-listed origins (a loopback stand-in in tests).
 */
export function createWebPushSender(options: {
  publicKey: string;
  privateKey: string;
  /** VAPID `sub`: a mailto: or https: contact for the push service's operators. */
  contact: string;
  /** Origins posted to whatever they resolve to (`PUSH_EXTRA_ENDPOINT_ORIGINS`). */
  allowedOrigins?: readonly string[];
  /** Tests answer names of their choosing; production asks the system resolver. */
  resolveHost?: ResolveHost;
}): PushSenderPort {
  const allowedOrigins = options.allowedOrigins ?? [];
  const resolveHost = options.resolveHost ?? resolveWithSystem;
  // Kept-alive connections to push services (one TLS handshake for many pushes). A pooled socket
  // only ever goes to an address that passed the check when it was opened.
  const agents = {
    'https:': new https.Agent({ keepAlive: true, maxSockets: 16 }),
    'http:': new http.Agent({ keepAlive: true, maxSockets: 16 }),
  };

  function post(
    url: URL,
    destination: { address: string; family: 4 | 6 },
    details: ReturnType<typeof webPush.generateRequestDetails>,
  ): Promise<number> {
    const transport = url.protocol === 'https:' ? https : http;
    const body = details.body ? Buffer.from(details.body) : Buffer.alloc(0);
    return new Promise((resolve, reject) => {
      const request = transport.request(
        {
          protocol: url.protocol,
          hostname: url.hostname.replace(/^\[|\]$/g, ''),
          port: url.port || (url.protocol === 'https:' ? 443 : 80),
          path: `${url.pathname}${url.search}`,
          method: details.method,
          headers: {
            ...(details.headers as Record<string, string>),
            'content-length': body.length,
          },
          agent: url.protocol === 'https:' ? agents['https:'] : agents['http:'],
          lookup: pinnedLookup(destination.address, destination.family),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        },
        (response) => {
          // The answer's body says nothing we use; read it so the socket can be reused.
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  }

  return {
    publicKey: options.publicKey,
    async send(target: PushTarget, payload: string, { ttlSeconds }): Promise<PushOutcome> {
      let url: URL;
      try {
        url = new URL(target.endpoint);
      } catch {
        return { kind: 'refused', reason: 'not-https' };
      }
      const destination = await destinationOf(url, allowedOrigins, resolveHost);
      if (destination.kind === 'refused') return destination;
      // A name that does not resolve now may resolve later (a DNS hiccup): another attempt.
      if (destination.kind === 'unresolved') return { kind: 'retry', error: destination.error };
      let details: ReturnType<typeof webPush.generateRequestDetails>;
      try {
        details = webPush.generateRequestDetails(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          payload,
          {
            vapidDetails: {
              subject: options.contact,
              publicKey: options.publicKey,
              privateKey: options.privateKey,
            },
            TTL: ttlSeconds,
            contentEncoding: 'aes128gcm',
            urgency: 'high',
          },
        );
      } catch (error) {
        // The subscription's keys cannot be encrypted for: no attempt will ever work.
        return { kind: 'failed', error: error instanceof Error ? error.message : String(error) };
      }
      let status: number;
      try {
        status = await post(url, destination, details);
      } catch (error) {
        return { kind: 'retry', error: error instanceof Error ? error.message : String(error) };
      }
      if (status >= 200 && status < 300) return { kind: 'sent' };
      if (status === 404 || status === 410) return { kind: 'gone', status };
      if (status === 429 || status >= 500) {
        return { kind: 'retry', error: `push service answered ${status}` };
      }
      return { kind: 'failed', error: `push service answered ${status}` };
    },
  };
}
