import { ConfigError } from './config-error';

export type Env = Record<string, string | undefined>;

/**
 * Typed reads of single environment variables. An empty value counts as unset, because compose files and
 * `.env` templates commonly leave `NAME=` lines in place to mean "not configured".
 */
export function envString(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

export function envBool(env: Env, name: string, fallback: boolean): boolean {
  const value = envString(env, name);
  if (value === undefined) return fallback;
  const lower = value.toLowerCase();
  if (lower === 'true') return true;
  if (lower === 'false') return false;
  throw new ConfigError(name, `${name} must be true or false, got "${value}"`);
}

export function envInt(
  env: Env,
  name: string,
  fallback: number,
  range: { min: number; max?: number },
): number {
  const value = envString(env, name);
  if (value === undefined) return fallback;
  const n = /^-?\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n)) throw new ConfigError(name, `${name} must be a whole number, got "${value}"`);
  if (n < range.min) throw new ConfigError(name, `${name} must be at least ${range.min}, got ${n}`);
  if (range.max !== undefined && n > range.max) {
    throw new ConfigError(name, `${name} must be at most ${range.max}, got ${n}`);
  }
  return n;
}

export function envEnum<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const value = envString(env, name);
  if (value === undefined) return fallback;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new ConfigError(name, `${name} must be one of ${allowed.join(', ')}, got "${value}"`);
}

/** An absolute http(s) origin without a trailing slash, so callers can append paths. */
export function envHttpUrl(env: Env, name: string, fallback: string): string {
  return assertHttpUrl(name, envString(env, name) ?? fallback).replace(/\/+$/, '');
}

/** An absolute http(s) URL as written, or null when unset. */
export function envOptionalHttpUrl(env: Env, name: string): string | null {
  const value = envString(env, name);
  return value === undefined ? null : assertHttpUrl(name, value);
}

/** The value, when it is an absolute http(s) URL; anything else stops the start with the variable named. */
function assertHttpUrl(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(name, `${name} must be an absolute http(s) URL, got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(name, `${name} must start with http:// or https://, got "${value}"`);
  }
  return value;
}
