import type { Citation, ContentPart } from '@parley/shared';
import type { Tool, ToolContext } from './tool';

/**
 * The words a failed step's output starts with: the web marks a step whose output holds them as failed
 * (docs/reference/tools.md (Running a tool)).
 */
export const TOOL_ERROR_PREFIX = 'error processing tool';

/** Defaults for one tool call (docs/reference/tools.md (Running a tool)). */
export const TOOL_CALL_DEFAULTS = {
  /** A tool that takes longer is stopped and its step fails; the reply goes on. */
  timeoutMs: 60_000,
  /** What reaches the model of an output; the rest is cut with a note. */
  maxOutputChars: 20_000,
} as const;

export interface ToolCallOptions {
  timeoutMs?: number;
  maxOutputChars?: number;
  /** The clock the step's duration is read from (tests). */
  now?: () => number;
}

/** A step's outcome: what goes back to the model, what the reply shows, and how it went. */
export interface ToolCallOutcome {
  output: string;
  parts: ContentPart[];
  status: 'done' | 'failed';
  durationMs: number;
  /**
   * The passages `output` quotes, numbered as in it (a retrieval's), when the tool gave them; the step's part shows
   * them as the reply's sources. A tool that cites keeps its output under the cap, so no cited passage is cut off.
   */
  citations?: Citation[];
}

/**
 * Runs one tool call of a model: parses and checks its input against the tool's schema, runs it within the time
 * limit, and caps its output. Whatever goes wrong in the tool (bad input, a throw, the time limit) becomes a failed
 * step whose output says so, for the model to read and go on; only the reply's own stop (`ctx.signal`) is thrown,
 * since then nothing goes on.
 */
export async function runToolCall(
  tool: Tool,
  rawInput: unknown,
  ctx: ToolContext,
  options: ToolCallOptions = {},
): Promise<ToolCallOutcome> {
  const timeoutMs = options.timeoutMs ?? tool.timeoutMs ?? TOOL_CALL_DEFAULTS.timeoutMs;
  const maxOutputChars = options.maxOutputChars ?? TOOL_CALL_DEFAULTS.maxOutputChars;
  const now = options.now ?? Date.now;
  const started = now();
  const outcome = (
    output: string,
    parts: ContentPart[],
    status: ToolCallOutcome['status'],
  ): ToolCallOutcome => ({
    output: capOutput(output, maxOutputChars),
    parts,
    status,
    durationMs: now() - started,
  });

  const input = parseInput(tool, rawInput);
  if (!input.ok) return outcome(failure(tool.key, `invalid input: ${input.reason}`), [], 'failed');
  // A timer of this process (not AbortSignal.timeout), so the limit follows the clock tests move.
  const limit = new AbortController();
  const timer = setTimeout(() => limit.abort(new Error('time limit')), timeoutMs);
  const signal = AbortSignal.any([ctx.signal, limit.signal]);
  try {
    const result = await untilAborted(tool.run(input.value, { ...ctx, signal }), signal);
    const done = outcome(result.output, result.parts ?? [], 'done');
    return result.citations ? { ...done, citations: result.citations } : done;
  } catch (error) {
    if (ctx.signal.aborted) throw ctx.signal.reason ?? error;
    const reason = limit.signal.aborted
      ? `no answer within ${formatSeconds(timeoutMs)}`
      : error instanceof Error
        ? error.message
        : String(error);
    return outcome(failure(tool.key, reason), [], 'failed');
  } finally {
    clearTimeout(timer);
  }
}

/** The output of a failed step: the marker words, the tool, and why. */
export const failure = (key: string, reason: string): string => `${TOOL_ERROR_PREFIX} ${key}: ${reason}`;

type Parsed = { ok: true; value: unknown } | { ok: false; reason: string };

/** A model sends arguments as JSON text (OpenAI) or as an object (Anthropic, Google, the AI SDK): both are read. */
function parseInput(tool: Tool, raw: unknown): Parsed {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = raw.trim() === '' ? {} : (JSON.parse(raw) as unknown);
    } catch {
      return { ok: false, reason: 'the arguments are not JSON' };
    }
  }
  const checked = tool.input.safeParse(value);
  if (checked.success) return { ok: true, value: checked.data };
  const issue = checked.error.issues[0];
  const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
  return { ok: false, reason: `${where}${issue?.message ?? 'not accepted'}` };
}

/**
 * Settles with the tool's promise, or rejects as soon as the signal aborts: a tool that ignores its signal cannot
 * hold the reply past its time limit or a stop (its late result is dropped).
 */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => (signal.removeEventListener('abort', onAbort), resolve(value)),
      (error: unknown) => (signal.removeEventListener('abort', onAbort), reject(error as Error)),
    );
  });
}

/** Cuts an output to `max` characters, at a line break when one is near, and says how much was left out. */
export function capOutput(output: string, max: number): string {
  if (output.length <= max) return output;
  const cut = output.lastIndexOf('\n', max);
  const end = cut > max * 0.8 ? cut : max;
  return `${output.slice(0, end)}\n[output cut: ${output.length - end} more characters]`;
}

const formatSeconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;
