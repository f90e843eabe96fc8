import { lookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import type { LookupAddress, LookupOptions } from 'node:dns';
import type { Agent, buildConnector, fetch as UndiciFetch } from 'undici';
import { createAddressPolicy, isMetadataName, OutboundRefusedError } from './address-policy';

export { OutboundRefusedError } from './address-policy';

export type Resolver = (host: string) => Promise<string[]>;

export interface GuardedFetchOptions {
  /** CIDR ranges the operator lets user-given URLs reach besides public addresses. */
  allowedRanges?: readonly string[];
  /** Host name to addresses; the system resolver by default (tests simulate DNS with it). */
  resolve?: Resolver;
  /** Told what an upstream answered when its error body is withheld from the caller. */
  onUpstreamError?: (detail: { origin: string; status: number; body: string }) => void;
}

type FetchFn = typeof fetch;
type LookupCallback = (error: Error | null, address: string | LookupAddress[], family?: number) => void;

const CONNECT_TIMEOUT_MS = 10_000;
const LOGGED_BODY_CHARS = 2000;

const systemResolve: Resolver = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/**
 * A fetch for URLs a user gave (a custom endpoint's `baseURL: user_provided`). Every connection resolves the
 * host itself, refuses it unless EVERY address is public (or in the operator's ranges), and connects only to
 * the addresses it checked, so a name that resolves to 127.0.0.1, a rebinding DNS answer or `[::ffff:7f00:1]` never
 * reaches a local service. Redirects are not followed: a 3xx is an error, or, for a caller that asks for
 * `redirect: 'manual'`, an empty answer with only its `location`, which that caller follows through this fetch
 * again. An error answer's body is replaced by a generic one keeping only its status and error code words, since the upstream is unknown.
 */
export function createGuardedFetch(options: GuardedFetchOptions = {}): FetchFn {
  const policy = createAddressPolicy(options.allowedRanges);
  const resolve = options.resolve ?? systemResolve;
  let loaded: Promise<{ agent: Agent; fetch: typeof UndiciFetch }> | undefined;

  /** Every address of `host`, each checked; throws OutboundRefusedError if any one may not be reached. */
  const checkedAddresses = async (host: string): Promise<string[]> => {
    if (isMetadataName(host)) throw new OutboundRefusedError(`${host} is a cloud metadata service`);
    const addresses = await resolve(host);
    if (addresses.length === 0) throw new OutboundRefusedError(`${host} does not resolve`);
    for (const address of addresses) {
      const why = policy.refusal(address);
      if (why)
        throw new OutboundRefusedError(`${host} resolves to ${why}, which user-given URLs may not reach`);
    }
    return addresses;
  };

  // Node's socket asks this for the addresses to connect to, so it connects to exactly those checked (no second
  // DNS answer to rebind) and still tries each of them in turn (IPv6 and IPv4, "happy eyeballs").
  const lookup = (hostname: string, opts: LookupOptions, callback: LookupCallback) => {
    checkedAddresses(hostname).then(
      (addresses) => {
        const all = addresses.map((address) => ({ address, family: isIP(address) }));
        if (opts.all) callback(null, all);
        else callback(null, all[0]!.address, all[0]!.family);
      },
      (error: Error) => callback(error, '', 0),
    );
  };

  // undici is loaded on first use, so a server without user-given URLs never pays for it.
  const load = () =>
    (loaded ??= import('undici').then(({ Agent, buildConnector: build, fetch: undiciFetch }) => {
      const base = build({ timeout: CONNECT_TIMEOUT_MS, lookup: lookup as LookupFunction });
      // Sockets skip `lookup` for an IP address, so those are checked here.
      const connect: buildConnector.connector = (opts, callback) => {
        const host = opts.hostname.replace(/^\[(.*)\]$/, '$1');
        const why = isIP(host) ? policy.refusal(host) : null;
        if (why)
          callback(new OutboundRefusedError(`${host} is ${why}, which user-given URLs may not reach`), null);
        else base(opts, callback);
      };
      return { agent: new Agent({ connect }), fetch: undiciFetch };
    }));

  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const why = policy.urlRefusal(url.href);
    if (why) throw new OutboundRefusedError(`The URL is ${why}, which user-given URLs may not name`);
    const { agent, fetch: undiciFetch } = await load();
    let res: Response;
    try {
      res = (await undiciFetch(url, {
        ...(init as object),
        redirect: 'manual',
        dispatcher: agent,
      } as Parameters<typeof undiciFetch>[1])) as unknown as Response;
    } catch (error) {
      const cause = (error as { cause?: unknown }).cause;
      throw cause instanceof OutboundRefusedError ? cause : error;
    }
    if (res.status >= 300 && res.status < 400) {
      await res.body?.cancel();
      // A caller that asks for `redirect: 'manual'` follows hops itself, each through this fetch again (the page
      // reader), so it is told where the redirect points and nothing else the upstream sent.
      if ((init as RequestInit | undefined)?.redirect === 'manual') return redirectOnly(res);
      throw new OutboundRefusedError(
        `${url.host} answered with a redirect (${res.status}), which is not followed`,
      );
    }
    return res.ok ? res : withheldError(res, url.origin, options.onUpstreamError);
  };
}

/** A redirect reduced to its status and `location`, for a caller that follows it hop by hop. */
function redirectOnly(res: Response): Response {
  const location = res.headers.get('location');
  return new Response(null, { status: res.status, headers: location === null ? {} : { location } });
}

/** The upstream's error answer with its body reduced to `{error:{message, code?, type?}}`; the body is reported. */
async function withheldError(
  res: Response,
  origin: string,
  report: GuardedFetchOptions['onUpstreamError'],
): Promise<Response> {
  const text = await res.text().catch(() => '');
  report?.({ origin, status: res.status, body: text.slice(0, LOGGED_BODY_CHARS) });
  const words = codeWords(text);
  const body = { error: { message: `The endpoint answered HTTP ${res.status}`, ...words } };
  const headers = new Headers({ 'content-type': 'application/json' });
  const retryAfter = res.headers.get('retry-after');
  if (retryAfter && /^\d{1,6}$/.test(retryAfter)) headers.set('retry-after', retryAfter);
  return new Response(JSON.stringify(body), { status: res.status, headers });
}

const WORD = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;

/** The error's `code` and `type` when they are single machine words (they map errors); never free text. */
function codeWords(text: string): { code?: string; type?: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return {};
  }
  const inner = (parsed as { error?: unknown } | null)?.error;
  const e = (inner && typeof inner === 'object' ? inner : parsed) as Record<string, unknown> | null;
  const out: { code?: string; type?: string } = {};
  if (typeof e?.['code'] === 'string' && WORD.test(e['code'])) out.code = e['code'];
  if (typeof e?.['type'] === 'string' && WORD.test(e['type'])) out.type = e['type'];
  return out;
}
