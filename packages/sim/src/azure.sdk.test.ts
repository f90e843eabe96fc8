import { createAzure } from '@ai-sdk/azure';
import { expect } from 'vitest';
import { providerSuite } from './testing/provider-suite';

providerSuite({
  name: 'Azure OpenAI (deployment URLs)',
  provider: 'azure',
  model: (sim, apiKey) =>
    createAzure({
      baseURL: `${sim.url}/openai`,
      apiKey,
      useDeploymentBasedUrls: true,
      apiVersion: '2024-10-21',
    }).chat('my-gpt4o'),
  modelId: 'my-gpt4o',
  receivedKey: 'messages',
  maxTokensParam: 'max_tokens',
  checkRecord: (r) => {
    expect(r.path).toBe('/openai/deployments/my-gpt4o/chat/completions');
    expect(r.deployment).toBe('my-gpt4o');
    expect(r.query['api-version']).toBe('2024-10-21');
    expect(r.headers['api-key']).toBe('sk-sim-test-key');
  },
});

providerSuite({
  name: 'Azure OpenAI (v1 URLs)',
  provider: 'azure',
  model: (sim, apiKey) => createAzure({ baseURL: `${sim.url}/openai/v1`, apiKey }).chat('gpt-4o'),
  modelId: 'gpt-4o',
  receivedKey: 'messages',
  maxTokensParam: 'max_tokens',
  checkRecord: (r) => expect(r.path).toBe('/openai/v1/chat/completions'),
});
