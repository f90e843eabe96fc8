import { describe, expect, it } from 'vitest';
import type { ContentPart } from '@parley/shared';
import { toolStepMessages, toolStepsText } from './tool-history';

const text = (value: string): ContentPart => ({ type: 'text', text: { value } });
const step = (id: string, expression: string, output: string | null): ContentPart => ({
  type: 'tool_call',
  tool_call: {
    id,
    type: 'function',
    name: 'calculator',
    arguments: JSON.stringify({ expression }),
    output,
    progress: 1,
  },
});

describe('toolStepMessages', () => {
  it('turns each run of steps into the calls and their results, with the text before them, then the last text', () => {
    const parts = [
      text('Let me count. '),
      step('c1', '2+2', '4'),
      step('c2', '3+3', '6'),
      text('Then '),
      step('c3', '4*4', '16'),
      text('Done.'),
    ];
    expect(toolStepMessages(parts)).toEqual([
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Let me count. ' },
          { type: 'tool-call', toolCallId: 'c1', toolName: 'calculator', input: { expression: '2+2' } },
          { type: 'tool-call', toolCallId: 'c2', toolName: 'calculator', input: { expression: '3+3' } },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'c1',
            toolName: 'calculator',
            output: { type: 'text', value: '4' },
          },
          {
            type: 'tool-result',
            toolCallId: 'c2',
            toolName: 'calculator',
            output: { type: 'text', value: '6' },
          },
        ],
      },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Then ' },
          { type: 'tool-call', toolCallId: 'c3', toolName: 'calculator', input: { expression: '4*4' } },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'c3',
            toolName: 'calculator',
            output: { type: 'text', value: '16' },
          },
        ],
      },
      { role: 'assistant', content: 'Done.' },
    ]);
  });

  it('leaves out a step stopped before its output, and images', () => {
    const image: ContentPart = { type: 'image_file', image_file: { file_id: 'f1' } };
    expect(toolStepMessages([step('c1', '1+1', null), image, text('Stopped.')])).toEqual([
      { role: 'assistant', content: 'Stopped.' },
    ]);
  });

  it("counts every step's input and output for the history budget", () => {
    expect(toolStepsText([text('x'), step('c1', '2+2', '4')])).toBe('{"expression":"2+2"}\n4');
    expect(toolStepsText(null)).toBe('');
  });
});
