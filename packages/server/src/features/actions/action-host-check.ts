import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { createAddressPolicy, type AddressPolicy } from '../../lib/outbound/address-policy';
import type { Resolver } from '../../lib/outbound/guarded-fetch';

/** How the save checks where an action's URLs lead: the guard's own policy and a resolver. */
export interface ActionAddressCheck {
  /** The guard's policy, made from the operator's USER_URL_ALLOWED_RANGES (`createAddressPolicy`). */
  policy: AddressPolicy;
  /** Host name to addresses; the system resolver by default (tests simulate DNS with it). */
  resolve?: Resolver;
  /** How long a look-up may take before the save goes on without it. */
  resolveTimeoutMs?: number;
}

/** A check with the operator's allowed ranges and the system resolver. */
export function actionAddressCheck(
  allowedRanges: readonly string[] = [],
  resolve?: Resolver,
): ActionAddressCheck {
  return { policy: createAddressPolicy(allowedRanges), ...(resolve ? { resolve } : {}) };
}

const systemResolve: Resolver = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/**
 * Why the server may not call `url`, or null. The URL's scheme and literal host are judged as the guarded fetch judges
 * them, then each address the host resolves to. A name that does not resolve now (or not in time) is let through:
 * the guarded fetch checks every call again when it connects, so this only refuses what is already known to be
 * refused, early and with a clear message.
 */
export async function refusalOfUrl(url: string, check: ActionAddressCheck): Promise<string | null> {
  const why = check.policy.urlRefusal(url);
  if (why) return `is ${why}`;
  const host = new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host)) return null;
  const addresses = await resolveInTime(host, check);
  for (const address of addresses) {
    const refused = check.policy.refusal(address);
    if (refused) return `resolves to ${refused}`;
  }
  return null;
}

async function resolveInTime(host: string, check: ActionAddressCheck): Promise<string[]> {
  const resolve = check.resolve ?? systemResolve;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string[]>((done) => {
    timer = setTimeout(() => done([]), check.resolveTimeoutMs ?? 5_000);
  });
  try {
    return await Promise.race([resolve(host).catch(() => []), late]);
  } finally {
    clearTimeout(timer);
  }
}
