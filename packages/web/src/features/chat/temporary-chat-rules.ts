/**
 * Whether a new chat on this endpoint can be temporary (docs/reference/conversations.md (Temporary chats)). An
 * assistant's chat is sent to /api/assistants/chat, which keeps its thread as an ordinary conversation, so the switch
 * is not offered there rather than promising a chat that leaves no history.
 */
export function offersTemporaryChat(endpoint: string | null | undefined): boolean {
  return endpoint !== 'assistants';
}
