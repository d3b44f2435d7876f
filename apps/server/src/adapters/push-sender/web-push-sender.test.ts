import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import webPush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startPushServiceStandIn,
  type PushServiceStandIn,
} from '../../../test/helpers/push-service-stand-in';
import { addressVerdict, endpointTextRefusal } from './endpoint-policy';
import { createWebPushSender, type ResolveHost } from './web-push-sender';

/**
 * M3 (issue 22): push endpoints cannot be pointed inside. The sender resolves the endpoint's host
 * when it sends, refuses inside addresses (IPv4 and IPv6, mapped forms included) and ports other
 * than 443, and connects to exactly the address it checked.
 */
const vapid = webPush.generateVAPIDKeys();
const browserKey = createECDH('prime256v1');
const keys = {
  // A real P-256 point and auth secret, so a refusal is never the encryption's doing.
  p256dh: browserKey.generateKeys().toString('base64url'),
  auth: randomBytes(16).toString('base64url'),
};
const payload = JSON.stringify({ title: 't', body: 'b', url: '/', tag: 'x' });

/** A TCP listener inside "our network" that counts every connection made to it. */
let inside: Server;
let insidePort = 0;
let insideConnections = 0;
let standIn: PushServiceStandIn;

beforeAll(async () => {
  inside = createServer((socket) => {
    insideConnections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => inside.listen(0, '127.0.0.1', resolve));
  insidePort = (inside.address() as AddressInfo).port;
  standIn = await startPushServiceStandIn({ hostname: 'push.stand-in.test' });
});
afterAll(async () => {
  await new Promise<void>((resolve) => inside.close(() => resolve()));
  await standIn.close();
});

/** A resolver answering the names of this test, counting its calls. */
function fakeResolver(answers: Record<string, string[]>) {
  const calls: string[] = [];
  const resolveHost: ResolveHost = async (hostname) => {
    calls.push(hostname);
    const addresses = answers[hostname];
    if (!addresses) throw Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { resolveHost, calls };
}

describe('addressVerdict', () => {
  it('refuses every address that is not public unicast, mapped IPv6 forms by their IPv4', () => {
    const refused: Array<[string, string]> = [
      ['127.0.0.1', 'loopback'],
      ['127.255.255.254', 'loopback'],
      ['0.0.0.0', 'unspecified'],
      ['10.1.2.3', 'private'],
      ['172.16.0.1', 'private'],
      ['172.31.255.255', 'private'],
      ['192.168.0.10', 'private'],
      ['169.254.169.254', 'metadata'],
      ['169.254.10.1', 'link-local'],
      ['100.64.0.1', 'cgnat'],
      ['100.127.255.254', 'cgnat'],
      ['100.100.100.200', 'cgnat'],
      ['224.0.0.1', 'multicast'],
      ['255.255.255.255', 'reserved'],
      ['192.0.2.1', 'documentation'],
      ['::', 'unspecified'],
      ['::1', 'loopback'],
      ['fd00:ec2::254', 'metadata'],
      ['fd12:3456::1', 'unique-local'],
      ['fc00::1', 'unique-local'],
      ['fe80::1', 'link-local'],
      ['fe80::1%eth0', 'link-local'],
      ['ff02::1', 'multicast'],
      ['::ffff:127.0.0.1', 'loopback'],
      ['::ffff:7f00:1', 'loopback'],
      ['::ffff:169.254.169.254', 'metadata'],
      ['::ffff:10.0.0.1', 'private'],
      ['::ffff:0:192.168.1.1', 'private'],
      ['::127.0.0.1', 'loopback'],
      ['::8.8.8.8', 'reserved'],
      ['64:ff9b::127.0.0.1', 'loopback'],
      ['64:ff9b::a9fe:a9fe', 'metadata'],
      ['64:ff9b:1::1', 'private'],
      ['2002:7f00:1::1', 'loopback'],
      ['2002:a00:1::1', 'private'],
      ['2001::1', 'reserved'],
      ['2001:db8::1', 'documentation'],
      ['[::1]', 'loopback'],
    ];
    for (const [address, verdict] of refused) {
      expect(addressVerdict(address), address).toBe(verdict);
    }
    for (const address of [
      '8.8.8.8',
      '142.250.196.106',
      '172.32.0.1',
      '100.128.0.1',
      '2607:f8b0:4004:c1b::5f',
      '2a00:1450:4001:82a::200a',
      '::ffff:8.8.8.8',
      '64:ff9b::8.8.8.8',
      '2002:808:808::1',
    ]) {
      expect(addressVerdict(address), address).toBeNull();
    }
  });

  it('refuses internal names, other ports and IP literals from the text alone', () => {
    const cases: Array<[string, string]> = [
      ['https://localhost.:17001/push', 'port'],
      ['https://localhost./push', 'internal-name'],
      ['https://vm./push', 'internal-name'],
      ['https://vm/push', 'internal-name'],
      ['https://metadata.google.internal/computeMetadata/v1/', 'internal-name'],
      ['https://kubernetes.default.svc/api', 'internal-name'],
      ['https://api.default.svc.cluster.local/', 'internal-name'],
      ['https://printer.local/', 'internal-name'],
      ['https://127.0.0.1.nip.io/push', 'internal-name'],
      ['https://app.10.0.0.1.sslip.io/push', 'internal-name'],
      ['https://push.example.com:22/push', 'port'],
      ['https://push.example.com:8443/push', 'port'],
      ['http://push.example.com/push', 'not-https'],
      ['https://user:pw@push.example.com/push', 'credentials'],
      ['https://127.0.0.1/push', 'ip-literal'],
      ['https://[::ffff:127.0.0.1]/push', 'ip-literal'],
      ['https://2130706433/push', 'ip-literal'],
    ];
    for (const [endpoint, refusal] of cases) {
      expect(endpointTextRefusal(new URL(endpoint)), endpoint).toBe(refusal);
    }
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/abc',
      'https://push.example.com:443/x',
    ]) {
      expect(endpointTextRefusal(new URL(endpoint)), endpoint).toBeNull();
    }
  });
});

