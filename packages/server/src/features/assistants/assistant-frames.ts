import type { ChatContentEvent, ChatTextEvent } from '@parley/shared';
import { isTextDelta, type StoredEvent } from '../generation/job-store';
import type { FrameShaper } from '../chat/whole-text-frames';
import type { TurnReply } from '../chat/chat-turn';

/**
 * An assistant's stream for a client that did not ask for deltas (LibreChat's; docs/reference/librechat-clients.md):
 * its text comes as typed `text` content events, each holding the whole text of the part it writes so far
 * (`stream: true`) at that part's index, so a reply with tool steps between its texts keeps them in order. Tool steps,
 * images, created, final and errors pass as they are: they are typed content events already.
 */
export function assistantFrames(conversationId: string, reply: TurnReply, threadId: string): FrameShaper {
  // Where the reply's next text part goes: after what a continued reply already holds.
  let index = Math.max(0, (reply.baseContent?.length ?? 0) - 1);
  let text = reply.baseContent ? '' : reply.baseText;
  let afterPart = reply.baseContent !== undefined && reply.baseContent.length > 0;
  return (event: StoredEvent) => {
    if (isTextDelta(event)) {
      if (afterPart) {
        index += 1;
        text = '';
        afterPart = false;
      }
      text += (JSON.parse(event.data) as ChatTextEvent).text;
      return JSON.stringify({
        type: 'text',
        text,
        index,
        messageId: reply.messageId,
        conversationId,
        thread_id: threadId,
        stream: true,
      });
    }
    if (event.kind === 'part') {
      const part = JSON.parse(event.data) as ChatContentEvent;
      index = Math.max(index, part.index);
      afterPart = true;
      return JSON.stringify({ ...part, thread_id: threadId });
    }
    return event.data;
  };
}
