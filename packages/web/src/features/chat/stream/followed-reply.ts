import type { ChatSyncEvent, Message } from '@parley/shared';

/**
 * The message a reply followed from another window streams into, until its final event replaces it with the saved one
 * (docs/reference/chat.md (Following a reply from another window)): the server's reply id, under the question the feed
 * named, empty, and unfinished as the server holds it while it runs.
 */
export function followedPlaceholder(event: ChatSyncEvent): Message {
  return {
    messageId: event.responseMessageId,
    conversationId: event.conversationId,
    parentMessageId: event.requestMessageId,
    sender: event.sender,
    text: '',
    isCreatedByUser: false,
    endpoint: event.endpoint,
    error: false,
    unfinished: true,
    // No date: the tree sorts an undated message last among its siblings, as the newest (message-tree.ts).
    createdAt: '',
    updatedAt: '',
  };
}
