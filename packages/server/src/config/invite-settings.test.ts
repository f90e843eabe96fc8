import { afterEach, describe, expect, it } from 'vitest';
import type { Env } from './env-reader';
import { loadConfig } from './load-config';
import { expectConfigError, removeTempDirs, tempDir } from './temp-config.test-helpers';

afterEach(removeTempDirs);

const load = (env: Env = {}) => loadConfig({ env, cwd: tempDir() }).config;

describe('invite settings', () => {
  it('defaults to 15% and 5%, a 0.5 yuan invite gift and no cash-out contact', () => {
    expect(load().invites).toEqual({ percent: 15, secondLevelPercent: 5, registerGiftFen: 50, adminWx: '' });
  });

  it('reads INVITE_PERCENT, INVITE_SECOND_LEVEL_PERCENT, INVITE_REGISTER_GIFT and INVITE_ADMIN_WX', () => {
    expect(
      load({
        INVITE_PERCENT: '12.5',
        INVITE_SECOND_LEVEL_PERCENT: '0',
        INVITE_REGISTER_GIFT: '1.2',
        INVITE_ADMIN_WX: 'parley_help',
      }).invites,
    ).toEqual({ percent: 12.5, secondLevelPercent: 0, registerGiftFen: 120, adminWx: 'parley_help' });
  });

  it('refuses a percent above 100, a negative one, and a gift with three decimals', () => {
    expectConfigError(() => load({ INVITE_PERCENT: '101' }), 'INVITE_PERCENT');
    expectConfigError(() => load({ INVITE_SECOND_LEVEL_PERCENT: '-5' }), 'INVITE_SECOND_LEVEL_PERCENT');
    expectConfigError(() => load({ INVITE_REGISTER_GIFT: '0.505' }), 'INVITE_REGISTER_GIFT');
  });
});
