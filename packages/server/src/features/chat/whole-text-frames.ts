import type { ChatTextEvent, ChatWholeTextEvent } from '@parley/shared';
import { isTextDelta, type StoredEvent } from '../generation/job-store';
import type { TurnReply } from './chat-turn';

/** Turns a stored event's body into the one a client receives. */
export type FrameShaper = (event: StoredEvent) => string;

/**
 * Frames for a client that did not ask for deltas (docs/reference/chat.md (Stream frames)): each text delta becomes
 * the reply's whole text so far, starting from what the reply already held (a continue's earlier text), with the
 * ids that place it and `initial` on the first. Created, content, final and error events pass as they are. The
 * cost (one parse of each delta, frames that grow with the reply) falls on these connections only.
 */
export function wholeTextFrames(conversationId: string, reply: TurnReply): FrameShaper {
  let text = reply.baseText;
  let first = true;
  return (event) => {
    if (!isTextDelta(event)) return event.data;
    text += (JSON.parse(event.data) as ChatTextEvent).text;
    const frame: ChatWholeTextEvent = {
      message: true,
      text,
      messageId: reply.messageId,
      parentMessageId: reply.parentMessageId,
      conversationId,
      ...(first ? { initial: true as const } : {}),
    };
    first = false;
    return JSON.stringify(frame);
  };
}
