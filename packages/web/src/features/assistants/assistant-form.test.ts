import { describe, expect, it } from 'vitest';
import type { Assistant } from '@parley/shared';
import {
  assistantFormSchema,
  assistantLabel,
  assistantPayload,
  assistantToForm,
  emptyAssistantForm,
} from './assistant-form';

const saved: Assistant = {
  id: 'asst_1',
  object: 'assistant',
  created_at: 1_700_000_000,
  name: 'Travel helper',
  description: null,
  instructions: 'Plan trips.\n\nAsk first.',
  model: 'gpt-4',
  tools: [
    { type: 'retrieval' },
    { type: 'function', function: { name: 'google' } },
    { type: 'function', function: { name: 'getWeather_action_api.example.com' } },
  ],
  file_ids: [],
  metadata: {},
};

describe('assistant form', () => {
  it('starts empty on the first model offered', () => {
    expect(emptyAssistantForm(['gpt-4', 'gpt-3.5-turbo'])).toEqual({
      name: '',
      description: '',
      instructions: '',
      model: 'gpt-4',
      code_interpreter: false,
      retrieval: false,
      functions: [],
    });
    expect(emptyAssistantForm([]).model).toBe('');
  });

  it("shows a saved assistant's capabilities and plugins, not its actions' functions", () => {
    expect(assistantToForm(saved)).toEqual({
      name: 'Travel helper',
      description: '',
      instructions: 'Plan trips.\n\nAsk first.',
      model: 'gpt-4',
      code_interpreter: false,
      retrieval: true,
      functions: ['google'],
    });
  });

  it('sends capabilities as tool objects, plugins by key once, and cleared texts as null', () => {
    const values = {
      ...assistantToForm(saved),
      code_interpreter: true,
      functions: ['google', 'google', 'wolfram'],
    };
    expect(assistantPayload({ ...values, name: '  ', description: 'Trips' })).toEqual({
      name: null,
      description: 'Trips',
      instructions: 'Plan trips.\n\nAsk first.',
      model: 'gpt-4',
      tools: [{ type: 'code_interpreter' }, { type: 'retrieval' }, 'google', 'wolfram'],
    });
  });

  it('refuses texts over 256, 512 and 32768 characters and a missing model, by message key', () => {
    const base = emptyAssistantForm(['gpt-4']);
    const problems = (values: object) =>
      assistantFormSchema.safeParse({ ...base, ...values }).error?.issues.map((i) => [i.path[0], i.message]);
    expect(
      problems({ name: 'n'.repeat(256), description: 'd'.repeat(512), instructions: 'i'.repeat(32768) }),
    ).toBeUndefined();
    expect(
      problems({
        name: 'n'.repeat(257),
        description: 'd'.repeat(513),
        instructions: 'i'.repeat(32769),
        model: '',
      }),
    ).toEqual([
      ['name', 'com_assistants_name_too_long'],
      ['description', 'com_assistants_description_too_long'],
      ['instructions', 'com_assistants_instructions_too_long'],
      ['model', 'com_assistants_model_required'],
    ]);
  });

  it('labels an assistant by its name, else its id', () => {
    expect(assistantLabel(saved)).toBe('Travel helper');
    expect(assistantLabel({ id: 'asst_2', name: ' ' })).toBe('asst_2');
    expect(assistantLabel({ id: 'asst_3', name: null })).toBe('asst_3');
  });
});
