import { describe, expect, it } from 'vitest';
import { offersTemporaryChat } from './temporary-chat-rules';

describe('offersTemporaryChat', () => {
  it('offers the switch on the chat endpoints, not on an assistant’s chat', () => {
    for (const endpoint of [
      'openAI',
      'azureOpenAI',
      'anthropic',
      'google',
      'gptPlugins',
      'DeepSeek',
      undefined,
    ]) {
      expect(offersTemporaryChat(endpoint)).toBe(true);
    }
    expect(offersTemporaryChat('assistants')).toBe(false);
  });
});
