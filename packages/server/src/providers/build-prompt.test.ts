import { describe, expect, it } from 'vitest';
import { customEndpoint, providersConfig } from './provider-config.test-helpers';
import { createProviderRegistry } from './registry';

const registry = createProviderRegistry(
  providersConfig({ openAI: { apiKey: 'sk' }, google: { apiKey: 'g' } }, [
    customEndpoint({ forcePrompt: true }),
  ]),
);
const history = [
  { role: 'user' as const, content: 'Hi' },
  { role: 'assistant' as const, content: 'Hello' },
  { role: 'user' as const, content: 'Tell me more' },
];

describe('buildPrompt', () => {
  it('puts system message and prompt prefix in the instructions, history as messages', () => {
    expect(
      registry.buildPrompt('openAI', { systemMessage: 'Be kind.', promptPrefix: 'Speak French.', history }),
    ).toEqual({
      instructions: 'Be kind.\n\nSpeak French.',
      messages: history,
    });
    expect(registry.buildPrompt('openAI', { history })).toEqual({ messages: history });
  });

  it('adds non-empty examples before the history for google chat-type models only', () => {
    const examples = [
      { input: { content: 'ping' }, output: { content: 'pong' } },
      { input: { content: '' }, output: { content: 'ignored' } },
    ];
    const chat = registry.buildPrompt('google', { model: 'chat-bison', examples, history });
    expect(chat.messages.slice(0, 2)).toEqual([
      { role: 'user', content: 'ping' },
      { role: 'assistant', content: 'pong' },
    ]);
    expect(chat.messages).toHaveLength(5);
    expect(registry.buildPrompt('google', { model: 'gemini-pro', examples, history }).messages).toEqual(
      history,
    );
  });

  it('flattens everything into one prompt for google code/text models and forcePrompt endpoints', () => {
    const flat = registry.buildPrompt('Mistral', { promptPrefix: 'Be brief.', modelLabel: 'Bot', history });
    expect(flat).toEqual({
      messages: [
        { role: 'user', content: 'Be brief.\n\nUser: Hi\n\nBot: Hello\n\nUser: Tell me more\n\nBot:' },
      ],
    });
    const text = registry.buildPrompt('google', { model: 'text-bison', history: [history[0]!] });
    expect(text.messages).toEqual([{ role: 'user', content: 'User: Hi\n\nAssistant:' }]);
  });
});
