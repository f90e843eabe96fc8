import { describe, expect, it } from 'vitest';
import { DEFAULT_BALANCE, readBalanceSettings } from '../../config/balance-settings';
import { modelFamily } from './model-family';
import { chargeCost, creditsHold, leastCost, priceOf, tokensCost } from './pricing';

const pricing = DEFAULT_BALANCE.pricing;

// docs/reference/balance.md (Model classes; Prices)
describe('model classes', () => {
  it.each([
    ['gpt-4', 'gpt-4'],
    ['gpt-4-1106-preview', 'gpt-4'],
    ['gpt-4o', 'gpt-4'],
    ['gpt-4-dalle', 'gpt-4'],
    ['o1-preview', 'gpt-4'],
    ['claude-3-opus-20240229', 'gpt-4'],
    ['claude-opus-4-1', 'gpt-4'],
    ['claude-3-5-sonnet-latest', 'gpt-4'],
    ['gemini-pro', 'gpt-4'],
    ['mistral-large', 'gpt-4'],
    ['gpt-3.5-turbo', 'gpt-3'],
    ['net-gpt-3.5-turbo-16k', 'gpt-3'],
    ['gpt-4o-mini', 'gpt-3'],
    ['o3-mini', 'gpt-3'],
    ['claude-3-5-haiku-20241022', 'gpt-3'],
    ['gemini-2.0-flash', 'gpt-3'],
  ] as const)('%s is counted as %s', (model, family) => {
    expect(modelFamily(model, pricing)).toBe(family);
  });

  it("lets the operator's balance section class any model: a model's own class, then gpt4Models", () => {
    const custom = readBalanceSettings(
      {},
      {
        version: '1.0.3',
        balance: {
          gpt4Models: ['mistral-*', 'gemini-*'],
          models: {
            'mistral-small*': { class: 'gpt-3' },
            'gpt-4o-mini': { class: 'gpt-4' },
            'gpt-4o*': { multiplier: 0.5 },
            'gpt-4.1*': { class: 'gpt-3' },
          },
        },
      },
    );
    expect(modelFamily('gpt-4o-mini', custom.pricing)).toBe('gpt-4');
    expect(modelFamily('gpt-4.1', custom.pricing)).toBe('gpt-3');
    // The model's own entry wins over a gpt4Models pattern.
    expect(modelFamily('mistral-small-latest', custom.pricing)).toBe('gpt-3');
    expect(modelFamily('mistral-medium', custom.pricing)).toBe('gpt-4');
    expect(modelFamily('gemini-2.0-flash', custom.pricing)).toBe('gpt-4');
    // An entry without a class (a multiplier only) leaves the class to the next rule, here the built-in table.
    expect(modelFamily('gpt-4o-2024-08-06', custom.pricing)).toBe('gpt-4');
    expect(modelFamily('gpt-5-nano', custom.pricing)).toBe('gpt-3');
    // Its price follows its class: gpt-4o-mini, made gpt-4, costs a gpt-4 call.
    expect(priceOf(custom.pricing, 'gpt-4o-mini')).toMatchObject({ family: 'gpt-4', callCost: 20000 });
  });
});

describe('prices', () => {
  it('prices a gpt-4 call at 20 times a gpt-3.5 call by default', () => {
    expect(priceOf(pricing, 'gpt-3.5-turbo')).toMatchObject({
      family: 'gpt-3',
      callCost: 1000,
      multiplier: 1,
    });
    expect(priceOf(pricing, 'gpt-4o')).toMatchObject({ family: 'gpt-4', callCost: 20000, multiplier: 20 });
  });

  it('applies per-model multipliers (exact names before patterns) and token prices', () => {
    const custom = readBalanceSettings(
      {},
      {
        version: '1.0.3',
        balance: {
          pricing: 'tokens',
          models: {
            'gpt-4o-mini': { multiplier: 0.1 },
            'gpt-4o*': { multiplier: 0.5 },
            'my-*': { prompt: 7, completion: 9 },
          },
        },
      },
    ).pricing;
    // gpt-4o-mini is of the gpt-3.5 class: a tenth of its price.
    expect(priceOf(custom, 'gpt-4o-mini')).toMatchObject({
      family: 'gpt-3',
      callCost: 100,
      tokenPrice: { prompt: 15, completion: 20 },
    });
    expect(priceOf(custom, 'gpt-4o-2024')).toMatchObject({ callCost: 10000, multiplier: 10 });
    expect(priceOf(custom, 'my-model').tokenPrice).toEqual({ prompt: 7, completion: 9 });
  });

  it('holds the call price, or by tokens the prompt and the reply the credits pay for; charges what was used', () => {
    const bounds = { promptTokens: 500, maxCompletionTokens: 4000, minCompletionTokens: 1000 };
    const call = priceOf(pricing, 'gpt-3.5-turbo');
    expect(creditsHold(call, bounds, 1000)).toEqual({ cost: 1000, completionTokens: null });
    expect(creditsHold(call, bounds, 999)).toBeUndefined();
    expect(chargeCost(call, { promptTokens: 9999, completionTokens: 9999 })).toBe(1000);
    const tokens = { ...priceOf(pricing, 'gpt-3.5-turbo'), mode: 'tokens' as const };
    // 500 prompt tokens at 150 per 1k, and the whole reply cap (4000) at 200 per 1k.
    expect(creditsHold(tokens, bounds, 100_000)).toEqual({ cost: 75 + 800, completionTokens: 4000 });
    // 500 units pay the prompt (75) and 2125 reply tokens (425 units): the reply is cut to them.
    expect(creditsHold(tokens, bounds, 500)).toEqual({ cost: 500, completionTokens: 2125 });
    // The prompt and the least reply (1000 tokens) cost 275: one unit less refuses.
    expect(creditsHold(tokens, bounds, 275)).toEqual({ cost: 275, completionTokens: 1000 });
    expect(creditsHold(tokens, bounds, 274)).toBeUndefined();
    expect(leastCost(tokens, bounds)).toBe(275);
    // A cap below the least reply is the least.
    expect(creditsHold(tokens, { ...bounds, maxCompletionTokens: 10 }, 77)).toEqual({
      cost: 77,
      completionTokens: 10,
    });
    expect(creditsHold(tokens, bounds, -5)).toBeUndefined();
    expect(chargeCost(tokens, { promptTokens: 10, completionTokens: 3 })).toBe(
      Math.ceil((1500 + 600) / 1000),
    );
    expect(Number.isInteger(tokensCost({ prompt: 1, completion: 1 }, 1, 1))).toBe(true);
  });
});
