import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { Tool, ToolContext } from './tool';
import { ToolError } from './tool';
import { capOutput, runToolCall, TOOL_ERROR_PREFIX } from './tool-runner';

const context = (signal = new AbortController().signal): ToolContext => ({
  userId: 'u1',
  signal,
  auth: {},
  userGiven: new Set(),
  fetch: () => Promise.reject(new Error('no network in this test')),
  guardedFetch: () => Promise.reject(new Error('no network in this test')),
  progress: () => {},
  saveFile: () => Promise.reject(new Error('no file storage in this test')),
});

const add: Tool<{ a: number; b: number }> = {
  key: 'add',
  description: 'Adds two numbers.',
  input: z.object({ a: z.number(), b: z.number() }),
  run: async ({ a, b }) => ({ output: String(a + b) }),
};

/** A tool that answers only when its signal aborts (then throws), or never when it ignores the signal. */
const waiting = (honoursSignal: boolean): Tool => ({
  key: 'wait',
  description: 'Waits.',
  input: z.object({}),
  run: (_input, ctx) =>
    new Promise((_resolve, reject) => {
      if (honoursSignal) ctx.signal.addEventListener('abort', () => reject(new Error('stopped')));
    }),
});

afterEach(() => vi.useRealTimers());

describe('runToolCall', () => {
  it("runs the tool with its checked input, from the model's JSON text or an object", async () => {
    let clock = 1_000;
    const now = () => (clock += 5);
    expect(await runToolCall(add, '{"a":2,"b":3}', context(), { now })).toEqual({
      output: '5',
      parts: [],
      status: 'done',
      durationMs: 5,
    });
    expect((await runToolCall(add, { a: 1, b: 1 }, context())).output).toBe('2');
  });

  it('answers bad input as a failed step the model can read, without running the tool', async () => {
    const run = vi.fn(add.run);
    const tool = { ...add, run };
    expect(await runToolCall(tool, '{"a":2', context())).toMatchObject({
      status: 'failed',
      output: `${TOOL_ERROR_PREFIX} add: invalid input: the arguments are not JSON`,
    });
    const wrongType = await runToolCall(tool, { a: 'two', b: 3 }, context());
    expect(wrongType.status).toBe('failed');
    expect(wrongType.output).toMatch(/^error processing tool add: invalid input: a: /);
    expect(run).not.toHaveBeenCalled();
  });

  it('keeps the passages a tool cites, for the step to show as its sources', async () => {
    const citations = [{ fileId: 'f1', filename: '手册.pdf', where: 'page 2', text: '办公室九点开门。' }];
    const citing: Tool = { ...add, key: 'cite', run: async () => ({ output: '[1] 手册.pdf', citations }) };
    expect(await runToolCall(citing, { a: 1, b: 2 }, context())).toMatchObject({
      status: 'done',
      output: '[1] 手册.pdf',
      citations,
    });
    expect(await runToolCall(add, { a: 1, b: 2 }, context())).not.toHaveProperty('citations');
  });

  it('turns a throw into a failed step with its message; the run goes on', async () => {
    const broken: Tool = {
      ...add,
      key: 'broken',
      run: () => Promise.reject(new ToolError('SEARXNG_INSTANCE_URL is not set')),
    };
    expect(await runToolCall(broken, { a: 1, b: 2 }, context())).toMatchObject({
      status: 'failed',
      output: 'error processing tool broken: SEARXNG_INSTANCE_URL is not set',
      parts: [],
    });
  });

  it('stops a tool at the time limit, even one that ignores its signal', async () => {
    vi.useFakeTimers();
    for (const honours of [true, false]) {
      const pending = runToolCall(waiting(honours), {}, context(), { timeoutMs: 2_000 });
      await vi.advanceTimersByTimeAsync(1_999);
      let settled = false;
      void pending.then(() => (settled = true));
      await vi.advanceTimersByTimeAsync(0);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await pending).toMatchObject({
        status: 'failed',
        output: 'error processing tool wait: no answer within 2 s',
      });
    }
  });

  it("throws the reply's own stop instead of making it a step, and tells the tool", async () => {
    const stop = new AbortController();
    let toldTool = false;
    const tool: Tool = {
      ...waiting(true),
      run: (_input, ctx) =>
        new Promise((_resolve, reject) =>
          ctx.signal.addEventListener('abort', () => ((toldTool = true), reject(new Error('stopped')))),
        ),
    };
    const pending = runToolCall(tool, {}, context(stop.signal));
    stop.abort(new Error('the user stopped the reply'));
    await expect(pending).rejects.toThrow('the user stopped the reply');
    expect(toldTool).toBe(true);
  });

  it('caps what reaches the model, saying how much was cut', async () => {
    const long: Tool = { ...add, key: 'long', run: async () => ({ output: 'x'.repeat(50) }) };
    expect((await runToolCall(long, { a: 0, b: 0 }, context(), { maxOutputChars: 20 })).output).toBe(
      `${'x'.repeat(20)}\n[output cut: 30 more characters]`,
    );
  });
});

describe('capOutput', () => {
  it('cuts at a line break near the limit, else at the limit', () => {
    const lines = `${'a'.repeat(9)}\n${'b'.repeat(9)}\n${'c'.repeat(9)}`;
    expect(capOutput(lines, 22)).toBe(`${'a'.repeat(9)}\n${'b'.repeat(9)}\n[output cut: 10 more characters]`);
    expect(capOutput('abc', 3)).toBe('abc');
    expect(capOutput('x'.repeat(10), 4)).toBe('xxxx\n[output cut: 6 more characters]');
  });
});

describe("a tool's own time limit", () => {
  afterEach(() => vi.useRealTimers());

  it('replaces the default when the tool sets one, and a call option replaces both', async () => {
    vi.useFakeTimers();
    const slow: Tool = { ...waiting(true), timeoutMs: 5_000 };
    const pending = runToolCall(slow, {}, context());
    let settled = false;
    void pending.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(4_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await pending).output).toBe('error processing tool wait: no answer within 5 s');
    const shorter = runToolCall(slow, {}, context(), { timeoutMs: 100 });
    await vi.advanceTimersByTimeAsync(100);
    expect((await shorter).output).toBe('error processing tool wait: no answer within 0.1 s');
  });
});
