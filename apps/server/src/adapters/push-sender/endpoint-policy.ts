import { isIP, isIPv4, isIPv6 } from 'node:net';

/**
 * Which push endpoints the server may post to. A browser hands us its push endpoint URL and the
 * delivery job posts to it, so without these rules anyone could make the server send requests
 * into its own network (SSRF): loopback admin ports, the cloud metadata service, Kubernetes'
 * API, other hosts of the private network. Real push services (FCM, Mozilla autopush, Apple,
 * Microsoft WNS) are public https hosts on port 443, so everything else is refused unless the
 * operator allow-lists the origin (`PUSH_EXTRA_ENDPOINT_ORIGINS`).
 *
 * The text of a URL proves nothing about where it leads (`localhost.`, `vm.`, `*.nip.io`, a DNS
 * name of the attacker's that answers 127.0.0.1), so the address check runs on the addresses the
 * host resolves to at send time, and the request then connects to exactly the checked address.
 */

/** Why an address is not a public push service's; null when it is a public unicast address. */
export type AddressVerdict =
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'metadata'
  | 'cgnat'
  | 'unique-local'
  | 'multicast'
  | 'reserved'
  | 'documentation';

type Range = readonly [first: number, prefixBits: number, verdict: AddressVerdict];

const ipv4 = (text: string): number =>
  text.split('.').reduce((value, octet) => value * 256 + Number(octet), 0);

/** IPv4 ranges that are not the public internet, most specific first (metadata before link-local). */
const blockedIpv4: readonly Range[] = [
  [ipv4('169.254.169.254'), 32, 'metadata'], // AWS, GCP, Azure, OpenStack instance metadata
  [ipv4('0.0.0.0'), 8, 'unspecified'], // "this network"; 0.0.0.0 reaches the local host
  [ipv4('10.0.0.0'), 8, 'private'],
  [ipv4('100.64.0.0'), 10, 'cgnat'], // carrier-grade NAT; also Alibaba's 100.100.100.200 metadata
  [ipv4('127.0.0.0'), 8, 'loopback'],
  [ipv4('169.254.0.0'), 16, 'link-local'],
  [ipv4('172.16.0.0'), 12, 'private'],
  [ipv4('192.0.0.0'), 24, 'reserved'], // IETF protocol assignments
  [ipv4('192.0.2.0'), 24, 'documentation'],
  [ipv4('192.88.99.0'), 24, 'reserved'], // 6to4 relay anycast (deprecated)
  [ipv4('192.168.0.0'), 16, 'private'],
  [ipv4('198.18.0.0'), 15, 'reserved'], // benchmarking
  [ipv4('198.51.100.0'), 24, 'documentation'],
  [ipv4('203.0.113.0'), 24, 'documentation'],
  [ipv4('224.0.0.0'), 4, 'multicast'],
  [ipv4('240.0.0.0'), 4, 'reserved'], // future use, and 255.255.255.255 broadcast
];

function ipv4Verdict(value: number): AddressVerdict | null {
  for (const [first, bits, verdict] of blockedIpv4) {
    const size = 2 ** (32 - bits);
    if (value >= first && value < first + size) return verdict;
  }
  return null;
}

/** The 16 bytes of a valid IPv6 address (a zone id is dropped, a dotted IPv4 tail converted). */
function ipv6Bytes(text: string): number[] {
  let address = text.replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (dotted?.[1]) {
    const value = ipv4(dotted[1]);
    address = `${address.slice(0, -dotted[1].length)}${(value >>> 16).toString(16)}:${(
      value & 0xffff
    ).toString(16)}`;
  }
  const [head = '', tail] = address.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = [
    ...headGroups,
    ...Array.from({ length: tail === undefined ? 0 : missing }, () => '0'),
    ...tailGroups,
  ].map((group) => parseInt(group, 16));
  return groups.flatMap((group) => [group >> 8, group & 0xff]);
}

const bytesToIpv4 = (bytes: number[]): number =>
  bytes.reduce((value, byte) => value * 256 + byte, 0);

function startsWith(bytes: number[], prefix: readonly number[]): boolean {
  return prefix.every((byte, i) => bytes[i] === byte);
}

