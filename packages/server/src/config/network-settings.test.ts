import { describe, expect, it } from 'vitest';
import { ConfigError } from './config-error';
import { DEFAULT_NETWORK_SETTINGS, readNetworkEnv } from './network-settings';

describe('readNetworkEnv', () => {
  it('has defaults', () => {
    expect(readNetworkEnv({})).toEqual(DEFAULT_NETWORK_SETTINGS);
  });

  it('reads timeouts in seconds and allowed ranges', () => {
    expect(
      readNetworkEnv({
        HTTP_REQUEST_TIMEOUT: '600',
        HTTP_HEADERS_TIMEOUT: '10',
        HTTP_KEEP_ALIVE_TIMEOUT: '5',
        USER_URL_ALLOWED_RANGES: ' 10.0.0.0/8, fd00::/8 ,192.168.1.20',
      }),
    ).toEqual({
      requestTimeoutMs: 600_000,
      headersTimeoutMs: 10_000,
      keepAliveTimeoutMs: 5_000,
      userURLAllowedRanges: ['10.0.0.0/8', 'fd00::/8', '192.168.1.20'],
    });
  });

  it.each([
    [{ USER_URL_ALLOWED_RANGES: 'intranet.local' }, /USER_URL_ALLOWED_RANGES.*not an IP/],
    [{ USER_URL_ALLOWED_RANGES: '10.0.0.0/40' }, /USER_URL_ALLOWED_RANGES.*prefix/],
    [{ HTTP_REQUEST_TIMEOUT: '0' }, /HTTP_REQUEST_TIMEOUT must be at least 1/],
    [{ HTTP_REQUEST_TIMEOUT: '10', HTTP_HEADERS_TIMEOUT: '20' }, /must not exceed/],
  ])('refuses %j', (env, message) => {
    expect(() => readNetworkEnv(env)).toThrow(ConfigError);
    expect(() => readNetworkEnv(env)).toThrow(message);
  });
});
