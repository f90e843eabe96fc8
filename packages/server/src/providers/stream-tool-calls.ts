import type { LanguageModelV4StreamPart, LanguageModelV4ToolCall } from '@ai-sdk/provider';
import { StreamingToolCallTracker, type StreamingToolCallDelta } from '@ai-sdk/provider-utils';
import type * as Ai from 'ai';
import { parseToolCall, prepareToolChoice, prepareTools } from 'ai/internal';
import type { ProviderFamily, ReplyPart, ToolSpec } from './provider.types';
import { loadAi, sdkTools } from './sdk-stream';

/** The offered tools as the SDK's call options carry them, and as its parser checks the model's calls against. */
export interface OfferedTools {
  set: Ai.ToolSet;
  /** For the adapter's doStream: the tools in the SDK's language-model form, and the default choice (auto). */
  callOptions: {
    tools: Awaited<ReturnType<typeof prepareTools>>;
    toolChoice: ReturnType<typeof prepareToolChoice>;
  };
}

/**
 * The tools of a call, prepared as streamText prepares them (prepareTools, prepareToolChoice), so the adapter
 * writes the same `tools` and `tool_choice` into the request body.
 */
export async function offeredTools(specs: readonly ToolSpec[]): Promise<OfferedTools> {
  const set = sdkTools(await loadAi(), specs);
  return {
    set,
    callOptions: {
      tools: await prepareTools({ tools: set }),
      toolChoice: prepareToolChoice({ toolChoice: undefined }),
    },
  };
}

/**
 * The model's tool calls in a Chat Completions stream, read as the AI SDK reads them
 * (docs/reference/tools.md (The tool interface)): the SDK's own tracker joins each call's deltas (by index, id or
 * name, as its OpenAI and OpenAI-compatible adapters do), and the SDK's parseToolCall parses each input against the
 * offered tools, so a call of a tool not offered, or with input that is not JSON, comes back as streamText would hand
 * it back (the name as called; the input as text when it does not parse), for the step loop to answer as a failed step.
 */
export function createToolCallReader(tools: OfferedTools, family: ProviderFamily, signal: AbortSignal) {
  const calls: LanguageModelV4ToolCall[] = [];
  const tracker = new StreamingToolCallTracker(
    {
      enqueue: (part: LanguageModelV4StreamPart) => {
        if (part.type === 'tool-call') calls.push(part);
      },
    },
    // The OpenAI adapter (OpenAI, Azure) refuses a call whose type is not `function`; the compatible one does not look.
    { typeValidation: family === 'custom' ? 'none' : 'if-present' },
  );
  return {
    /** One chunk's `delta.tool_calls`. */
    add(deltas: readonly unknown[]): void {
      for (const delta of deltas) {
        if (delta !== null && typeof delta === 'object')
          tracker.processDelta(delta as StreamingToolCallDelta);
      }
    },
    /** After the stream's last chunk: every call, whole, its input parsed. */
    async *finish(): AsyncGenerator<ReplyPart> {
      tracker.flush();
      for (const call of calls) {
        const parsed = await parseToolCall({
          toolCall: call,
          tools: tools.set,
          repairToolCall: undefined,
          instructions: undefined,
          messages: [],
          abortSignal: signal,
        });
        yield { type: 'tool-call', id: parsed.toolCallId, name: parsed.toolName, input: parsed.input };
      }
    },
  };
}
