// What the no-provider notice shows: the server settings that turn each endpoint on. The variable names are
// the server's (README "Configuration"); the values are placeholders to replace.

export interface ProviderSetting {
  /** The provider's own name, shown as is in every language. */
  name: string;
  /** Lines for the server's environment (or its .env file). */
  snippet: string;
}

export const PROVIDER_SETTINGS: readonly ProviderSetting[] = [
  { name: 'OpenAI', snippet: 'OPENAI_API_KEY=sk-...' },
  { name: 'Anthropic', snippet: 'ANTHROPIC_API_KEY=sk-ant-...' },
  { name: 'Google', snippet: 'GOOGLE_KEY=...' },
  {
    name: 'Azure OpenAI',
    snippet: [
      'AZURE_API_KEY=...',
      'AZURE_OPENAI_API_INSTANCE_NAME=my-instance',
      'AZURE_OPENAI_API_DEPLOYMENT_NAME=my-deployment',
      'AZURE_OPENAI_API_VERSION=2024-02-01',
    ].join('\n'),
  },
];

/** A custom endpoint in parley.yaml (LibreChat's format): any OpenAI-compatible service. */
export const CUSTOM_ENDPOINT_SNIPPET = [
  'version: 1.0.3',
  'endpoints:',
  '  custom:',
  '    - name: "Mistral"',
  '      apiKey: "${MISTRAL_API_KEY}"',
  '      baseURL: "https://api.mistral.ai/v1"',
  '      models:',
  '        default: ["mistral-small-latest"]',
].join('\n');

export const USER_PROVIDED_SNIPPET = 'OPENAI_API_KEY=user_provided';

export const DEMO_SNIPPET = 'npm run demo';
