import type { AbortPayload } from '@parley/shared';
import { ASSISTANTS_ENDPOINT } from './submission';

/** What Stop posts: the ask path's abort, or the assistants path's. */
export type AbortCall =
  | { route: 'abort'; endpoint: string; payload: AbortPayload }
  | { route: 'assistantChatAbort'; payload: AbortPayload };

/**
 * Stop's call (docs/reference/chat.md (Stopping a reply)): `POST /api/ask/{endpoint}/abort` with the conversation's id;
 * on the assistants endpoint `POST /api/assistants/chat/abort` with `conversationId:messageId`, the reply's id after
 * the colon (docs/reference/assistants.md (Chatting with an assistant)). A reply re-attached after a reload is told by
 * its endpoint too, so its Stop takes the same path.
 */
export function abortCall(endpoint: string, conversationId: string, replyId: string): AbortCall {
  if (endpoint === ASSISTANTS_ENDPOINT) {
    return { route: 'assistantChatAbort', payload: { abortKey: `${conversationId}:${replyId}`, endpoint } };
  }
  return { route: 'abort', endpoint, payload: { abortKey: conversationId, endpoint } };
}