function ipv6Verdict(bytes: number[]): AddressVerdict | null {
  const zeros = (count: number) => bytes.slice(0, count).every((byte) => byte === 0);
  const embedded = () => ipv4Verdict(bytesToIpv4(bytes.slice(12, 16)));
  if (bytes.every((byte) => byte === 0)) return 'unspecified';
  if (zeros(15) && bytes[15] === 1) return 'loopback';
  // fd00:ec2::254, AWS's metadata service over IPv6 (inside fc00::/7, named for the logs).
  if (startsWith(bytes, [0xfd, 0x00, 0x0e, 0xc2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x02, 0x54])) {
    return 'metadata';
  }
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-translated (::ffff:0:a.b.c.d) and IPv4-compatible
  // (::a.b.c.d): the socket reaches the embedded IPv4 address, so that address decides.
  if (zeros(10) && bytes[10] === 0xff && bytes[11] === 0xff) return embedded();
  if (zeros(8) && bytes[8] === 0xff && bytes[9] === 0xff && bytes[10] === 0 && bytes[11] === 0) {
    return embedded();
  }
  // IPv4-compatible addresses are deprecated (RFC 4291) and route nowhere a push service is.
  if (zeros(12)) return embedded() ?? 'reserved';
  // NAT64 (64:ff9b::/96): a DNS64 resolver's name for an IPv4 host; the IPv4 address decides.
  if (startsWith(bytes, [0x00, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0])) return embedded();
  // Local-use NAT64 (64:ff9b:1::/48) translates into the operator's own network.
  if (startsWith(bytes, [0x00, 0x64, 0xff, 0x9b, 0x00, 0x01])) return 'private';
  // 6to4 (2002::/16) carries its IPv4 address in bits 16-48.
  if (bytes[0] === 0x20 && bytes[1] === 0x02) {
    return ipv4Verdict(bytesToIpv4(bytes.slice(2, 6))) ?? null;
  }
  if (startsWith(bytes, [0x20, 0x01, 0x0d, 0xb8])) return 'documentation';
  // 2001::/23: IETF protocol assignments (Teredo, benchmarking, ORCHID), no push service.
  if (bytes[0] === 0x20 && bytes[1] === 0x01 && (bytes[2] ?? 0) < 0x02) return 'reserved';
  if (((bytes[0] ?? 0) & 0xfe) === 0xfc) return 'unique-local';
  if (bytes[0] === 0xfe && ((bytes[1] ?? 0) & 0xc0) === 0x80) return 'link-local';
  if (bytes[0] === 0xfe && ((bytes[1] ?? 0) & 0xc0) === 0xc0) return 'private'; // site-local
  if (bytes[0] === 0xff) return 'multicast';
  // Global unicast is 2000::/3; the rest of the space (100::/64 discard included) is reserved.
  if (((bytes[0] ?? 0) & 0xe0) !== 0x20) return 'reserved';
  return null;
}

/** Null for a public unicast address; otherwise why the server must not post to it. */
export function addressVerdict(address: string): AddressVerdict | null {
  const bare = address.replace(/^\[|\]$/g, '');
  if (isIPv4(bare)) return ipv4Verdict(ipv4(bare));
  if (isIPv6(bare)) return ipv6Verdict(ipv6Bytes(bare));
  return 'reserved';
}

/**
 * Host names that name something inside a network, never a push service: refused from the text
 * alone, before any lookup. Special-use suffixes (RFC 6761, 6762, 8375, 9476), the names
 * Kubernetes and cloud metadata use, and public wildcard DNS that answers any IP written into the
 * name. The address check at send time is the real guard; this list only refuses early.
 */
const internalSuffixes = [
  'localhost',
  'local',
  'localdomain',
  'internal',
  'intranet',
  'lan',
  'home',
  'corp',
  'private',
  'home.arpa',
  'arpa',
  'test',
  'invalid',
  'example',
  'onion',
  'alt',
  'svc',
  'cluster.local',
  'nip.io',
  'sslip.io',
  'xip.io',
  'traefik.me',
  'localtest.me',
  'lvh.me',
];

export type EndpointRefusal =
  'not-https' | 'port' | 'credentials' | 'ip-literal' | 'internal-name' | AddressVerdict;

/** An origin list entry: `https://host:port`, `http://host` or `http://host:*` (any port). */
export function originAllowed(url: URL, allowedOrigins: readonly string[]): boolean {
  return allowedOrigins.some((allowed) =>
    allowed.endsWith(':*')
      ? `${url.protocol}//${url.hostname}` === allowed.slice(0, -2)
      : url.origin === allowed,
  );
}

/**
 * The checks on the endpoint's text (at subscribe and again at send): https, port 443, no
 * credentials, a host name (not an IP literal) that is not an internal one. Null when they pass.
 */
export function endpointTextRefusal(url: URL): EndpointRefusal | null {
  if (url.protocol !== 'https:') return 'not-https';
  // The WHATWG URL drops the scheme's default port: '' is 443.
  if (url.port !== '') return 'port';
  if (url.username || url.password) return 'credentials';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0) return 'ip-literal';
  // A trailing dot is the same name in DNS (`localhost.` is localhost).
  const name = host.replace(/\.+$/, '');
  if (!name.includes('.')) return 'internal-name';
  if (internalSuffixes.some((suffix) => name === suffix || name.endsWith(`.${suffix}`))) {
    return 'internal-name';
  }
  return null;
}
