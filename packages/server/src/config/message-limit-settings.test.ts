import { afterEach, describe, expect, it } from 'vitest';
import type { Env } from './env-reader';
import { loadConfig } from './load-config';
import { DEFAULT_MESSAGE_LIMITS } from './message-limit-settings';
import { expectConfigError, removeTempDirs, tempDir } from './temp-config.test-helpers';

afterEach(removeTempDirs);

const load = (env: Env = {}) => loadConfig({ env, cwd: tempDir() }).config;

describe('message limit settings', () => {
  it("has LibreChat's defaults", () => {
    expect(load().messageLimits).toEqual({
      limitConcurrentMessages: true,
      concurrentMessageMax: 2,
      limitMessageIp: true,
      messageIpMax: 40,
      messageIpWindowMinutes: 1,
      limitMessageUser: false,
      messageUserMax: 40,
      messageUserWindowMinutes: 1,
    });
    expect(load().messageLimits).toEqual(DEFAULT_MESSAGE_LIMITS);
  });

  it('reads the variables it is given', () => {
    const limits = load({
      LIMIT_CONCURRENT_MESSAGES: 'FALSE',
      CONCURRENT_MESSAGE_MAX: '5',
      LIMIT_MESSAGE_IP: 'false',
      MESSAGE_IP_MAX: '0',
      MESSAGE_IP_WINDOW: '10',
      LIMIT_MESSAGE_USER: 'true',
      MESSAGE_USER_MAX: '12',
      MESSAGE_USER_WINDOW: ' 3 ',
    }).messageLimits;
    expect(limits).toEqual({
      limitConcurrentMessages: false,
      concurrentMessageMax: 5,
      limitMessageIp: false,
      messageIpMax: 0,
      messageIpWindowMinutes: 10,
      limitMessageUser: true,
      messageUserMax: 12,
      messageUserWindowMinutes: 3,
    });
  });

  it('treats empty values as unset', () => {
    expect(load({ MESSAGE_IP_MAX: '', LIMIT_MESSAGE_USER: '' }).messageLimits).toEqual(
      DEFAULT_MESSAGE_LIMITS,
    );
  });

  it.each([['LIMIT_CONCURRENT_MESSAGES'], ['LIMIT_MESSAGE_IP'], ['LIMIT_MESSAGE_USER']])(
    'refuses a %s that is not true or false',
    (name) => {
      const error = expectConfigError(() => load({ [name]: 'yes' }), name);
      expect(error.message).toContain('true or false');
    },
  );

  it.each([
    ['CONCURRENT_MESSAGE_MAX', '-1'],
    ['CONCURRENT_MESSAGE_MAX', '0'],
    ['MESSAGE_IP_MAX', '-1'],
    ['MESSAGE_IP_MAX', '4.5'],
    ['MESSAGE_IP_WINDOW', '0'],
    ['MESSAGE_IP_WINDOW', '-2'],
    ['MESSAGE_USER_MAX', '-40'],
    ['MESSAGE_USER_MAX', 'many'],
    ['MESSAGE_USER_WINDOW', '0'],
  ])('refuses %s=%s', (name, value) => {
    expectConfigError(() => load({ [name]: value }), name);
  });
});
