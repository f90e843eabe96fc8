import { BlockList, isIP } from 'node:net';
import { classifyAddress, embeddedIPv4, type AddressClass } from './address-class';

/** Cloud metadata services by name; never called, whatever the operator allows. */
const METADATA_NAMES = new Set([
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'instance-data',
  'instance-data.ec2.internal',
  'metadata.azure.internal',
]);

/** Why a user-given URL or address is refused, in words safe to show the user. */
export class OutboundRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutboundRefusedError';
  }
}

export interface AddressPolicy {
  /** Null when the address may be called, else the reason it may not. */
  refusal(address: string): string | null;
  /** Null when the URL's scheme and host may be called as far as can be told without resolving it. */
  urlRefusal(url: string): string | null;
}

/**
 * Which addresses a user-given URL may reach: public ones, plus the operator's `allowedRanges` (CIDRs such as
 * `10.0.0.0/8` or `fd00::/8`; a bare address is one host). An IPv6 address that embeds an IPv4 one
 * (`::ffff:127.0.0.1`, NAT64, 6to4) is judged, and matched against the ranges, as that IPv4 address.
 */
export function createAddressPolicy(allowedRanges: readonly string[] = []): AddressPolicy {
  const allowed = new BlockList();
  for (const range of allowedRanges) addRange(allowed, range);
  const refusal = (address: string): string | null => {
    const ip = address.replace(/^\[(.*)\]$/, '$1');
    const cls: AddressClass = classifyAddress(ip);
    if (cls === 'public') return null;
    if (cls === 'invalid') return 'not an IP address';
    const v4 = embeddedIPv4(ip);
    const inRange = v4 ? allowed.check(v4, 'ipv4') : allowed.check(ip.split('%')[0]!, 'ipv6');
    return inRange ? null : `a ${cls} address`;
  };
  return {
    refusal,
    urlRefusal(url) {
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        return 'not a valid URL';
      }
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'not an http(s) URL';
      const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
      if (isMetadataName(host)) return 'a cloud metadata service';
      // RFC 6761: localhost names are loopback wherever they resolve.
      if (/(^|\.)localhost\.?$/i.test(host)) return refusal('127.0.0.1');
      return isIP(host) ? refusal(host) : null;
    },
  };
}

export function isMetadataName(host: string): boolean {
  return METADATA_NAMES.has(host.toLowerCase().replace(/\.+$/, ''));
}

/** Parses `a.b.c.d/n`, `v6::/n` or a bare address into the list; throws a plain Error naming the range. */
export function addRange(list: BlockList, range: string): void {
  const [address = '', bits] = range.trim().split('/');
  const family = isIP(address);
  if (family === 0) throw new Error(`"${range}" is not an IP address or CIDR range`);
  const type = family === 4 ? 'ipv4' : 'ipv6';
  const max = family === 4 ? 32 : 128;
  const prefix = bits === undefined ? max : Number(bits);
  if (
    !Number.isInteger(prefix) ||
    prefix < 0 ||
    prefix > max ||
    (bits !== undefined && !/^\d+$/.test(bits))
  ) {
    throw new Error(`"${range}" has an invalid prefix length`);
  }
  list.addSubnet(address, prefix, type);
}
