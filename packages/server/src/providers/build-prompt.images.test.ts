import { describe, expect, it } from 'vitest';
import { promptTakesImages, type PromptTurn } from './build-prompt';
import { customEndpoint, providersConfig, simProviders } from './provider-config.test-helpers';
import { createProviderRegistry } from './registry';

const registry = createProviderRegistry(
  providersConfig(simProviders({ url: 'http://sim.test' }), [
    customEndpoint({ name: 'Flat', forcePrompt: true }),
    customEndpoint({ name: 'Local' }),
  ]),
);
const png = { data: new Uint8Array([0x89, 0x50, 0x4e, 0x47]), mediaType: 'image/png' };
const jpeg = { data: new Uint8Array([0xff, 0xd8, 0xff]), mediaType: 'image/jpeg' };
const history: PromptTurn[] = [
  { role: 'user', content: 'Old', images: [jpeg] },
  { role: 'assistant', content: 'A cat' },
  { role: 'user', content: 'And this?', images: [png] },
];
const filePart = (image: typeof png, providerOptions?: unknown) => ({
  type: 'file',
  mediaType: image.mediaType,
  data: { type: 'data', data: image.data },
  ...(providerOptions ? { providerOptions } : {}),
});

describe('buildPrompt with images', () => {
  it('sends a user turn as its text then its images, with the detail where OpenAI and Azure read it', () => {
    for (const endpoint of ['openAI', 'azureOpenAI']) {
      const built = registry.buildPrompt(endpoint, { model: 'gpt-4o', history, imageDetail: 'low' });
      expect(built.messages).toEqual([
        {
          role: 'user',
          content: [{ type: 'text', text: 'Old' }, filePart(jpeg, { openai: { imageDetail: 'low' } })],
        },
        { role: 'assistant', content: 'A cat' },
        {
          role: 'user',
          content: [{ type: 'text', text: 'And this?' }, filePart(png, { openai: { imageDetail: 'low' } })],
        },
      ]);
    }
  });

  it('defaults the detail to auto; custom endpoints carry it for the OpenAI-compatible adapter', () => {
    const openAI = registry.buildPrompt('openAI', { model: 'gpt-4o', history: history.slice(2) });
    expect(openAI.messages[0]!.content).toContainEqual(filePart(png, { openai: { imageDetail: 'auto' } }));
    const custom = registry.buildPrompt('Local', {
      model: 'llava',
      history: history.slice(2),
      imageDetail: 'high',
    });
    expect(custom.messages[0]!.content).toContainEqual(
      filePart(png, { openaiCompatible: { detail: 'high' } }),
    );
  });

  it('gives Anthropic and Google plain file parts (they have no detail setting)', () => {
    for (const [endpoint, model] of [
      ['anthropic', 'claude-3-opus-20240229'],
      ['google', 'gemini-1.5-pro'],
    ] as const) {
      const built = registry.buildPrompt(endpoint, { model, history: history.slice(2), imageDetail: 'low' });
      expect(built.messages).toEqual([
        { role: 'user', content: [{ type: 'text', text: 'And this?' }, filePart(png)] },
      ]);
    }
  });

  it('leaves images out of a prompt flattened into one text', () => {
    const flat = registry.buildPrompt('Flat', { model: 'llava', history });
    expect(flat.messages).toEqual([
      { role: 'user', content: 'User: Old\n\nAssistant: A cat\n\nUser: And this?\n\nAssistant:' },
    ]);
  });
});

describe('promptTakesImages', () => {
  const entry = (name: string) => registry.getEndpoint(name)!;

  it('is true for vision models whose prompt is chat turns', () => {
    expect(promptTakesImages(entry('openAI'), 'gpt-4o')).toBe(true);
    expect(promptTakesImages(entry('azureOpenAI'), 'gpt-4-vision-preview')).toBe(true);
    expect(promptTakesImages(entry('anthropic'), 'claude-3-haiku-20240307')).toBe(true);
    expect(promptTakesImages(entry('google'), 'gemini-1.5-flash')).toBe(true);
    expect(promptTakesImages(entry('Local'), 'llava')).toBe(true);
  });

  it('is false for other models and for flattened prompts', () => {
    expect(promptTakesImages(entry('openAI'), 'gpt-3.5-turbo')).toBe(false);
    expect(promptTakesImages(entry('anthropic'), 'claude-2.1')).toBe(false);
    expect(promptTakesImages(entry('google'), 'text-bison')).toBe(false);
    expect(promptTakesImages(entry('Flat'), 'llava')).toBe(false);
  });
});
