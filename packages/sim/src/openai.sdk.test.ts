import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { expect } from 'vitest';
import { providerSuite } from './testing/provider-suite';

providerSuite({
  name: 'OpenAI chat completions',
  provider: 'openai',
  model: (sim, apiKey) => createOpenAI({ baseURL: `${sim.url}/v1`, apiKey }).chat('gpt-4o-mini'),
  modelId: 'gpt-4o-mini',
  receivedKey: 'messages',
  maxTokensParam: 'max_tokens',
  checkRecord: (r) => {
    expect(r.path).toBe('/v1/chat/completions');
    expect(r.headers['authorization']).toBe('Bearer sk-sim-test-key');
  },
});

providerSuite({
  name: 'OpenAI-compatible custom endpoint',
  provider: 'openai-compatible',
  // includeUsage makes the SDK ask for the final usage chunk, as OpenAI's own adapter always does.
  model: (sim, apiKey) =>
    createOpenAICompatible({
      name: 'custom',
      baseURL: `${sim.url}/custom/api/v1`,
      apiKey,
      includeUsage: true,
    })('my-local-model'),
  modelId: 'my-local-model',
  receivedKey: 'messages',
  maxTokensParam: 'max_tokens',
  checkRecord: (r) => expect(r.path).toBe('/custom/api/v1/chat/completions'),
});
