import { describe, expect, it } from 'vitest';
import { mergeFileConfig, type EndpointsConfig, type ModelsConfig } from '@parley/shared';
import { cardTarget, LANDING_CARDS, meetsNeed, type CardContext } from './landing-cards';

const entry = (type: string, order: number, userProvide = false) => ({
  type,
  userProvide,
  userProvideURL: false,
  azure: false,
  order,
});
const config: EndpointsConfig = {
  openAI: entry('openAI', 0),
  google: entry('google', 2),
  anthropic: entry('anthropic', 3, true),
  Mirror: entry('custom', 4),
};
const models: ModelsConfig = {
  openAI: ['gpt-3.5-turbo', 'gpt-4'],
  google: ['chat-bison', 'gemini-1.5-pro'],
  anthropic: ['claude-3-haiku-20240307'],
  Mirror: ['mirror-small'],
};
const fileConfig = mergeFileConfig(null);
const ctx = (current: CardContext['current'], over: Partial<CardContext> = {}): CardContext => ({
  current,
  config,
  models,
  fileConfig,
  ...over,
});

describe('LANDING_CARDS', () => {
  it('asks only for what Parley can tell of a model', () => {
    expect(LANDING_CARDS.map((c) => `${c.id}:${c.needs}`)).toEqual([
      'plan:any',
      'code:any',
      'image:vision',
      'summary:longContext',
    ]);
  });
});

describe('meetsNeed', () => {
  it('reads vision from the model name and the endpoint’s upload rules', () => {
    expect(meetsNeed('vision', { endpoint: 'openAI', model: 'gpt-4o' }, fileConfig)).toBe(true);
    expect(meetsNeed('vision', { endpoint: 'openAI', model: 'gpt-3.5-turbo' }, fileConfig)).toBe(false);
    const noUploads = mergeFileConfig({ endpoints: { openAI: { disabled: true } } });
    expect(meetsNeed('vision', { endpoint: 'openAI', model: 'gpt-4o' }, noUploads)).toBe(false);
    const noImages = mergeFileConfig({ endpoints: { default: { supportedMimeTypes: ['^text/'] } } });
    expect(meetsNeed('vision', { endpoint: 'google', model: 'gemini-1.5-pro' }, noImages)).toBe(false);
  });

  it('takes a model the operator marked as reading images on its endpoint', () => {
    const marked = { ...config, Mirror: { ...config.Mirror!, visionModels: ['mirror-*'] } };
    const mirror = { endpoint: 'Mirror', model: 'mirror-small' };
    expect(meetsNeed('vision', mirror, fileConfig)).toBe(false);
    expect(meetsNeed('vision', mirror, fileConfig, marked)).toBe(true);
    // A mark is the endpoint's own: another endpoint's model of that name is not marked.
    expect(meetsNeed('vision', { endpoint: 'openAI', model: 'mirror-small' }, fileConfig, marked)).toBe(
      false,
    );
  });

  it('reads a long context from the context-window table', () => {
    expect(meetsNeed('longContext', { endpoint: 'google', model: 'gemini-1.5-pro' }, fileConfig)).toBe(true);
    expect(meetsNeed('longContext', { endpoint: 'openAI', model: 'gpt-4-turbo' }, fileConfig)).toBe(true);
    expect(meetsNeed('longContext', { endpoint: 'openAI', model: 'gpt-4' }, fileConfig)).toBe(false);
    expect(meetsNeed('longContext', { endpoint: 'Mirror', model: 'mirror-small' }, fileConfig)).toBe(false);
  });
});

describe('cardTarget', () => {
  it('keeps the current model when it can do the job, and never switches for a card any model can do', () => {
    expect(cardTarget('vision', ctx({ endpoint: 'google', model: 'gemini-1.5-pro' }))).toBe('current');
    expect(cardTarget('any', ctx({ endpoint: 'Mirror', model: 'mirror-small' }))).toBe('current');
    expect(cardTarget('any', ctx({}, { config: undefined, models: undefined }))).toBe('current');
  });

  it('tries the current endpoint’s other models first', () => {
    const both = { ...models, openAI: ['gpt-3.5-turbo', 'gpt-4o'] };
    expect(
      cardTarget('vision', ctx({ endpoint: 'openAI', model: 'gpt-3.5-turbo' }, { models: both })),
    ).toEqual({
      endpoint: 'openAI',
      model: 'gpt-4o',
    });
    expect(cardTarget('vision', ctx({ endpoint: 'google', model: 'chat-bison' }))).toEqual({
      endpoint: 'google',
      model: 'gemini-1.5-pro',
    });
  });

  it('then the other endpoints in menu order, the user-keyed ones last', () => {
    expect(cardTarget('vision', ctx({ endpoint: 'openAI', model: 'gpt-4' }))).toEqual({
      endpoint: 'google',
      model: 'gemini-1.5-pro',
    });
    const anthropicOnly = { ...models, google: ['chat-bison'] };
    expect(
      cardTarget('vision', ctx({ endpoint: 'openAI', model: 'gpt-4' }, { models: anthropicOnly })),
    ).toEqual({
      endpoint: 'anthropic',
      model: 'claude-3-haiku-20240307',
    });
    // A new chat not yet set up looks at every endpoint in the same order.
    expect(cardTarget('longContext', ctx({}))).toEqual({ endpoint: 'google', model: 'gemini-1.5-pro' });
  });

  it('hides the card when no configured model can do it, and while nothing is known', () => {
    const plain = { openAI: ['gpt-3.5-turbo'], Mirror: ['mirror-small'] };
    const onlyPlain = { openAI: config.openAI!, Mirror: config.Mirror! };
    const current = { endpoint: 'openAI', model: 'gpt-3.5-turbo' };
    expect(cardTarget('vision', ctx(current, { config: onlyPlain, models: plain }))).toBeNull();
    expect(cardTarget('longContext', ctx(current, { config: onlyPlain, models: plain }))).toBeNull();
    expect(cardTarget('vision', ctx({}, { config: {}, models: {} }))).toBeNull();
    expect(cardTarget('vision', ctx({}, { config: undefined, models: undefined }))).toBeNull();
  });
});
