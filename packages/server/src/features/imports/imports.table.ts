import type { Selectable } from 'kysely';
import type { ImportStatus } from '@parley/shared';

/** An import job (migration 0030); its owner polls it. Timestamps are ISO strings. */
export interface ConversationImportsTable {
  import_id: string;
  user_id: string;
  status: ImportStatus;
  /** Where the uploaded file waits for the job (the app's storage at upload time), deleted when the job ends. */
  storage_source: string;
  storage_key: string;
  total_bytes: number;
  bytes_read: number;
  /** Conversations written so far. */
  conversations: number;
  error: string | null;
  created_at: string;
  updated_at: string;
}
export type ConversationImportRow = Selectable<ConversationImportsTable>;

/** A conversation a job wrote, written in the same transaction as the conversation: what a failure removes. */
export interface ConversationImportItemsTable {
  import_id: string;
  conversation_id: string;
}
