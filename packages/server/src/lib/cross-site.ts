import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUTH_MESSAGES } from '@parley/shared';
import { AppError } from './app-error';

/** Where the sign-in routes live: every call under it that changes state is checked. */
const AUTH_PREFIX = '/api/auth/';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses sign-in calls another site starts (docs/reference/accounts.md (Hardening)): a page elsewhere can post a
 * plain HTML form or a `no-cors` fetch to /api/auth/logout and the answer's Set-Cookie signs the user out, whatever
 * SameSite says about the request's own cookies. Every POST (any method but GET, HEAD and OPTIONS) under /api/auth/
 * must
 * - carry JSON (`Content-Type: application/json`), or no body at all (refresh and logout take none): a form or a
 *   simple fetch cannot send JSON across sites without a CORS preflight, which Parley never answers;
 * - come from the site itself when the browser names an `Origin`: the configured DOMAIN_CLIENT or DOMAIN_SERVER,
 *   or the host the request was sent to;
 * - not be marked `Sec-Fetch-Site: cross-site`, unless its `Origin` is one of the configured domains (a client
 *   served from another site on purpose).
 * API clients outside a browser send neither header and JSON, so they pass. Runs at onRequest, before any body is
 * read. GET routes (the invite check, social callbacks) are not touched.
 */
export function registerCrossSiteGuard(
  app: FastifyInstance,
  config: { domainClient: string; domainServer: string },
): void {
  const configured = new Set([originOf(config.domainClient), originOf(config.domainServer)]);
  app.addHook('onRequest', async (request) => {
    // The matched route's path, not the URL as sent, so no spelling of the URL can slip past the prefix.
    const path = request.routeOptions.url ?? request.url;
    if (SAFE_METHODS.has(request.method) || !path.startsWith(AUTH_PREFIX)) return;
    const origin = request.headers.origin;
    const trustedOrigin = origin !== undefined && configured.has(origin);
    if (origin !== undefined && !trustedOrigin && !isOwnHost(request, origin)) throw crossSite();
    if (request.headers['sec-fetch-site'] === 'cross-site' && !trustedOrigin) throw crossSite();
    if (!carriesJsonOrNothing(request)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.jsonBodyRequired);
  });
}

const crossSite = () => new AppError('FORBIDDEN', AUTH_MESSAGES.crossSiteRefused);

/** `https://chat.example.com` from a configured URL (which may carry a path). */
function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

/** The Origin names the host this request was sent to (`Host`, or X-Forwarded-Host behind a trusted proxy). */
function isOwnHost(request: FastifyRequest, origin: string): boolean {
  try {
    const { host, protocol } = new URL(origin);
    return (protocol === 'http:' || protocol === 'https:') && host === request.host;
  } catch {
    return false; // `null` (a sandboxed frame, a file) or garbage
  }
}

/** A JSON body, or none: no Content-Type and no length (a bodiless POST, as refresh and logout are sent). */
function carriesJsonOrNothing(request: FastifyRequest): boolean {
  const type = request.headers['content-type'];
  if (type === undefined) {
    const length = request.headers['content-length'];
    const chunked = request.headers['transfer-encoding'] !== undefined;
    return !chunked && (length === undefined || Number(length) === 0);
  }
  const mediaType = type.split(';')[0]!.trim().toLowerCase();
  return mediaType === 'application/json';
}
