import type { Generated, Insertable, Selectable } from 'kysely';

/** One conversation; its per-endpoint settings are the JSON text `options` (shared `conversationOptionsSchema`). */
export interface ConversationsTable {
  conversation_id: string;
  user_id: string;
  title: Generated<string>;
  endpoint: string;
  endpoint_type: string | null;
  model: string | null;
  /** JSON object of the conversation options (without the columns above). */
  options: Generated<string>;
  /** 1 while archived: out of the list, kept, searchable (docs/reference/conversations.md (Archive)). */
  is_archived: Generated<number>;
  /** When a temporary chat is deleted; null for a kept one (docs/reference/conversations.md (Temporary chats)). */
  expired_at: Generated<string | null>;
  created_at: string;
  updated_at: string;
}
export type ConversationRow = Selectable<ConversationsTable>;
export type NewConversationRow = Insertable<ConversationsTable>;
