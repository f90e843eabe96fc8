import { describe, expect, it } from 'vitest';
import { isFailedOutput, prettyArguments, toolDisplayName, toolStepState } from './tool-step-display';

const store = [
  { pluginKey: 'calculator', name: 'Calculator' },
  { pluginKey: 'fetch_mcp_web', name: 'fetch (web)' },
];

describe('toolDisplayName', () => {
  it("uses the store's name for a listed plugin", () => {
    expect(toolDisplayName('calculator', store)).toBe('Calculator');
    expect(toolDisplayName('fetch_mcp_web', store)).toBe('fetch (web)');
  });

  it('names an unlisted MCP tool "{tool} ({server})", splitting at the last delimiter', () => {
    expect(toolDisplayName('read_file_mcp_files', [])).toBe('read_file (files)');
    expect(toolDisplayName('a_mcp_b_mcp_srv', [])).toBe('a_mcp_b (srv)');
  });

  it('falls back to the key, and to nothing without one', () => {
    expect(toolDisplayName('web_search', store)).toBe('web_search');
    expect(toolDisplayName('_mcp_x', [])).toBe('_mcp_x');
    expect(toolDisplayName('x_mcp_', [])).toBe('x_mcp_');
    expect(toolDisplayName(undefined, store)).toBe('');
  });
});

describe('a step state', () => {
  const call = { id: 'c', type: 'function', name: 'calculator', arguments: '{}' };

  it('is running until it has its output', () => {
    expect(toolStepState({ ...call, output: null, progress: 0 })).toBe('running');
    expect(toolStepState(call)).toBe('running');
  });

  it('is done with an output, failed when the runner marked it', () => {
    expect(toolStepState({ ...call, output: '42', progress: 1 })).toBe('done');
    expect(toolStepState({ ...call, output: '', progress: 1 })).toBe('done');
    expect(
      toolStepState({ ...call, output: 'error processing tool calculator: bad input', progress: 1 }),
    ).toBe('failed');
  });

  it('reads only text outputs as failed', () => {
    expect(isFailedOutput(null)).toBe(false);
    expect(isFailedOutput(undefined)).toBe(false);
    expect(isFailedOutput('The answer is 7')).toBe(false);
    expect(isFailedOutput('error processing tool x: time limit')).toBe(true);
  });
});

describe('prettyArguments', () => {
  it('indents JSON and keeps anything else as it came', () => {
    expect(prettyArguments('{"expression":"6 * 7"}')).toBe('{\n  "expression": "6 * 7"\n}');
    expect(prettyArguments('not json')).toBe('not json');
    expect(prettyArguments(undefined)).toBe('');
  });
});
