import { BlockList } from 'node:net';
import { addRange } from '../lib/outbound/address-policy';
import { ConfigError } from './config-error';
import { envInt, envString, type Env } from './env-reader';

/** How long the server waits for clients, and where user-given URLs may lead. */
export interface NetworkSettings {
  /** HTTP_REQUEST_TIMEOUT (s): receiving a whole request, body included; a reply may stream longer. */
  requestTimeoutMs: number;
  /** HTTP_HEADERS_TIMEOUT (s): receiving a request's headers. */
  headersTimeoutMs: number;
  /** HTTP_KEEP_ALIVE_TIMEOUT (s): an idle kept-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /** USER_URL_ALLOWED_RANGES: CIDR ranges user-given base URLs may reach besides public addresses. */
  userURLAllowedRanges: string[];
}

export const DEFAULT_NETWORK_SETTINGS: NetworkSettings = Object.freeze({
  requestTimeoutMs: 120_000,
  headersTimeoutMs: 20_000,
  // Above the 60 s idle timeout of common load balancers, so they never reuse a connection being closed.
  keepAliveTimeoutMs: 72_000,
  userURLAllowedRanges: [],
}) as NetworkSettings;

export function readNetworkEnv(env: Env): NetworkSettings {
  const seconds = (name: string, fallbackMs: number) =>
    envInt(env, name, fallbackMs / 1000, { min: 1, max: 3600 }) * 1000;
  const requestTimeoutMs = seconds('HTTP_REQUEST_TIMEOUT', DEFAULT_NETWORK_SETTINGS.requestTimeoutMs);
  const headersTimeoutMs = seconds('HTTP_HEADERS_TIMEOUT', DEFAULT_NETWORK_SETTINGS.headersTimeoutMs);
  if (headersTimeoutMs > requestTimeoutMs) {
    throw new ConfigError(
      'HTTP_HEADERS_TIMEOUT',
      'HTTP_HEADERS_TIMEOUT must not exceed HTTP_REQUEST_TIMEOUT',
    );
  }
  return {
    requestTimeoutMs,
    headersTimeoutMs,
    keepAliveTimeoutMs: seconds('HTTP_KEEP_ALIVE_TIMEOUT', DEFAULT_NETWORK_SETTINGS.keepAliveTimeoutMs),
    userURLAllowedRanges: readRanges(env),
  };
}

function readRanges(env: Env): string[] {
  const ranges = (envString(env, 'USER_URL_ALLOWED_RANGES') ?? '')
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
  const check = new BlockList();
  for (const range of ranges) {
    try {
      addRange(check, range);
    } catch (error) {
      throw new ConfigError(
        'USER_URL_ALLOWED_RANGES',
        `USER_URL_ALLOWED_RANGES: ${(error as Error).message} (write CIDR ranges such as 10.0.0.0/8, comma separated)`,
      );
    }
  }
  return ranges;
}
