import { describe, expect, it } from 'vitest';
import { BUILT_IN_CLASS_RULES, builtInModelClass, modelClass, namePattern } from './model-class';

// docs/reference/balance.md (Model classes)
describe('the built-in model classes', () => {
  it.each([
    // OpenAI: the small ones by name, the reasoning minis included; the flagships large.
    'gpt-3.5-turbo',
    'gpt-3.5-turbo-0125',
    'net-gpt-3.5-turbo-16k',
    'gpt-35-turbo',
    'gpt-4o-mini',
    'gpt-4o-mini-2024-07-18',
    'gpt-4.1-mini',
    'gpt-4.1-nano',
    'gpt-5-mini',
    'gpt-5-nano',
    'o1-mini',
    'o3-mini',
    'o4-mini',
    'openai/gpt-4o-mini',
    // Anthropic's Haiku (old and new naming) and Instant.
    'claude-3-haiku-20240307',
    'claude-3-5-haiku-20241022',
    'claude-3-5-haiku-latest',
    'claude-haiku-4-5',
    'claude-instant-1.2',
    // Google's Flash and Flash-Lite.
    'gemini-2.0-flash',
    'gemini-2.0-flash-001',
    'gemini-2.5-flash',
    'gemini-2.5-flash-lite',
    'gemini-1.5-flash-8b',
    // Chinese hosts' small tiers.
    'deepseek-chat',
    'deepseek-ai/DeepSeek-V3',
    'qwen-turbo',
    'qwen-plus-latest',
    'glm-4-flash',
    'glm-4-flashx',
    'glm-4-air',
    'glm-4.5-air',
    'ernie-speed-128k',
    'ernie-lite-8k',
    'doubao-lite-32k',
    // Others' small ones and small open models.
    'mistral-small-latest',
    'mistral-tiny',
    'grok-3-mini',
    'phi3:mini',
    'llama-3.1-8b-instant',
    'llama3.2:3b',
    'qwen2.5:7b',
    'gemma-2-9b-it',
    'deepseek-r1-distill-qwen-1.5b',
  ])('%s is a small model: gpt-3', (model) => {
    expect(modelClass(model)).toBe('gpt-3');
  });

  it.each([
    'gpt-4',
    'gpt-4-1106-preview',
    'gpt-4-turbo',
    'gpt-4o',
    'gpt-4o-2024-08-06',
    'chatgpt-4o-latest',
    'gpt-4.1',
    'gpt-5',
    'o1',
    'o1-preview',
    'o3',
    'claude-3-opus-20240229',
    'claude-opus-4-1',
    'claude-3-5-sonnet-latest',
    'claude-sonnet-4-5',
    'gemini-pro',
    'gemini-1.5-pro-002',
    'gemini-2.5-pro',
    'gemini-2.5-flash-image-preview',
    'deepseek-reasoner',
    'deepseek-r1',
    'qwen-max',
    'qwen3-max',
    'qwen-vl-max',
    'glm-4-plus',
    'mistral-large-latest',
    'llama3.1:70b',
    'qwen2.5-72b-instruct',
    'mixtral-8x7b',
    // A model nobody knows: large, so a new dear model is never sold at the small price.
    'llava',
    'my-company-model',
  ])('%s is a large model: gpt-4', (model) => {
    expect(modelClass(model)).toBe('gpt-4');
  });

  it('does not read small words inside other words', () => {
    // "gemini" holds "mini", "minimax" starts with it: neither is a size word.
    expect(builtInModelClass('gemini-exp-1206')).toBe('gpt-4');
    expect(builtInModelClass('minimax-text-01')).toBe('gpt-4');
    expect(builtInModelClass('abab-minimax')).toBe('gpt-4');
    // Sizes of 10B and more are large; 9B and less small.
    expect(builtInModelClass('gemma-3-12b-it')).toBe('gpt-4');
    expect(builtInModelClass('gemma-3-4b-it')).toBe('gpt-3');
  });

  it('ignores case', () => {
    expect(modelClass('GPT-4o-Mini')).toBe('gpt-3');
    expect(modelClass('Claude-Sonnet-4-5')).toBe('gpt-4');
  });

  it('every row of the table is reached and has a reason', () => {
    const samples = [
      'gemini-2.5-flash-image',
      'claude-sonnet-4-5',
      'gemini-2.5-pro',
      'qwen-max',
      'deepseek-reasoner',
      'mistral-large-2411',
      'glm-4-plus',
      'gpt-3.5-turbo',
      'text-davinci-002-render-sha',
      'gpt-4o-mini',
      'llama-3.1-8b-instant',
      'claude-instant-1.2',
      'deepseek-chat',
      'qwen-turbo',
      'glm-4-air',
      'ernie-speed-8k',
    ];
    const reached = samples.map((m) => BUILT_IN_CLASS_RULES.findIndex((rule) => rule.match.test(m)));
    expect(new Set(reached)).toEqual(new Set(BUILT_IN_CLASS_RULES.map((_, i) => i)));
    for (const rule of BUILT_IN_CLASS_RULES) expect(rule.why.length).toBeGreaterThan(5);
  });
});

describe("the operator's rules", () => {
  it('win over the built-in table, the first that matches', () => {
    const rules = [
      { pattern: 'gpt-4o-mini', class: 'gpt-4' as const },
      { pattern: 'my-local-*', class: 'gpt-3' as const },
      { pattern: 'deepseek-*', class: 'gpt-4' as const },
      { pattern: 'deepseek-chat', class: 'gpt-3' as const },
    ];
    expect(modelClass('gpt-4o-mini', rules)).toBe('gpt-4');
    expect(modelClass('GPT-4O-MINI', rules)).toBe('gpt-4');
    expect(modelClass('my-local-llama-70b', rules)).toBe('gpt-3');
    // The first rule that matches decides, in the order given.
    expect(modelClass('deepseek-chat', rules)).toBe('gpt-4');
    // Models no rule names keep the built-in class.
    expect(modelClass('gpt-4.1-nano', rules)).toBe('gpt-3');
    expect(modelClass('gpt-4o', rules)).toBe('gpt-4');
  });

  it('are names with `*` for any run of characters, everything else literal', () => {
    expect(namePattern('gpt-4.1*').test('gpt-4.1-mini')).toBe(true);
    expect(namePattern('gpt-4.1*').test('gpt-4x1')).toBe(false);
    expect(namePattern('claude-*opus*').test('claude-3-opus-20240229')).toBe(true);
  });
});
