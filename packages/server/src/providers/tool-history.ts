import type { ModelMessage } from 'ai';
import type { ContentPart } from '@parley/shared';

type ToolCallPart = Extract<ContentPart, { type: 'tool_call' }>['tool_call'];

/**
 * An earlier reply that used tools, as the messages its model calls made
 * (docs/reference/tools.md (A reply that uses tools)): each run of tool steps becomes the assistant's text so far with its tool calls, then the tool results;
 * the text after the last step is the assistant's last message. Parts that are not text or steps (an image) are the
 * user's to see, not the model's. A step still without output (the reply stopped while it ran) is left out.
 */
export function toolStepMessages(parts: readonly ContentPart[]): ModelMessage[] {
  const messages: ModelMessage[] = [];
  let text = '';
  let calls: ToolCallPart[] = [];
  const flushCalls = () => {
    if (calls.length === 0) return;
    messages.push(
      {
        role: 'assistant',
        content: [
          ...(text ? [{ type: 'text' as const, text }] : []),
          ...calls.map((call) => ({
            type: 'tool-call' as const,
            toolCallId: call.id,
            toolName: call.name ?? '',
            input: parseArguments(call.arguments),
          })),
        ],
      },
      {
        role: 'tool',
        content: calls.map((call) => ({
          type: 'tool-result' as const,
          toolCallId: call.id,
          toolName: call.name ?? '',
          output: { type: 'text' as const, value: call.output ?? '' },
        })),
      },
    );
    text = '';
    calls = [];
  };
  for (const part of parts) {
    if (part.type === 'tool_call') {
      if (part.tool_call.output != null) calls.push(part.tool_call);
    } else if (part.type === 'text') {
      flushCalls();
      text += part.text.value;
    }
  }
  flushCalls();
  if (text) messages.push({ role: 'assistant', content: text });
  return messages;
}

/** A step's input as the model gave it: its JSON arguments, or an empty input when they do not parse. */
function parseArguments(text: string | undefined): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : {};
  } catch {
    return {};
  }
}

/** What a reply's tool steps add to its size in the history budget: every step's input and output. */
export function toolStepsText(parts: readonly ContentPart[] | null | undefined): string {
  return (parts ?? [])
    .flatMap((part) =>
      part.type === 'tool_call' ? [part.tool_call.arguments ?? '', part.tool_call.output ?? ''] : [],
    )
    .join('\n');
}
