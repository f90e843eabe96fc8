import { createAnthropic } from '@ai-sdk/anthropic';
import { expect } from 'vitest';
import { providerSuite } from './testing/provider-suite';

providerSuite({
  name: 'Anthropic messages',
  provider: 'anthropic',
  model: (sim, apiKey) => createAnthropic({ baseURL: `${sim.url}/v1`, apiKey })('claude-sonnet-4-5'),
  modelId: 'claude-sonnet-4-5',
  receivedKey: 'messages',
  maxTokensParam: 'max_tokens',
  checkRecord: (r) => {
    expect(r.path).toBe('/v1/messages');
    expect(r.headers['x-api-key']).toBe('sk-sim-test-key');
    expect(r.headers['anthropic-version']).toBeDefined();
  },
});
