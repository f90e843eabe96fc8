import type * as Ai from 'ai';
import type { ProviderModel, ReplyCall, ReplyPart, ToolSpec } from './provider.types';

type AiModule = typeof Ai;

let ai: Promise<AiModule> | null = null;

/** The AI SDK, imported once on first use (titles and the SDK streams share it). */
export const loadAi = (): Promise<AiModule> => (ai ??= import('ai'));

/**
 * A reply through the AI SDK's streamText (Anthropic and Google, whose streams are not Chat Completions).
 * The SDK is imported on first use, so a server that never calls these providers never loads it.
 */
export async function* streamWithSdk(model: ProviderModel, call: ReplyCall): AsyncGenerator<ReplyPart> {
  const sdk = await loadAi();
  const result = sdk.streamText({
    model,
    ...call.settings,
    ...call.prompt,
    ...(call.tools?.length ? { tools: sdkTools(sdk, call.tools) } : {}),
    abortSignal: call.signal,
    maxRetries: 0,
    // Failures arrive as `error` parts and are thrown below; the default would log them again.
    onError: () => {},
  });
  for await (const part of result.fullStream) {
    if (part.type === 'text-delta') yield { type: 'text', text: part.text };
    else if (part.type === 'tool-call') {
      yield { type: 'tool-call', id: part.toolCallId, name: part.toolName, input: part.input };
    } else if (part.type === 'finish') {
      const { inputTokens, outputTokens } = part.totalUsage;
      const usage =
        inputTokens !== undefined && outputTokens !== undefined
          ? { usage: { promptTokens: inputTokens, completionTokens: outputTokens } }
          : {};
      yield { type: 'finish', finishReason: part.finishReason, ...usage };
    } else if (part.type === 'error') throw part.error;
  }
}

/**
 * The offered tools as the SDK takes them: described by their JSON Schema, with no `execute`, so the SDK hands each
 * call back instead of running it (Parley's tool runner runs it, then the next step is a new call).
 */
export function sdkTools(sdk: AiModule, tools: readonly ToolSpec[]): Ai.ToolSet {
  return Object.fromEntries(
    tools.map((spec) => [
      spec.name,
      sdk.tool({ description: spec.description, inputSchema: sdk.jsonSchema(spec.inputSchema) }),
    ]),
  );
}
