import { describe, expect, it } from 'vitest';
import { modelsByClass } from './model-classes';

describe('modelsByClass', () => {
  it("splits the server's models by its gpt-4 patterns, each name once, sorted", () => {
    const models = {
      openAI: ['gpt-4o', 'gpt-3.5-turbo', 'o1-mini'],
      anthropic: ['claude-3-opus-20240229', 'claude-3-5-sonnet'],
      azureOpenAI: ['gpt-4o'],
      deepseek: ['deepseek-chat'],
    };
    expect(modelsByClass(models, ['gpt-4*', 'o1*', 'claude-*opus*'])).toEqual({
      gpt4: ['claude-3-opus-20240229', 'gpt-4o', 'o1-mini'],
      gpt3: ['claude-3-5-sonnet', 'deepseek-chat', 'gpt-3.5-turbo'],
    });
  });

  it('puts every model in the gpt-3.5 class when there are no gpt-4 patterns', () => {
    expect(modelsByClass({ a: ['gpt-4o'] }, [])).toEqual({ gpt4: [], gpt3: ['gpt-4o'] });
  });
});
