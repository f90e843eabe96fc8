import { describe, expect, it } from 'vitest';
import { callsTools, isToolModel } from './tool-models';

describe('models that call tools', () => {
  it('knows the families that call tools, dated variants included', () => {
    for (const model of [
      'gpt-3.5-turbo',
      'gpt-3.5-turbo-0125',
      'gpt-4',
      'gpt-4o-2024-05-13',
      'gpt-4.1-mini',
      'gpt-5',
      'o1',
      'o3',
      'o3-mini',
      'o3-mini-2025-01-31',
      'o4-mini',
      'claude-3-5-sonnet-20241022',
      'claude-sonnet-4-5',
      'gemini-2.5-flash',
      'gemini-1.5-pro',
      'deepseek-chat',
      'qwen-max',
      'glm-4-plus',
      'moonshot-v1-8k',
      'mistral-large-latest',
    ]) {
      expect({ model, tools: isToolModel(model) }).toEqual({ model, tools: true });
    }
  });

  it('leaves out models that cannot', () => {
    for (const model of [
      'gpt-3.5-turbo-instruct',
      'gpt-4-vision-preview',
      'o1-mini',
      'o1-preview',
      'claude-2.1',
      'gemini-pro',
      'llava',
      '',
    ]) {
      expect({ model, tools: isToolModel(model) }).toEqual({ model, tools: false });
    }
  });

  it("adds the operator's marks, names or * patterns", () => {
    expect(callsTools('my-agent-7b', undefined)).toBe(false);
    expect(callsTools('my-agent-7b', ['my-agent-*'])).toBe(true);
    expect(callsTools('llama-3.1-70b', ['llama-3.1-70b'])).toBe(true);
    expect(callsTools(null, ['*'])).toBe(false);
  });
});
