import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { expect } from 'vitest';
import { providerSuite } from './testing/provider-suite';

providerSuite({
  name: 'Gemini generateContent',
  provider: 'gemini',
  model: (sim, apiKey) => createGoogleGenerativeAI({ baseURL: `${sim.url}/v1beta`, apiKey })('gemini-pro'),
  modelId: 'gemini-pro',
  receivedKey: 'contents',
  maxTokensParam: 'maxOutputTokens',
  checkRecord: (r) => {
    expect(r.path).toBe('/v1beta/models/gemini-pro:generateContent');
    expect(r.headers['x-goog-api-key']).toBe('sk-sim-test-key');
  },
});
