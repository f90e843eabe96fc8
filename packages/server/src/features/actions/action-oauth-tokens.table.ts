import type { Insertable, Selectable } from 'kysely';

/**
 * A user's OAuth tokens for one action (0025-action-oauth). `access_token` and `refresh_token` are lib/crypto
 * ciphertext bound to the user, action and field, never the tokens themselves.
 */
export interface ActionOAuthTokensTable {
  user_id: string;
  action_id: string;
  access_token: string;
  refresh_token: string | null;
  token_type: string | null;
  scope: string | null;
  /** ISO time the access token stops working; null when the provider gave no lifetime. */
  expires_at: string | null;
  created_at: string;
  updated_at: string;
}
export type ActionOAuthTokenRow = Selectable<ActionOAuthTokensTable>;
export type NewActionOAuthTokenRow = Insertable<ActionOAuthTokensTable>;
