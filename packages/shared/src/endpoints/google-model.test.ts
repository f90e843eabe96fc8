import { describe, expect, it } from 'vitest';
import { googleMaxOutputTokens, googleModelType } from './google-model';

describe('googleModelType', () => {
  it.each([
    ['gemini-pro', 'gemini'],
    ['gemini-pro-vision', 'gemini'],
    ['Gemini-1.5-Pro', 'gemini'],
    ['chat-bison', 'chat'],
    ['codechat-bison-32k', 'chat'],
    ['text-bison', 'codeText'],
    ['code-bison', 'codeText'],
    ['code-gecko', 'codeText'],
    ['text-unicorn', 'codeText'],
  ] as const)('%s is %s', (model, type) => {
    expect(googleModelType(model)).toBe(type);
  });

  it('caps maxOutputTokens at 8192 for gemini models and 2048 otherwise', () => {
    expect(googleMaxOutputTokens('gemini-pro')).toEqual({ max: 8192, default: 8192 });
    expect(googleMaxOutputTokens('chat-bison')).toEqual({ max: 2048, default: 1024 });
    expect(googleMaxOutputTokens('text-bison')).toEqual({ max: 2048, default: 1024 });
  });
});
