import type { Insertable, Selectable } from 'kysely';

/** A share link: who made it, of which conversation, and the title it had then. */
export interface SharedLinksTable {
  share_id: string;
  user_id: string;
  conversation_id: string;
  /** The message the owner named as the branch's end; null: the branch the web showed (see share-branch.ts). */
  target_message_id: string | null;
  title: string;
  created_at: string;
  updated_at: string;
}
export type SharedLinkRow = Selectable<SharedLinksTable>;
export type NewSharedLinkRow = Insertable<SharedLinksTable>;

/** One message of a link's copy, at its place in the branch (0: the first message). Flags are 0/1. */
export interface SharedMessagesTable {
  share_id: string;
  position: number;
  message_id: string;
  parent_message_id: string;
  sender: string;
  text: string;
  content: string | null;
  is_created_by_user: number;
  model: string | null;
  endpoint: string | null;
  error: number;
  unfinished: number;
  is_edited: number;
  finish_reason: string | null;
  files: string | null;
  created_at: string;
  updated_at: string;
}
export type SharedMessageRow = Selectable<SharedMessagesTable>;
