import type { ModelFamily, ModelPrice, PricingSettings, TokenPrice } from '../../config/balance-settings';
import { modelFamily, namePattern } from './model-family';

/** A model's prices, resolved once per call. */
export interface ModelPricing {
  model: string;
  family: ModelFamily;
  mode: PricingSettings['mode'];
  /** Units of one call (call pricing). */
  callCost: number;
  /** Units per 1,000 tokens (token pricing). */
  tokenPrice: TokenPrice;
  /** The model's price against the gpt-3 family's call price (what a refusal names). */
  multiplier: number;
}

/** The operator's entry for a model: its exact name first, then the first `*` pattern that matches. */
function modelEntry(models: Record<string, ModelPrice>, model: string): ModelPrice {
  const exact = models[model];
  if (exact) return exact;
  for (const [pattern, price] of Object.entries(models)) {
    if (pattern.includes('*') && namePattern(pattern).test(model)) return price;
  }
  return {};
}

/**
 * The prices of a model (docs/reference/balance.md (Prices)): its family's, times its multiplier (1 unless set);
 * its own token prices when the operator gave them. Results are whole units.
 */
export function priceOf(pricing: PricingSettings, model: string): ModelPricing {
  const family = modelFamily(model, pricing);
  const entry = modelEntry(pricing.models, model);
  const m = entry.multiplier ?? 1;
  const base = pricing.tokenCost[family];
  const callCost = Math.round(pricing.callCost[family] * m);
  const gpt3 = pricing.callCost['gpt-3'];
  return {
    model,
    family,
    mode: pricing.mode,
    callCost,
    tokenPrice: {
      prompt: entry.prompt ?? Math.round(base.prompt * m),
      completion: entry.completion ?? Math.round(base.completion * m),
    },
    multiplier: gpt3 > 0 ? Math.round((callCost / gpt3) * 100) / 100 : 1,
  };
}

/** Units of a call that used these tokens, rounded up (a started unit is a unit). */
export function tokensCost(price: TokenPrice, promptTokens: number, completionTokens: number): number {
  return Math.ceil((promptTokens * price.prompt + completionTokens * price.completion) / 1000);
}

/** What a call may cost, as its hold needs it: the prompt it sends and the most tokens its reply may take. */
export interface CallBounds {
  promptTokens: number;
  /** The reply's cap: the request's max output tokens, else the model's, within what the context window leaves. */
  maxCompletionTokens: number;
  /** The fewest reply tokens a token-priced call must be able to pay for to run (`balance.completionReserve`). */
  minCompletionTokens: number;
}

/** A credits hold: the units taken, and with token prices the reply tokens they pay for (the provider's cap). */
export interface CreditsHold {
  cost: number;
  completionTokens: number | null;
}

/**
 * What a call paid in credits is held for (docs/reference/balance.md (A call)): its price; with token prices the
 * prompt it sends and as many reply tokens as the credits pay for, up to the reply's cap. Undefined when the credits
 * cannot pay for the prompt and the least reply (`minCompletionTokens`, or the cap when smaller).
 */
export function creditsHold(p: ModelPricing, bounds: CallBounds, credits: number): CreditsHold | undefined {
  if (p.mode === 'call')
    return p.callCost <= credits ? { cost: p.callCost, completionTokens: null } : undefined;
  const { prompt, completion } = p.tokenPrice;
  const cap = Math.max(1, bounds.maxCompletionTokens);
  const least = Math.min(cap, bounds.minCompletionTokens);
  // The most reply tokens `credits` pays for beside the prompt: tokensCost rounds up, so this is the exact bound.
  const left = credits * 1000 - bounds.promptTokens * prompt;
  const affordable = completion > 0 ? Math.floor(left / completion) : left >= 0 ? cap : -1;
  const completionTokens = Math.min(cap, affordable);
  if (completionTokens < least) return undefined;
  return { cost: tokensCost(p.tokenPrice, bounds.promptTokens, completionTokens), completionTokens };
}

/** What refusing a call names as its cost: the price, or by tokens the prompt and the least reply. */
export function leastCost(p: ModelPricing, bounds: CallBounds): number {
  if (p.mode === 'call') return p.callCost;
  const least = Math.min(Math.max(1, bounds.maxCompletionTokens), bounds.minCompletionTokens);
  return tokensCost(p.tokenPrice, bounds.promptTokens, least);
}

/** What a finished (or partly delivered) call costs: its price, or by tokens what it used. */
export function chargeCost(
  p: ModelPricing,
  usage: { promptTokens: number; completionTokens: number },
): number {
  return p.mode === 'call'
    ? p.callCost
    : tokensCost(p.tokenPrice, usage.promptTokens, usage.completionTokens);
}
