import type { Generated, Insertable, Selectable } from 'kysely';

/** One message; flags are 0/1 integers, `content` and `files` JSON text. */
export interface MessagesTable {
  message_id: string;
  conversation_id: string;
  user_id: string;
  /** NIL_UUID for a root message. */
  parent_message_id: string;
  sender: string;
  text: Generated<string>;
  content: string | null;
  is_created_by_user: Generated<number>;
  model: string | null;
  endpoint: string | null;
  error: Generated<number>;
  unfinished: Generated<number>;
  is_edited: Generated<number>;
  finish_reason: string | null;
  /** Tokens of `text` (lib/tokens.ts `countTokens`), stored at save time for the budgeted ancestor walk. */
  token_count: Generated<number>;
  files: string | null;
  thread_id: string | null;
  /** What a service that keeps its own thread answered for its next call (JSON; migration 0031), on its replies. */
  service_state: string | null;
  created_at: string;
  updated_at: string;
}
export type MessageRow = Selectable<MessagesTable>;
export type NewMessageRow = Insertable<MessagesTable>;
