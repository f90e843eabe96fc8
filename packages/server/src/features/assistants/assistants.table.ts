import type { Insertable, Selectable } from 'kysely';

/** An assistant: indexed fields as columns, tools, files and metadata as JSON text (shared schemas). */
export interface AssistantsTable {
  id: string;
  user_id: string;
  name: string | null;
  description: string | null;
  instructions: string | null;
  model: string;
  /** The endpoint that served `model` when it was saved. */
  model_endpoint: string;
  /** JSON array of AssistantTool. */
  tools: string;
  /** JSON array of file ids. */
  file_ids: string;
  /** JSON object of strings. */
  metadata: string;
  avatar_file_id: string | null;
  created_at: string;
  updated_at: string;
}
export type AssistantRow = Selectable<AssistantsTable>;
export type NewAssistantRow = Insertable<AssistantsTable>;

/** An action of an assistant: its OpenAPI schema and auth in `metadata` (JSON, secrets as ciphertext). */
export interface AssistantActionsTable {
  action_id: string;
  user_id: string;
  assistant_id: string;
  /** The encoded domain its functions' names carry. */
  domain: string;
  metadata: string;
  created_at: string;
  updated_at: string;
}
export type AssistantActionRow = Selectable<AssistantActionsTable>;

/** A run: one assistants turn, with its status (docs/reference/assistants.md (Runs)). */
export interface AssistantRunsTable {
  id: string;
  user_id: string;
  assistant_id: string;
  conversation_id: string;
  thread_id: string;
  request_message_id: string;
  response_message_id: string;
  status: string;
  model: string;
  instructions: string | null;
  /** JSON `{code, message}` of a failed or expired run. */
  last_error: string | null;
  created_at: string;
  started_at: string | null;
  expires_at: string | null;
  ended_at: string | null;
}
export type AssistantRunRow = Selectable<AssistantRunsTable>;
