import { ConfigError } from './config-error';
import { envBool, envInt, envString, type Env } from './env-reader';

/**
 * Automatic bans (docs/reference/accounts.md (Bans)): LibreChat's BAN_VIOLATIONS, BAN_DURATION, BAN_INTERVAL and
 * per-violation scores, plus Parley's BAN_SCORE_WINDOW (docs/decisions.md, "Accounts (invites and bans)").
 */
export interface BanConfig {
  /** BAN_VIOLATIONS: whether reaching the threshold bans (violations are scored either way). */
  enabled: boolean;
  /** BAN_DURATION, in milliseconds. */
  durationMs: number;
  /** BAN_INTERVAL: a ban each time a score reaches a multiple of this. */
  interval: number;
  /** BAN_SCORE_WINDOW, in minutes: a score counts the violations of one fixed window, then starts again. */
  scoreWindowMinutes: number;
  scores: {
    /** LOGIN_VIOLATION_SCORE: a sign-in refused for a wrong e-mail or password. */
    login: number;
    /** MESSAGE_VIOLATION_SCORE: a send refused by the message limits. */
    message: number;
    /** ILLEGAL_MODEL_REQ_SCORE: a send naming a model the endpoint does not offer. */
    illegalModel: number;
  };
}

export const DEFAULT_BANS: BanConfig = Object.freeze({
  enabled: true,
  durationMs: 2 * 60 * 60 * 1000,
  interval: 20,
  scoreWindowMinutes: 60,
  scores: Object.freeze({ login: 1, message: 1, illegalModel: 5 }),
});

export function readBanEnv(env: Env): BanConfig {
  const d = DEFAULT_BANS;
  return {
    enabled: envBool(env, 'BAN_VIOLATIONS', d.enabled),
    durationMs: readDurationMs(env, 'BAN_DURATION', d.durationMs),
    // Zero would ban on every violation's multiple of nothing; one bans on the first point.
    interval: envInt(env, 'BAN_INTERVAL', d.interval, { min: 1 }),
    scoreWindowMinutes: envInt(env, 'BAN_SCORE_WINDOW', d.scoreWindowMinutes, { min: 1 }),
    scores: {
      login: envInt(env, 'LOGIN_VIOLATION_SCORE', d.scores.login, { min: 0 }),
      message: envInt(env, 'MESSAGE_VIOLATION_SCORE', d.scores.message, { min: 0 }),
      illegalModel: envInt(env, 'ILLEGAL_MODEL_REQ_SCORE', d.scores.illegalModel, { min: 0 }),
    },
  };
}

/**
 * Milliseconds as a whole number or a product of whole numbers (`1000 * 60 * 60 * 2`, the way LibreChat's
 * example file writes it); nothing is evaluated beyond the multiplication.
 */
export function readDurationMs(env: Env, name: string, fallback: number): number {
  const value = envString(env, name);
  if (value === undefined) return fallback;
  const factors = value.split('*').map((f) => f.trim());
  if (factors.some((f) => !/^\d+$/.test(f))) {
    throw new ConfigError(
      name,
      `${name} must be milliseconds, e.g. 7200000 or 1000 * 60 * 60 * 2, got "${value}"`,
    );
  }
  const ms = factors.reduce((product, f) => product * Number(f), 1);
  if (!Number.isSafeInteger(ms) || ms < 1) {
    throw new ConfigError(name, `${name} must be at least 1 millisecond, got "${value}"`);
  }
  return ms;
}
