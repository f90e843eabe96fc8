import { describe, expect, it } from 'vitest';
import { endedStep, toolCallPart, type ToolCall, type ToolCallBody } from './tool-call-part';

// docs/reference/messages.md (Content parts): an assistant's step carries OpenAI's nested shape beside the flat fields.

const call = (name: string, input: unknown): ToolCall => ({ type: 'tool-call', id: 'call_1', name, input });
const body = (part: ReturnType<typeof toolCallPart>): ToolCallBody => {
  if (part.type !== 'tool_call') throw new Error('not a tool step');
  return part.tool_call;
};
const image = (fileId: string) => ({
  type: 'image_file' as const,
  image_file: { file_id: fileId, filepath: `/api/files/download/${fileId}` },
});

describe('a tool step part', () => {
  it('keeps the flat fields alone without a kind (the Plugins endpoint)', () => {
    const ran = call('calculator', { expression: '6*7' });
    expect(body(toolCallPart(ran, null))).toEqual({
      id: 'call_1',
      type: 'function',
      name: 'calculator',
      arguments: '{"expression":"6*7"}',
      output: null,
      progress: 0,
    });
    expect(body(toolCallPart(ran, { output: '42', parts: [] }))).toEqual({
      id: 'call_1',
      type: 'function',
      name: 'calculator',
      arguments: '{"expression":"6*7"}',
      output: '42',
      progress: 1,
    });
  });

  it("shows a code interpreter step's code, then its logs and the images it saved", () => {
    const ran = call('code_interpreter', { code: 'print(1)' });
    expect(body(toolCallPart(ran, null, 'code_interpreter'))).toMatchObject({
      type: 'code_interpreter',
      name: 'code_interpreter',
      progress: 0,
      code_interpreter: { input: 'print(1)', outputs: [] },
    });
    const done = body(
      toolCallPart(
        ran,
        { output: '1', parts: [image('f1'), { type: 'text', text: { value: 'x' } }] },
        'code_interpreter',
      ),
    );
    expect(done).toMatchObject({ type: 'code_interpreter', output: '1', progress: 1 });
    expect(done.code_interpreter).toEqual({
      input: 'print(1)',
      outputs: [
        { type: 'logs', logs: '1' },
        { type: 'image', image: { file_id: 'f1' } },
      ],
    });
    // Arguments the model sent as JSON text are read for the code too.
    const asText = body(toolCallPart(call('code_interpreter', '{"code":"x = 2"}'), null, 'code_interpreter'));
    expect(asText.code_interpreter?.input).toBe('x = 2');
  });

  it('shows a retrieval step with its citations, and a function with its name, arguments and output', () => {
    const citations = [{ fileId: 'f1', filename: '季度报告.txt', text: '收入增长了百分之十二' }];
    const found = body(
      toolCallPart(
        call('retrieval', { query: '收入' }),
        { output: '[1] …', parts: [], citations },
        'retrieval',
      ),
    );
    expect(found).toMatchObject({ type: 'retrieval', retrieval: {}, citations, output: '[1] …' });
    const name = 'getForecast_action_127---0---0---1';
    const fn = body(
      toolCallPart(call(name, { city: '杭州' }), { output: '{"t":21}', parts: [] }, 'function'),
    );
    expect(fn).toMatchObject({
      type: 'function',
      name,
      output: '{"t":21}',
      function: { name, arguments: '{"city":"杭州"}', output: '{"t":21}' },
    });
    expect(body(toolCallPart(call(name, {}), null, 'function')).function?.output).toBeNull();
  });

  it('ends a running step with the output that says why, in both shapes', () => {
    const running = body(
      toolCallPart(call('code_interpreter', { code: 'while True: pass' }), null, 'code_interpreter'),
    );
    expect(endedStep(running, 'stopped')).toMatchObject({
      output: 'stopped',
      progress: 1,
      code_interpreter: { input: 'while True: pass', outputs: [{ type: 'logs', logs: 'stopped' }] },
    });
    const fn = body(toolCallPart(call('calculator', {}), null, 'function'));
    expect(endedStep(fn, 'stopped').function?.output).toBe('stopped');
    const flat = body(toolCallPart(call('calculator', {}), null));
    expect(endedStep(flat, 'stopped')).toEqual({ ...flat, output: 'stopped', progress: 1 });
  });
});
