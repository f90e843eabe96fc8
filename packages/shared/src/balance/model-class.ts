import type { Balance } from './balance.schema';

/** The two classes of models free uses are kept for: the balance's `t` keys. */
export type ModelClass = keyof Balance['t'];

/** A model-name pattern: `*` matches any run of characters, the rest is literal, case does not matter. */
export function namePattern(pattern: string): RegExp {
  const body = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${body}$`, 'i');
}

/**
 * The class a model's calls are counted in (docs/reference/balance.md (Model families)): `gpt-4` when its name
 * matches one of the server's gpt-4 patterns (the startup config's `gpt4Models`), `gpt-3` otherwise. One function
 * for the server, which charges by it, and the web, which shows it, so the two never disagree.
 */
export function modelClass(model: string, gpt4Models: readonly string[]): ModelClass {
  return gpt4Models.some((pattern) => namePattern(pattern).test(model)) ? 'gpt-4' : 'gpt-3';
}
