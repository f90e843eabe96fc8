import type { TextStreamPart, ToolSet } from 'ai';

/** Any streamText result, whatever its tools: only the stream of parts is read. */
type StreamResult<TOOLS extends ToolSet> = { stream: AsyncIterable<TextStreamPart<TOOLS>> };

export interface Drained {
  text: string;
  errors: unknown[];
  toolCalls: { toolName: string; input: unknown }[];
  usage: { inputTokens: number | undefined; outputTokens: number | undefined } | undefined;
  /** ms from `startedAt` to the first text delta, and to the end of the stream. */
  firstDeltaMs: number | undefined;
  totalMs: number;
}

/** Reads a whole SDK stream, turning both error parts and thrown stream failures into `errors`. */
export async function drain<TOOLS extends ToolSet>(
  result: StreamResult<TOOLS>,
  startedAt = performance.now(),
): Promise<Drained> {
  const out: Drained = {
    text: '',
    errors: [],
    toolCalls: [],
    usage: undefined,
    firstDeltaMs: undefined,
    totalMs: 0,
  };
  try {
    for await (const part of result.stream) {
      if (part.type === 'text-delta') {
        out.firstDeltaMs ??= performance.now() - startedAt;
        out.text += part.text;
      } else if (part.type === 'error') {
        out.errors.push(part.error);
      } else if (part.type === 'tool-call') {
        out.toolCalls.push({ toolName: part.toolName, input: part.input });
      } else if (part.type === 'finish') {
        out.usage = { inputTokens: part.totalUsage.inputTokens, outputTokens: part.totalUsage.outputTokens };
      }
    }
  } catch (error) {
    out.errors.push(error);
  }
  out.totalMs = performance.now() - startedAt;
  return out;
}

/** The prompt-side way to script a reply, as a user (or a test through the whole app) would. */
export const directive = (script: unknown, text = 'Hello') => `${text} [[sim ${JSON.stringify(script)}]]`;
