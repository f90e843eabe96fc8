import { isIPv4, isIPv6 } from 'node:net';

/** What an IP address is, as far as calling it on a user's behalf goes; only `public` may be called. */
export type AddressClass =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'shared'
  | 'unspecified'
  | 'multicast'
  | 'reserved'
  | 'invalid';

type V4Rule = [prefix: number[], bits: number, cls: AddressClass];

/** IANA's special-purpose IPv4 ranges that must not be reached through a user-given URL. */
const V4_RULES: V4Rule[] = [
  [[0], 8, 'unspecified'],
  [[10], 8, 'private'],
  [[100, 64], 10, 'shared'], // carrier-grade NAT
  [[127], 8, 'loopback'],
  [[169, 254], 16, 'link-local'], // cloud metadata lives at 169.254.169.254
  [[172, 16], 12, 'private'],
  [[192, 0, 0], 24, 'reserved'],
  [[192, 0, 2], 24, 'reserved'],
  [[192, 88, 99], 24, 'reserved'],
  [[192, 168], 16, 'private'],
  [[198, 18], 15, 'reserved'],
  [[198, 51, 100], 24, 'reserved'],
  [[203, 0, 113], 24, 'reserved'],
  [[224], 4, 'multicast'],
  [[240], 4, 'reserved'], // and 255.255.255.255
];

/** Classifies an IPv4 or IPv6 address (brackets allowed); anything else is `invalid`. */
export function classifyAddress(address: string): AddressClass {
  const ip = address.replace(/^\[(.*)\]$/, '$1');
  const v4 = toV4(ip);
  if (v4) return classifyV4(v4);
  const v6 = isIPv6(ip) ? parseV6(ip) : null;
  return v6 ? classifyV6(v6) : 'invalid';
}

/**
 * The IPv4 address an IPv6 address stands for, when it embeds one that a packet may end up at: mapped
 * (`::ffff:a.b.c.d`), compatible (`::a.b.c.d`), NAT64's well-known prefix (`64:ff9b::/96`) and 6to4
 * (`2002:AABB:CCDD::`). Plain IPv4 addresses answer themselves.
 */
export function embeddedIPv4(address: string): string | null {
  const ip = address.replace(/^\[(.*)\]$/, '$1');
  const v4 = toV4(ip);
  return v4 ? v4.join('.') : null;
}

function toV4(ip: string): number[] | null {
  if (isIPv4(ip)) return ip.split('.').map(Number);
  if (!isIPv6(ip)) return null;
  const b = parseV6(ip);
  if (!b) return null;
  const zeros = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  if (zeros(0, 10) && b[10] === 0xff && b[11] === 0xff) return b.slice(12);
  // IPv4-compatible (deprecated), but not :: and ::1, which are IPv6's own.
  if (zeros(0, 12) && !zeros(12, 15)) return b.slice(12);
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zeros(4, 12)) return b.slice(12);
  if (b[0] === 0x20 && b[1] === 0x02) return b.slice(2, 6);
  return null;
}

function classifyV4(b: number[]): AddressClass {
  for (const [prefix, bits, cls] of V4_RULES) if (matches(b, prefix, bits)) return cls;
  return 'public';
}

/** IPv6 after the embedded-IPv4 forms: only global unicast (2000::/3) outside IANA's special blocks is public. */
function classifyV6(b: number[]): AddressClass {
  if (b.every((x) => x === 0)) return 'unspecified';
  if (b.slice(0, 15).every((x) => x === 0) && b[15] === 1) return 'loopback';
  if (b[0] === 0xff) return 'multicast';
  if ((b[0]! & 0xfe) === 0xfc) return 'private'; // fc00::/7 unique local
  if (b[0] === 0xfe && (b[1]! & 0xc0) === 0x80) return 'link-local'; // fe80::/10
  if (b[0] === 0xfe && (b[1]! & 0xc0) === 0xc0) return 'private'; // fec0::/10 site-local, deprecated
  if ((b[0]! & 0xe0) !== 0x20) return 'reserved'; // outside 2000::/3, incl. 64:ff9b:1::/48 and 100::/64
  if (matches(b, [0x20, 0x01, 0x00], 23)) return 'reserved'; // 2001::/23: Teredo, ORCHID, benchmarking
  if (matches(b, [0x20, 0x01, 0x0d, 0xb8], 32)) return 'reserved'; // documentation
  if (matches(b, [0x3f, 0xff], 20)) return 'reserved'; // documentation
  return 'public';
}

function matches(bytes: number[], prefix: number[], bits: number): boolean {
  for (let i = 0; i * 8 < bits; i += 1) {
    const take = Math.min(8, bits - i * 8);
    const mask = (0xff << (8 - take)) & 0xff;
    if (((bytes[i] ?? 0) & mask) !== ((prefix[i] ?? 0) & mask)) return false;
  }
  return true;
}

/** 16 bytes of an IPv6 address that `net.isIPv6` accepted (a zone `%eth0` is dropped). */
export function parseV6(text: string): number[] | null {
  let ip = text.split('%')[0]!;
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(ip);
  if (tail) {
    const [a, b, c, d] = tail[1]!.split('.').map(Number) as [number, number, number, number];
    ip = `${ip.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = ip.split('::') as [string, string | undefined];
  const groups = (s: string) => (s ? s.split(':') : []);
  const left = groups(head);
  const right = rest === undefined ? [] : groups(rest);
  const fill = rest === undefined ? 0 : 8 - left.length - right.length;
  const all = [...left, ...Array<string>(Math.max(fill, 0)).fill('0'), ...right];
  if (all.length !== 8) return null;
  return all.flatMap((g) => {
    const n = parseInt(g, 16);
    return [n >> 8, n & 0xff];
  });
}
