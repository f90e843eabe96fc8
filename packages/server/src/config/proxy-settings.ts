import { BlockList } from 'node:net';
import { addRange } from '../lib/outbound/address-policy';
import { ConfigError } from './config-error';
import { envString, type Env } from './env-reader';

/**
 * TRUST_PROXY: which peers may tell the client's address in `X-Forwarded-For` (and the host and scheme in
 * `X-Forwarded-Host`/`-Proto`). `false`: none, the socket's address is the client's. A number: that many proxies
 * in front of Parley, so the client is the address the outermost one appended (counted from the right). A list:
 * the proxies' addresses or CIDR ranges (or proxy-addr's `loopback`, `linklocal`, `uniquelocal`), so the client is
 * the rightmost address that is not one of them. Never "trust everything": the leftmost entry is whatever the
 * client wrote (docs/decisions.md, "TRUST_PROXY counts proxies or names them").
 */
export type TrustProxy = false | number | string[];

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_HOPS = 20;

const usage = (got: string) =>
  `TRUST_PROXY must be false, the number of proxies in front of Parley (1 for one), or their addresses or ` +
  `CIDR ranges, comma separated (10.0.0.5,10.1.0.0/16); got "${got}"`;

export function readTrustProxy(env: Env, notices: string[]): TrustProxy {
  const value = envString(env, 'TRUST_PROXY');
  if (value === undefined || value.toLowerCase() === 'false') return false;
  if (value.toLowerCase() === 'true') {
    // LibreChat reads TRUST_PROXY as a number and `true` as 1; trusting every hop would let a client choose its
    // own address, so one proxy is what `true` can safely mean.
    notices.push(
      'TRUST_PROXY=true is read as 1: one proxy in front of Parley, and the client address is the one it ' +
        'appends to X-Forwarded-For. Set the number of proxies, or their addresses (TRUST_PROXY=10.0.0.5), to ' +
        'say so; with a number, Parley must not be reachable except through the proxies.',
    );
    return 1;
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > MAX_HOPS) {
      throw new ConfigError('TRUST_PROXY', `TRUST_PROXY must be at most ${MAX_HOPS} proxies, got ${hops}`);
    }
    return hops === 0 ? false : hops;
  }
  return readProxyAddresses(value);
}

function readProxyAddresses(value: string): string[] {
  const entries = value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const check = new BlockList();
  for (const entry of entries) {
    if (NAMED_RANGES.has(entry)) continue;
    try {
      addRange(check, entry);
    } catch {
      throw new ConfigError('TRUST_PROXY', usage(value));
    }
  }
  if (entries.length === 0) throw new ConfigError('TRUST_PROXY', usage(value));
  return entries;
}
