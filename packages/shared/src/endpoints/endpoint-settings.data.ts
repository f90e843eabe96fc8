import type { EndpointSetting, EndpointSettingsData, NumberSetting } from './endpoint-settings.types';

/** The fallback model and reply label (docs/reference/endpoints-and-models.md (Model lists)). */
export const FALLBACK_MODEL = 'gpt-3.5-turbo';
export const FALLBACK_MODEL_LABEL = 'ChatGPT';

/** Image detail has three steps (docs/reference/endpoints-and-models.md (Endpoint settings)). */
export const IMAGE_DETAIL_STEPS = ['auto', 'low', 'high'] as const;

/** Bing tone options (docs/reference/endpoints-and-models.md (Endpoint settings)). */
export const BING_TONE_STYLES = ['creative', 'fast', 'balanced', 'precise'] as const;
/** Above about this many tokens the Bing service may refuse a context (the settings panel warns). */
export const BING_CONTEXT_WARN_TOKENS = 7000;

/** The kinds of endpoint settings exist for; a custom endpoint uses `custom`. */
export const ENDPOINT_KINDS = [
  'openAI',
  'azureOpenAI',
  'custom',
  'google',
  'anthropic',
  'gptPlugins',
  'chatGPTBrowser',
  'bingAI',
  'assistants',
] as const;
export type EndpointKind = (typeof ENDPOINT_KINDS)[number];

const num = (
  key: NumberSetting['key'],
  min: number,
  max: number,
  step: number,
  dflt: number,
  call?: NumberSetting['call'],
): NumberSetting => ({ kind: 'number', key, min, max, step, default: dflt, call });

/**
 * OpenAI-style sliders; the temperature default differs by endpoint
 * (docs/reference/endpoints-and-models.md (Endpoint settings)).
 */
const openAIStyle = (temperature: number): EndpointSetting[] => [
  num('temperature', 0, 2, 0.01, temperature, 'temperature'),
  num('top_p', 0, 1, 0.01, 1, 'topP'),
  num('frequency_penalty', -2, 2, 0.01, 0, 'frequencyPenalty'),
  num('presence_penalty', -2, 2, 0.01, 0, 'presencePenalty'),
];

const openAIChat: EndpointSettingsData = {
  defaults: {
    model: FALLBACK_MODEL,
    temperature: 1,
    top_p: 1,
    frequency_penalty: 0,
    presence_penalty: 0,
    resendImages: false,
    imageDetail: 'auto',
  },
  settings: [
    { kind: 'text', key: 'chatGptLabel' },
    { kind: 'text', key: 'promptPrefix' },
    ...openAIStyle(1),
    { kind: 'boolean', key: 'resendImages', default: false },
    { kind: 'enum', key: 'imageDetail', options: IMAGE_DETAIL_STEPS, default: 'auto' },
  ],
};

/**
 * Per-endpoint defaults, ranges and settings (docs/reference/endpoints-and-models.md (Endpoint settings)). The server
 * validates against this and the web renders settings panels from it. Google's maxOutputTokens depends on the model:
 * see `endpointSettings`.
 */
export const ENDPOINT_SETTINGS: Record<EndpointKind, EndpointSettingsData> = {
  openAI: openAIChat,
  azureOpenAI: openAIChat,
  custom: openAIChat,
  google: {
    defaults: {
      model: 'chat-bison',
      maxOutputTokens: 1024,
      temperature: 0.2,
      topP: 0.8,
      topK: 40,
      examples: [{ input: { content: '' }, output: { content: '' } }],
    },
    settings: [
      { kind: 'text', key: 'modelLabel' },
      { kind: 'text', key: 'promptPrefix' },
      { kind: 'examples', key: 'examples' },
      num('temperature', 0, 1, 0.01, 0.2, 'temperature'),
      num('maxOutputTokens', 1, 2048, 1, 1024, 'maxOutputTokens'),
      num('topP', 0, 1, 0.01, 0.8, 'topP'),
      num('topK', 1, 40, 1, 40, 'topK'),
    ],
  },
  anthropic: {
    defaults: { model: 'claude-1', temperature: 1, maxOutputTokens: 4000, topP: 0.7, topK: 5 },
    settings: [
      { kind: 'text', key: 'modelLabel' },
      { kind: 'text', key: 'promptPrefix' },
      num('temperature', 0, 1, 0.01, 1, 'temperature'),
      num('maxOutputTokens', 1, 4000, 1, 4000, 'maxOutputTokens'),
      num('topP', 0, 1, 0.01, 0.7, 'topP'),
      num('topK', 1, 40, 1, 5, 'topK'),
    ],
  },
  gptPlugins: {
    defaults: {
      model: FALLBACK_MODEL,
      temperature: 0.8,
      top_p: 1,
      frequency_penalty: 0,
      presence_penalty: 0,
      tools: [],
      agentOptions: { agent: 'functions', skipCompletion: true, model: FALLBACK_MODEL, temperature: 0 },
    },
    settings: [
      { kind: 'text', key: 'chatGptLabel' },
      { kind: 'text', key: 'promptPrefix' },
      ...openAIStyle(0.8),
      { kind: 'enum', key: 'agentOptions.agent', options: ['functions', 'classic'], default: 'functions' },
      { kind: 'model', key: 'agentOptions.model' },
      { kind: 'boolean', key: 'agentOptions.skipCompletion', default: true },
      num('agentOptions.temperature', 0, 2, 0.01, 0),
    ],
  },
  chatGPTBrowser: { defaults: { model: 'text-davinci-002-render-sha' }, settings: [] },
  bingAI: {
    defaults: { model: 'BingAI', toneStyle: 'creative', jailbreak: false },
    settings: [
      { kind: 'enum', key: 'toneStyle', options: BING_TONE_STYLES, default: 'creative' },
      { kind: 'boolean', key: 'jailbreak', default: false },
      { kind: 'text', key: 'context', tokenCount: { warnAbove: BING_CONTEXT_WARN_TOKENS } },
      { kind: 'text', key: 'systemMessage' },
    ],
  },
  assistants: { defaults: { model: FALLBACK_MODEL }, settings: [] },
};
