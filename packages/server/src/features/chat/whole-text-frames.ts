import type { ChatContentEvent, ChatTextEvent, ChatWholeTextEvent } from '@parley/shared';
import { isTextDelta, type StoredEvent } from '../generation/job-store';
import type { TurnReply } from './chat-turn';

/** Turns a stored event's body into the one a client receives. */
export type FrameShaper = (event: StoredEvent) => string;

/**
 * A tool step as LibreChat's Plugins client shows it (a frame's `plugins`): running while `loading`, the input it
 * was given, the tool's name as `latest`, and the output once it ended.
 */
export interface ClientPluginStep {
  loading: boolean;
  inputs: { tool: string; toolInput: string; log: string }[];
  latest: string;
  outputs: string | null;
}

/**
 * Frames for a client that did not ask for deltas (docs/reference/chat.md (Stream frames)): each text delta becomes
 * the reply's whole text so far, starting from what the reply already held (a continue's earlier text), with the
 * ids that place it and `initial` on the first. A tool step (docs/reference/tools.md (A reply that uses tools)) becomes
 * a frame of the same kind that also carries every step so far as `plugins`, the form the Plugins client draws.
 * Created, other content, final and error events pass as they are. The cost (one parse of each delta, frames that grow
 * with the reply) falls on these connections only.
 */
export function wholeTextFrames(conversationId: string, reply: TurnReply): FrameShaper {
  let text = reply.baseText;
  let first = true;
  const steps = new Map<string, ClientPluginStep>();
  const frame = (extra: { plugins?: ClientPluginStep[] } = {}) => {
    const body: ChatWholeTextEvent & { plugins?: ClientPluginStep[] } = {
      message: true,
      text,
      messageId: reply.messageId,
      parentMessageId: reply.parentMessageId,
      conversationId,
      ...(first ? { initial: true as const } : {}),
      ...extra,
    };
    first = false;
    return JSON.stringify(body);
  };
  return (event) => {
    if (isTextDelta(event)) {
      text += (JSON.parse(event.data) as ChatTextEvent).text;
      return frame(steps.size > 0 ? { plugins: [...steps.values()] } : {});
    }
    if (event.kind !== 'part') return event.data;
    const part = JSON.parse(event.data) as ChatContentEvent;
    if (part.type !== 'tool_call') return event.data;
    const call = part.tool_call;
    steps.set(call.id, {
      loading: (call.progress ?? 0) < 1,
      inputs: [{ tool: call.name ?? '', toolInput: call.arguments ?? '', log: '' }],
      latest: call.name ?? '',
      outputs: call.output ?? null,
    });
    return frame({ plugins: [...steps.values()] });
  };
}
