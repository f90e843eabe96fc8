import { describe, expect, it } from 'vitest';
import type { ReplyPart, ToolSpec } from './provider.types';
import { createToolCallReader, offeredTools } from './stream-tool-calls';

// The fast path's reading of tool calls hands them back as the AI SDK's streamText does (sdk-stream.ts), including
// the calls the step loop answers as failed steps (tool-steps.ts).

const ADD: ToolSpec = {
  name: 'add',
  description: 'Adds two numbers.',
  inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } } },
};

/** The calls read from chunks of `delta.tool_calls`, one array per chunk. */
async function read(chunks: unknown[][], family: 'openai' | 'custom' = 'openai') {
  const reader = createToolCallReader(await offeredTools([ADD]), family, new AbortController().signal);
  for (const deltas of chunks) reader.add(deltas);
  const parts: ReplyPart[] = [];
  for await (const part of reader.finish()) parts.push(part);
  return parts;
}

const start = (index: number, id: string, name: string, args = '') => ({
  index,
  id,
  type: 'function',
  function: { name, arguments: args },
});
const more = (index: number, args: string) => ({ index, function: { arguments: args } });

describe('tool calls read from a Chat Completions stream', () => {
  it('joins each call from its pieces, parallel calls apart by index, inputs parsed, in index order', async () => {
    const parts = await read([
      [start(0, 'call_a', 'add'), start(1, 'call_b', 'add', '{"a":')],
      [more(0, '{"a":1,'), more(1, '10,"b":20}')],
      [more(0, '"b":2}')],
    ]);
    expect(parts).toEqual([
      { type: 'tool-call', id: 'call_a', name: 'add', input: { a: 1, b: 2 } },
      { type: 'tool-call', id: 'call_b', name: 'add', input: { a: 10, b: 20 } },
    ]);
  });

  it('reads no arguments as an empty input', async () => {
    expect(await read([[start(0, 'call_a', 'add')]])).toEqual([
      { type: 'tool-call', id: 'call_a', name: 'add', input: {} },
    ]);
  });

  it('hands back a call of a tool not offered by its name, and input that is not JSON as its text', async () => {
    const parts = await read([
      [start(0, 'call_a', 'subtract', '{"a":1}'), start(1, 'call_b', 'add', '{"a":')],
    ]);
    expect(parts).toEqual([
      { type: 'tool-call', id: 'call_a', name: 'subtract', input: { a: 1 } },
      { type: 'tool-call', id: 'call_b', name: 'add', input: '{"a":' },
    ]);
  });

  it('refuses a call that is not a function on OpenAI, as its adapter does; a custom endpoint does not look', async () => {
    const odd = { ...start(0, 'call_a', 'add', '{}'), type: 'code' };
    await expect(read([[odd]])).rejects.toThrow("Expected 'function' type.");
    expect(await read([[odd]], 'custom')).toEqual([
      { type: 'tool-call', id: 'call_a', name: 'add', input: {} },
    ]);
  });
});
