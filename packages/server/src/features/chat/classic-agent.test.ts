import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../providers/provider.types';
import { classicInstructions, createFinalAnswerFilter, readClassicAction } from './classic-agent';

// docs/reference/tools.md (The agent's settings): the classic agent's line format, read from what a model writes.

const calculator: ToolSpec = {
  name: 'calculator',
  description: 'Evaluates a maths expression.',
  inputSchema: { type: 'object', properties: { expression: { type: 'string' } }, required: ['expression'] },
};
const search: ToolSpec = {
  name: 'google',
  description: 'Searches the web.',
  inputSchema: { type: 'object', properties: { query: { type: 'string' }, count: { type: 'number' } } },
};
const specs = [calculator, search];

describe('the classic agent', () => {
  it('names every tool, its description and input in the instructions', () => {
    const text = classicInstructions(specs);
    expect(text).toContain('- calculator: Evaluates a maths expression.');
    expect(text).toContain(JSON.stringify(search.inputSchema));
    expect(text).toContain('Action Input:');
    expect(text).toContain('Final Answer:');
  });

  it('reads an action with a JSON input, in a code fence or not, and cuts an observation the model made up', () => {
    expect(
      readClassicAction('Thought: hm\nAction: google\nAction Input: {"query": "tea", "count": 3}', specs),
    ).toEqual({
      name: 'google',
      input: { query: 'tea', count: 3 },
      text: 'Thought: hm\nAction: google\nAction Input: {"query": "tea", "count": 3}',
    });
    const fenced =
      'Action: google\nAction Input: ```json\n{"query": "tea"}\n```\nObservation: made up\nFinal Answer: no';
    expect(readClassicAction(fenced, specs)).toEqual({
      name: 'google',
      input: { query: 'tea' },
      text: 'Action: google\nAction Input: ```json\n{"query": "tea"}\n```',
    });
  });

  it('makes a bare value the field of a one-field tool, and leaves it as written for others', () => {
    expect(readClassicAction('Action: calculator\nAction Input: 6 * 7', specs)?.input).toEqual({
      expression: '6 * 7',
    });
    expect(readClassicAction('Action: calculator\nAction Input: "6 * 7"', specs)?.input).toEqual({
      expression: '6 * 7',
    });
    expect(readClassicAction('Action: google\nAction Input: tea', specs)?.input).toBe('tea');
    expect(readClassicAction('Action: nothing\nAction Input: 1', specs)?.input).toBe(1);
  });

  it('reads no action from a final answer or from plain text', () => {
    expect(readClassicAction('Action: calculator\nAction Input: 1\nFinal Answer: 1', specs)).toBeNull();
    expect(readClassicAction('Just an answer.', specs)).toBeNull();
    expect(readClassicAction('Action: calculator', specs)).toBeNull();
  });

  it('shows nothing until "Final Answer:", even split across deltas, then the answer as it streams', () => {
    const filter = createFinalAnswerFilter(specs);
    expect(['Thought: done.\nFinal An', 'swer:', ' It is', ' 42.'].map((d) => filter.push(d))).toEqual([
      '',
      '',
      'It is',
      ' 42.',
    ]);
    expect(filter.end()).toEqual({ action: null, rest: '' });
  });

  it('hides an action, and shows a message with neither marker whole at its end', () => {
    const acting = createFinalAnswerFilter(specs);
    expect(acting.push('Action: calculator\nAction Input: {"expression": "1+1"}')).toBe('');
    expect(acting.end()).toMatchObject({ action: { name: 'calculator' }, rest: '' });
    const plain = createFinalAnswerFilter(specs);
    expect(plain.push('  Hello')).toBe('');
    expect(plain.push(' there.')).toBe('');
    expect(plain.end()).toEqual({ action: null, rest: 'Hello there.' });
  });
});
