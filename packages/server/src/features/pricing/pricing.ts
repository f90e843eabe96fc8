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

/** What a call is held for before it starts: its price, or by tokens the prompt and a reserve for the reply. */
export function holdCost(p: ModelPricing, promptTokens: number, completionReserve: number): number {
  return p.mode === 'call' ? p.callCost : tokensCost(p.tokenPrice, promptTokens, completionReserve);
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
