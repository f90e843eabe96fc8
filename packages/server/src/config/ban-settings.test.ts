import { afterEach, describe, expect, it } from 'vitest';
import type { Env } from './env-reader';
import { loadConfig } from './load-config';
import { expectConfigError, removeTempDirs, tempDir } from './temp-config.test-helpers';

afterEach(removeTempDirs);

const load = (env: Env = {}) => loadConfig({ env, cwd: tempDir() }).config;

describe('ban settings', () => {
  it("has LibreChat's example values: on, 2 hours, every 20 points, scores 1, 1 and 5; a 60-minute window", () => {
    expect(load().bans).toEqual({
      enabled: true,
      durationMs: 7_200_000,
      interval: 20,
      scoreWindowMinutes: 60,
      scores: { login: 1, message: 1, illegalModel: 5 },
    });
  });

  it('reads the variables, BAN_DURATION also as a product the way LibreChat writes it', () => {
    const bans = load({
      BAN_VIOLATIONS: 'false',
      BAN_DURATION: '1000 * 60 * 15',
      BAN_INTERVAL: '5',
      BAN_SCORE_WINDOW: '10',
      LOGIN_VIOLATION_SCORE: '2',
      MESSAGE_VIOLATION_SCORE: '0',
      ILLEGAL_MODEL_REQ_SCORE: '3',
    }).bans;
    expect(bans).toEqual({
      enabled: false,
      durationMs: 900_000,
      interval: 5,
      scoreWindowMinutes: 10,
      scores: { login: 2, message: 0, illegalModel: 3 },
    });
    expect(load({ BAN_DURATION: '60000' }).bans.durationMs).toBe(60_000);
  });

  it('refuses a duration that is not milliseconds, and an interval or window below one', () => {
    const message = (env: Env, field: string) => expectConfigError(() => load(env), field).message;
    expect(message({ BAN_DURATION: '2h' }, 'BAN_DURATION')).toBe(
      'BAN_DURATION must be milliseconds, e.g. 7200000 or 1000 * 60 * 60 * 2, got "2h"',
    );
    expect(message({ BAN_DURATION: '0' }, 'BAN_DURATION')).toBe(
      'BAN_DURATION must be at least 1 millisecond, got "0"',
    );
    expect(message({ BAN_INTERVAL: '0' }, 'BAN_INTERVAL')).toBe('BAN_INTERVAL must be at least 1, got 0');
    expect(message({ BAN_SCORE_WINDOW: '0' }, 'BAN_SCORE_WINDOW')).toBe(
      'BAN_SCORE_WINDOW must be at least 1, got 0',
    );
  });
});
