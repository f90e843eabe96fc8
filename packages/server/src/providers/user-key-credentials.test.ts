import { describe, expect, it } from 'vitest';
import { customEndpoint, providersConfig } from './provider-config.test-helpers';
import { createProviderRegistry } from './registry';
import { userKeyCredentials } from './user-key-credentials';

const registry = createProviderRegistry(
  providersConfig(
    {
      openAI: { apiKey: 'user_provided' },
      azureOpenAI: { apiKey: 'user_provided', instanceName: 'ops-instance', apiVersion: '2024-02-01' },
      google: { apiKey: 'user_provided' },
    },
    [customEndpoint({ apiKey: 'user_provided', baseURL: 'user_provided' })],
  ),
);
const entry = (name: string) => registry.getEndpoint(name)!;

describe('userKeyCredentials', () => {
  it('a plain key is the API key', () => {
    expect(userKeyCredentials(entry('openAI'), 'sk-mine')).toEqual({ apiKey: 'sk-mine' });
  });

  it("Azure's JSON fields, leaving out unset ones so the operator's values apply", () => {
    const value = JSON.stringify({ azureOpenAIApiKey: 'az', azureOpenAIApiDeploymentName: 'dep' });
    expect(userKeyCredentials(entry('azureOpenAI'), value)).toEqual({
      azure: { apiKey: 'az', deploymentName: 'dep' },
    });
  });

  it('Google: a key string, or a service-account JSON', () => {
    expect(userKeyCredentials(entry('google'), 'g-key')).toEqual({ google: { apiKey: 'g-key' } });
    const account = { client_email: 'a@b.iam', project_id: 'p', private_key: 'k' };
    expect(userKeyCredentials(entry('google'), JSON.stringify(account))).toEqual({
      google: { serviceAccount: account },
    });
  });

  it("a custom endpoint's {apiKey, baseURL}", () => {
    const value = JSON.stringify({ apiKey: 'c-key', baseURL: 'https://api.example/v1' });
    expect(userKeyCredentials(entry('Mistral'), value)).toEqual({
      apiKey: 'c-key',
      baseURL: 'https://api.example/v1',
    });
  });
});
