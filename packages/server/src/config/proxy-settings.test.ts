import { afterEach, describe, expect, it } from 'vitest';
import type { Env } from './env-reader';
import { loadConfig } from './load-config';
import { expectConfigError, removeTempDirs, tempDir } from './temp-config.test-helpers';

afterEach(removeTempDirs);

const load = (env: Env) => loadConfig({ env, cwd: tempDir() });

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, false],
    ['false', false],
    ['0', false],
    ['1', 1],
    ['2', 2],
    [' 10.0.0.5 , 10.1.0.0/16,fd00::/8, loopback', ['10.0.0.5', '10.1.0.0/16', 'fd00::/8', 'loopback']],
  ])('reads %j as %j, with no notice', (value, expected) => {
    const { config, notices } = load({ TRUST_PROXY: value });
    expect(config.trustProxy).toEqual(expected);
    expect(notices.filter((n) => n.includes('TRUST_PROXY'))).toEqual([]);
  });

  it('reads true as one proxy, and says so in the log', () => {
    const { config, notices } = load({ TRUST_PROXY: 'TRUE' });
    expect(config.trustProxy).toBe(1);
    expect(notices.filter((n) => n.includes('TRUST_PROXY'))).toEqual([
      'TRUST_PROXY=true is read as 1: one proxy in front of Parley, and the client address is the one it ' +
        'appends to X-Forwarded-For. Set the number of proxies, or their addresses (TRUST_PROXY=10.0.0.5), to ' +
        'say so; with a number, Parley must not be reachable except through the proxies.',
    ]);
  });

  it.each(['yes', '-1', '1.5', 'proxy.internal', '10.0.0.0/40', ','])('refuses %j', (value) => {
    const error = expectConfigError(() => load({ TRUST_PROXY: value }), 'TRUST_PROXY');
    expect(error.message).toBe(
      'TRUST_PROXY must be false, the number of proxies in front of Parley (1 for one), or their addresses or ' +
        `CIDR ranges, comma separated (10.0.0.5,10.1.0.0/16); got "${value}"`,
    );
  });

  it('refuses more than 20 proxies', () => {
    const error = expectConfigError(() => load({ TRUST_PROXY: '21' }), 'TRUST_PROXY');
    expect(error.message).toBe('TRUST_PROXY must be at most 20 proxies, got 21');
  });
});