describe('the Web Push sender', () => {
  it('never connects inside: names resolving to inside addresses, other ports, literals', async () => {
    const resolver = fakeResolver({
      'loopback.attacker.example.com': ['127.0.0.1'],
      'mixed.attacker.example.com': ['142.250.196.106', '10.0.0.5'],
      'metadata.attacker.example.com': ['169.254.169.254'],
      'metadata6.attacker.example.com': ['fd00:ec2::254'],
      'mapped.attacker.example.com': ['::ffff:127.0.0.1'],
      'nat64.attacker.example.com': ['64:ff9b::a9fe:a9fe'],
      'cgnat.attacker.example.com': ['100.64.0.1'],
      'ula.attacker.example.com': ['fd12:3456::1'],
      'linklocal.attacker.example.com': ['fe80::1'],
      'public.example.com': ['142.250.196.106'],
    });
    const sender = createWebPushSender({
      ...vapid,
      contact: 'mailto:push@example.com',
      resolveHost: resolver.resolveHost,
    });
    const refused: Array<[string, string]> = [
      ['https://loopback.attacker.example.com/push', 'loopback'],
      ['https://mixed.attacker.example.com/push', 'private'],
      ['https://metadata.attacker.example.com/latest/meta-data/', 'metadata'],
      ['https://metadata6.attacker.example.com/latest/meta-data/', 'metadata'],
      ['https://mapped.attacker.example.com/push', 'loopback'],
      ['https://nat64.attacker.example.com/push', 'metadata'],
      ['https://cgnat.attacker.example.com/push', 'cgnat'],
      ['https://ula.attacker.example.com/push', 'unique-local'],
      ['https://linklocal.attacker.example.com/push', 'link-local'],
      [`https://public.example.com:${insidePort}/push`, 'port'],
      ['https://public.example.com:22/push', 'port'],
      [`https://localhost.:${insidePort}/push`, 'port'],
      ['https://localhost./push', 'internal-name'],
      [`https://vm.:${insidePort}/push`, 'port'],
      ['https://metadata.google.internal/computeMetadata/v1/', 'internal-name'],
      ['https://kubernetes.default.svc/api', 'internal-name'],
      ['https://127.0.0.1.nip.io/push', 'internal-name'],
      [`https://127.0.0.1:${insidePort}/push`, 'port'],
      [`http://127.0.0.1:${insidePort}/push`, 'not-https'],
      [`https://[::ffff:127.0.0.1]:${insidePort}/push`, 'port'],
      ['https://[::ffff:7f00:1]/push', 'ip-literal'],
      ['https://169.254.169.254/latest/meta-data/', 'ip-literal'],
    ];
    for (const [endpoint, reason] of refused) {
      const outcome = await sender.send({ endpoint, ...keys }, payload, { ttlSeconds: 60 });
      expect(outcome, endpoint).toEqual({ kind: 'refused', reason });
    }
    expect(insideConnections).toBe(0);
    // The names refused by their text were never even looked up.
    expect(resolver.calls).not.toContain('metadata.google.internal');
    expect(resolver.calls).not.toContain('kubernetes.default.svc');
  });

  it('posts to an allow-listed origin at exactly the address it resolved, once per push', async () => {
    // `push.stand-in.test` exists for no real resolver (.test is reserved): a push can arrive
    // only if the socket connects to the address our lookup returned, without a lookup of its own.
    const resolver = fakeResolver({ 'push.stand-in.test': ['127.0.0.1'] });
    const sender = createWebPushSender({
      ...vapid,
      contact: 'mailto:push@example.com',
      allowedOrigins: [standIn.origin],
      resolveHost: resolver.resolveHost,
    });
    const browser = standIn.createSubscription();
    expect(browser.endpoint).toMatch(/^http:\/\/push\.stand-in\.test:\d+\/push\//);
    for (let i = 0; i < 2; i += 1) {
      const outcome = await sender.send(
        { endpoint: browser.endpoint, ...browser.keys },
        JSON.stringify({ title: `t${i}`, body: 'b', url: '/', tag: `x${i}` }),
        { ttlSeconds: 60 },
      );
      expect(outcome).toEqual({ kind: 'sent' });
    }
    expect(standIn.refused).toEqual([]);
    expect(standIn.received.map((p) => p.payload.title)).toEqual(['t0', 't1']);
    expect(resolver.calls).toEqual(['push.stand-in.test', 'push.stand-in.test']);
  });

  it('keeps a push for later when the name does not resolve, and drops none', async () => {
    const resolver = fakeResolver({});
    const sender = createWebPushSender({
      ...vapid,
      contact: 'mailto:push@example.com',
      resolveHost: resolver.resolveHost,
    });
    const outcome = await sender.send(
      { endpoint: 'https://push.unresolved.example.com/x', ...keys },
      payload,
      { ttlSeconds: 60 },
    );
    expect(outcome.kind).toBe('retry');
  });
});
