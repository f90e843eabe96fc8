import { describe, expect, it } from 'vitest';
import { mergeFileConfig, type EndpointsConfig } from '@parley/shared';
import { visionAdvice } from './vision-rules';

const entry = (type: string, order: number, visionModels?: string[]) => ({
  type,
  userProvide: false,
  userProvideURL: false,
  azure: false,
  order,
  ...(visionModels ? { visionModels } : {}),
});
const config: EndpointsConfig = { DeepSeek: entry('custom', 0), openAI: entry('openAI', 1) };
const models = { DeepSeek: ['deepseek-chat', 'deepseek-vl2'], openAI: ['gpt-3.5-turbo', 'gpt-4o'] };
const fileConfig = mergeFileConfig(null);
const png = { type: 'image/png' };
const advice = (
  current: { endpoint?: string; model?: string },
  files: { type: string }[] = [png],
  cfg: EndpointsConfig = config,
) => visionAdvice({ files, ctx: { current, config: cfg, models, fileConfig } });

describe('visionAdvice', () => {
  it('says nothing without an image, or for a model that reads images', () => {
    expect(advice({ endpoint: 'DeepSeek', model: 'deepseek-chat' }, [{ type: 'text/plain' }])).toBeNull();
    expect(advice({ endpoint: 'openAI', model: 'gpt-4o' })).toBeNull();
    expect(advice({ endpoint: 'DeepSeek' })).toBeNull();
  });

  it('names the model that cannot read the image and offers the first one that can', () => {
    expect(advice({ endpoint: 'DeepSeek', model: 'deepseek-chat' })).toEqual({
      model: 'deepseek-chat',
      switchTo: { endpoint: 'openAI', model: 'gpt-4o' },
    });
  });

  it("counts the operator's marks, and prefers a marked model of the current endpoint", () => {
    const marked = { ...config, DeepSeek: entry('custom', 0, ['deepseek-vl*']) };
    expect(advice({ endpoint: 'DeepSeek', model: 'deepseek-vl2' }, [png], marked)).toBeNull();
    expect(advice({ endpoint: 'DeepSeek', model: 'deepseek-chat' }, [png], marked)).toEqual({
      model: 'deepseek-chat',
      switchTo: { endpoint: 'DeepSeek', model: 'deepseek-vl2' },
    });
  });

  it('offers no switch when no configured model reads images', () => {
    const blind = { DeepSeek: entry('custom', 0) };
    expect(advice({ endpoint: 'DeepSeek', model: 'deepseek-chat' }, [png], blind)).toEqual({
      model: 'deepseek-chat',
      switchTo: null,
    });
  });
});
