import type { ModelClassRule } from '@parley/shared';
import { ConfigError } from './config-error';
import { envString, type Env } from './env-reader';
import type { YamlConfig } from './yaml.schema';

/** The two model families free uses and prices are kept for (the balance's `t` keys). */
export const MODEL_FAMILIES = ['gpt-3', 'gpt-4'] as const;
export type ModelFamily = (typeof MODEL_FAMILIES)[number];

/** Credits (units: 100000 = 1 credit) and free uses of each family. */
export interface Grant {
  credits: number;
  gpt3Uses: number;
  gpt4Uses: number;
}

export interface TokenPrice {
  /** Units per 1,000 prompt tokens. */
  prompt: number;
  /** Units per 1,000 completion tokens. */
  completion: number;
}

export interface ModelPrice {
  multiplier?: number;
  prompt?: number;
  completion?: number;
  /** The class the model's calls count in, over the built-in table (docs/reference/balance.md (Model classes)). */
  class?: ModelFamily;
}

/** How calls are priced (docs/reference/balance.md (Prices)). */
export interface PricingSettings {
  mode: 'call' | 'tokens';
  /**
   * The operator's class rules, in the order they are tried before the built-in table (shared's modelClass): the
   * `models` entries that set `class` (exact names, then patterns), then the `gpt4Models` patterns.
   */
  classRules: ModelClassRule[];
  callCost: Record<ModelFamily, number>;
  tokenCost: Record<ModelFamily, TokenPrice>;
  /** Per model name or `*` pattern; the first match wins, exact names before patterns. */
  models: Record<string, ModelPrice>;
  /** The fewest reply tokens a token-priced call paid in credits must be able to pay for, or it is refused. */
  completionReserve: number;
  /** Units one run of a tool costs, by its key (tools not listed are free): the image tools' price entry. */
  toolCost: Record<string, number>;
}

/** Credits and free uses (docs/reference/balance.md (Settings)); on only with CHECK_BALANCE. */
export interface BalanceSettings {
  /** BALANCE_TIME_ZONE: the zone whose 00:01 starts the daily jobs. */
  timeZone: string;
  pricing: PricingSettings;
  registrationGift: Grant;
  dailyRestore: Grant;
}

/**
 * Defaults: a gpt-3.5 call costs 0.01 credit and a gpt-4 call 20 times that (the landing text: gpt-4 gives about
 * 1/20 of gpt-3.5's chat volume); by tokens the same ratio. The gift is the landing text's: 50 gpt-3.5 uses,
 * 10 gpt-4 uses and 1 credit; the daily restore: 10 and 3 uses and 0.1 credit.
 */
export const DEFAULT_BALANCE: BalanceSettings = Object.freeze({
  timeZone: 'Asia/Shanghai',
  pricing: Object.freeze({
    mode: 'call' as const,
    classRules: [],
    callCost: Object.freeze({ 'gpt-3': 1_000, 'gpt-4': 20_000 }),
    tokenCost: Object.freeze({
      'gpt-3': Object.freeze({ prompt: 150, completion: 200 }),
      'gpt-4': Object.freeze({ prompt: 3_000, completion: 4_000 }),
    }),
    models: Object.freeze({}),
    completionReserve: 1_000,
    // DALL-E 3 costs the operator about $0.04 an image, some 0.3 yuan; an operator's own Stable Diffusion is free.
    toolCost: Object.freeze({ dalle: 30_000 }),
  }),
  registrationGift: Object.freeze({ credits: 100_000, gpt3Uses: 50, gpt4Uses: 10 }),
  dailyRestore: Object.freeze({ credits: 10_000, gpt3Uses: 10, gpt4Uses: 3 }),
});

/** Whether the runtime knows the zone (Intl throws a RangeError for one it does not). */
function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The operator's class rules (docs/reference/balance.md (Model classes)): a `models` entry's `class` for its exact
 * name first, then the patterns' in the file's order (as prices are looked up), then the `gpt4Models` patterns.
 * All of them win over the built-in table.
 */
export function classRulesOf(
  models: Record<string, ModelPrice>,
  gpt4Models: readonly string[],
): ModelClassRule[] {
  const withClass = Object.entries(models).flatMap(([pattern, entry]) =>
    entry.class ? [{ pattern, class: entry.class }] : [],
  );
  return [
    ...withClass.filter((rule) => !rule.pattern.includes('*')),
    ...withClass.filter((rule) => rule.pattern.includes('*')),
    ...gpt4Models.map((pattern) => ({ pattern, class: 'gpt-4' as const })),
  ];
}

/** BALANCE_TIME_ZONE from the environment, the rest from the YAML's `balance` section over the defaults. */
export function readBalanceSettings(env: Env, yaml: YamlConfig | null): BalanceSettings {
  const d = DEFAULT_BALANCE;
  const timeZone = envString(env, 'BALANCE_TIME_ZONE') ?? d.timeZone;
  if (!isTimeZone(timeZone)) {
    throw new ConfigError(
      'BALANCE_TIME_ZONE',
      `BALANCE_TIME_ZONE must be an IANA time zone such as Asia/Shanghai, got "${timeZone}"`,
    );
  }
  const y = yaml?.balance ?? {};
  const tokenCost = (family: ModelFamily): TokenPrice => ({
    ...d.pricing.tokenCost[family],
    ...y.tokenCost?.[family],
  });
  return {
    timeZone,
    pricing: {
      mode: y.pricing ?? d.pricing.mode,
      classRules: classRulesOf(y.models ?? {}, y.gpt4Models ?? []),
      callCost: { ...d.pricing.callCost, ...y.callCost },
      tokenCost: { 'gpt-3': tokenCost('gpt-3'), 'gpt-4': tokenCost('gpt-4') },
      models: { ...y.models },
      completionReserve: y.completionReserve ?? d.pricing.completionReserve,
      toolCost: { ...d.pricing.toolCost, ...y.toolCost },
    },
    registrationGift: { ...d.registrationGift, ...y.registrationGift },
    dailyRestore: { ...d.dailyRestore, ...y.dailyRestore },
  };
}
