import { describe, expect, it } from 'vitest';
import { modelsByClass } from './model-classes';

describe('modelsByClass', () => {
  const models = {
    openAI: ['gpt-4o', 'gpt-3.5-turbo', 'gpt-4o-mini', 'o1-mini'],
    anthropic: ['claude-3-opus-20240229', 'claude-3-5-sonnet', 'claude-3-5-haiku-latest'],
    azureOpenAI: ['gpt-4o'],
    google: ['gemini-2.0-flash', 'gemini-2.5-pro'],
    deepseek: ['deepseek-chat'],
  };

  it("splits the server's models by the built-in table, each name once, sorted", () => {
    expect(modelsByClass(models, [])).toEqual({
      gpt4: ['claude-3-5-sonnet', 'claude-3-opus-20240229', 'gemini-2.5-pro', 'gpt-4o'],
      gpt3: [
        'claude-3-5-haiku-latest',
        'deepseek-chat',
        'gemini-2.0-flash',
        'gpt-3.5-turbo',
        'gpt-4o-mini',
        'o1-mini',
      ],
    });
  });

  it("lets the operator's rules, as the startup config gives them, win", () => {
    const rules = [
      { pattern: 'o1-mini', class: 'gpt-4' as const },
      { pattern: 'claude-*', class: 'gpt-3' as const },
    ];
    const { gpt4, gpt3 } = modelsByClass(models, rules);
    expect(gpt4).toEqual(['gemini-2.5-pro', 'gpt-4o', 'o1-mini']);
    expect(gpt3).toContain('claude-3-opus-20240229');
  });
});
