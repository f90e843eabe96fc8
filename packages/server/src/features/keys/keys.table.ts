import type { Insertable, Selectable } from 'kysely';

/** One provider key a user supplied; `value` is `lib/crypto` ciphertext, never the key itself. */
export interface UserKeysTable {
  user_id: string;
  /** The endpoint name it is for (gptPlugins is stored as openAI). */
  name: string;
  value: string;
  /** ISO-8601 UTC; null means it never expires. */
  expires_at: string | null;
  created_at: string;
  updated_at: string;
}
export type UserKeyRow = Selectable<UserKeysTable>;
export type NewUserKeyRow = Insertable<UserKeysTable>;
