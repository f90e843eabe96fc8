import type { Env } from './env-reader';
import { formatPath } from './yaml-issues';

const REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/**
 * Replaces `${NAME}` in every string value with that environment variable, so secrets stay out of the file.
 * Unlike LibreChat's whole-value form, a reference may sit inside a string (`Bearer ${KEY}`). An unset
 * variable is left as written, as LibreChat does, and reported so the operator sees why a key fails.
 */
export function substituteEnv(
  value: unknown,
  env: Env,
  notices: string[],
  path: PropertyKey[] = [],
): unknown {
  if (typeof value === 'string') {
    return value.replace(REFERENCE, (whole, name: string) => {
      // Own variables only: `${constructor}` must not find Object's.
      const replacement = Object.hasOwn(env, name) ? env[name] : undefined;
      if (replacement) return replacement;
      notices.push(
        `${formatPath(path)} refers to \${${name}}, which is not set; the text is kept as written`,
      );
      return whole;
    });
  }
  if (Array.isArray(value)) return value.map((item, i) => substituteEnv(item, env, notices, [...path, i]));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, substituteEnv(v, env, notices, [...path, k])]),
    );
  }
  return value;
}
