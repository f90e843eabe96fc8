import { modelClass, type ModelClass, type ModelClassRule } from '@parley/shared';

/** The models of this server by the free uses they spend, each list sorted and without repeats. */
export interface ModelsByClass {
  gpt4: string[];
  gpt3: string[];
}

/**
 * Splits the server's models (`GET /api/models`: names by endpoint) by class with the server's own rule (the startup
 * config's `modelClasses`, then the built-in table), the rule it charges by
 * (docs/reference/balance.md (Model classes)).
 */
export function modelsByClass(
  models: Record<string, string[]>,
  rules: readonly ModelClassRule[],
): ModelsByClass {
  const names = [...new Set(Object.values(models).flat())].sort((a, b) => a.localeCompare(b));
  const of = (c: ModelClass) => names.filter((m) => modelClass(m, rules) === c);
  return { gpt4: of('gpt-4'), gpt3: of('gpt-3') };
}
